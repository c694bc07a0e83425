/*
 * main.c - the nqueens tool: picks the command named by the first argument,
 * or runs the teaching texts' program (`nqueens [N]`) when none is named.
 * A word where a command may stand is a command, `help`, or a mistake that
 * gets the closest command as a suggestion; anything else (a number, an
 * option) goes to `nqueens [N]`.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "common/messages.h"
#include "common/parse.h"
#include "common/std_fds.h"

struct command {
    const char *name;                  /* the word after `nqueens` */
    int (*run)(int argc, char **argv); /* argv[0] is the command's name */
};

static const struct command commands[] = {{"solve", cmd_solve},
                                          {"count", cmd_count},
                                          {"trace", cmd_trace},
                                          {"bench", cmd_bench},
                                          {"complete", cmd_complete},
                                          {"find", cmd_find},
                                          {"verify", cmd_verify},
                                          {"status", cmd_status},
                                          {"merge", cmd_merge},
                                          {"audit", cmd_audit},
                                          {NULL, NULL}};

static const struct command *command_named(const char *name)
{
    for (const struct command *c = commands; c->name != NULL; c++) {
        if (strcmp(name, c->name) == 0)
            return c;
    }
    return NULL;
}

/* Edits (insert, delete, replace a letter) from a to b, capped at 3: the
 * names are short, so two rows of a small table do. */
static int edit_distance(const char *a, const char *b)
{
    enum { LONGEST = 16 };
    size_t la = strlen(a), lb = strlen(b);
    if (la > LONGEST || lb > LONGEST)
        return 3;
    int row[LONGEST + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int above = row[j];
            int best = diagonal + (a[i - 1] != b[j - 1]);
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[lb] < 3 ? row[lb] : 3;
}

/* How far `word` is from the name: 1 if it begins it, else the edits. */
static int name_distance(const char *word, const char *name)
{
    return strncmp(name, word, strlen(word)) == 0 ? 1
                                                  : edit_distance(word, name);
}

/* The command (or `help`, if `or_help`) that `word` was most likely meant
 * to be: one it begins, or one within two edits; NULL if none is that
 * close. */
static const char *closest_command(const char *word, bool or_help)
{
    const char *best = NULL;
    int best_distance = 3;
    for (const struct command *c = commands; c->name != NULL; c++) {
        int d = name_distance(word, c->name);
        if (d < best_distance) {
            best = c->name;
            best_distance = d;
        }
    }
    if (or_help && name_distance(word, "help") < best_distance)
        best = "help";
    return best;
}

/* `word` where a command stands: after `nqueens`, where `help` may stand
 * too (or_help), or after `nqueens help`. */
static int unknown_command(const char *word, bool or_help)
{
    char quoted[64];
    cli_quote(word, quoted, sizeof quoted);
    const char *meant = closest_command(word, or_help);
    if (meant != NULL)
        return cli_usage_error("unknown command '%s'; did you mean '%s'?",
                               quoted, meant);
    return cli_usage_error("unknown command '%s'", quoted);
}

/* `nqueens help [COMMAND]`: the tool's help, or a command's. */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        char *args[] = {argv[0], "--help", NULL};
        return cmd_seeds(2, args);
    }
    if (argc > 3)
        return cli_usage_error("help takes one command, got %d words",
                               argc - 2);
    if (strcmp(argv[2], "help") == 0 || strcmp(argv[2], "--help") == 0 ||
        strcmp(argv[2], "-h") == 0) {
        char *args[] = {argv[0], "--help", NULL};
        return cmd_seeds(2, args); /* the list of commands */
    }
    const struct command *c = command_named(argv[2]);
    if (c == NULL)
        return unknown_command(argv[2], false);
    char *args[] = {argv[2], "--help", NULL};
    cli_command = c->name;
    return c->run(2, args);
}

static int run(int argc, char **argv)
{
    if (argc > 1) {
        const struct command *c = command_named(argv[1]);
        if (c != NULL) {
            cli_command = c->name;
            return c->run(argc - 1, argv + 1);
        }
        if (strcmp(argv[1], "help") == 0)
            return help(argc, argv);
        /* N is a number: a word that starts with a letter was meant as a
         * command. */
        if (isalpha((unsigned char)argv[1][0]))
            return unknown_command(argv[1], true);
    }
    return cmd_seeds(argc, argv);
}

/* The data go out through the writer (cli/output/writer.c), which reports
 * its own errors; help, --version and the device list are printed with
 * stdio, whose errors show only here, at the end: a full disk or a closed
 * standard output is exit 2 for them too. */
static int finish_stdout(int status)
{
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int e = errno;
    if (!failed && !ferror(stdout))
        return status;
    if (e != 0)
        cli_error("cannot write standard output: %s", strerror(e));
    else /* an earlier write failed, and its errno is gone */
        cli_error("cannot write standard output");
    return status == EXIT_OK || status == EXIT_NEGATIVE ? EXIT_USAGE : status;
}

int main(int argc, char **argv)
{
    std_fds_keep();
    /* Not a terminal: a buffer larger than any help text, so that a write
     * that fails does so at finish_stdout's flush, which keeps its errno
     * (with 4 KiB, `help count` failed mid-text and the reason was lost).
     * A terminal keeps its line buffering. */
    if (!isatty(STDOUT_FILENO)) {
        static char stdout_buffer[1 << 16]; /* glibc ignores a size alone */
        setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
    }
    return finish_stdout(run(argc, argv));
}
