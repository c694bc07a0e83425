/*
 * messages.c - one place that formats what the tool says on stderr.
 */
#include <stdarg.h>
#include <stdio.h>

#include "common/messages.h"

const char *cli_program = "nqueens";
const char *cli_command = NULL;

static void vsay(const char *prefix, const char *fmt, va_list ap)
    CLI_PRINTF(2, 0);

static void vsay(const char *prefix, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: %s", cli_program, prefix);
    vfprintf(stderr, fmt, ap);
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay("error: ", fmt, ap);
    va_end(ap);
    if (cli_command != NULL)
        fprintf(stderr, " (try '%s %s --help')\n", cli_program, cli_command);
    else
        fprintf(stderr, " (try '%s --help')\n", cli_program);
    return EXIT_USAGE;
}

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay("error: ", fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

void cli_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay("", fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
