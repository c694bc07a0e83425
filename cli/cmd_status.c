/*
 * cmd_status.c - `nqueens status FILE`: how far the checkpointed count in
 * FILE has come, read without changing the file (also while the count is
 * running: it commits in short transactions).
 */
#include <getopt.h>
#include <stdio.h>
#include <time.h>

#include "checkpoint_errors.h"
#include "commands.h"
#include "messages.h"
#include "nqueens.h"
#include "options.h"
#include "writer.h"

static const char status_usage[] =
    "Usage: nqueens status [OPTIONS] FILE\n"
    "\n"
    "Shows how far the count checkpointed in FILE (made by\n"
    "`nqueens count N --checkpoint FILE` or nqueens-mpi) has come: the\n"
    "subproblems done of all, the solutions counted so far, the time spent\n"
    "and, once it is complete, the result. The file is verified as a whole\n"
    "and never changed. Running the same count command again resumes it.\n"
    "\n"
    "Options:\n"
    "  --json          one JSON object instead of lines of text\n"
    "  -h, --help      show this help and exit\n"
    "\n"
    "Exit status: 0 success; 2 bad usage, or FILE is missing, damaged or\n"
    "not a checkpoint.\n";

/* Unix time as "2026-11-22 15:03:01 UTC". */
static void format_time(char *buf, size_t size, int64_t when)
{
    time_t t = (time_t)when;
    struct tm tm;
    if (gmtime_r(&t, &tm) == NULL ||
        strftime(buf, size, "%Y-%m-%d %H:%M:%S UTC", &tm) == 0)
        snprintf(buf, size, "?");
}

static void format_hms(char *buf, size_t size, double seconds)
{
    unsigned long long s = (unsigned long long)(seconds + 0.5);
    snprintf(buf, size, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
}

/* Writes `text` as a JSON string. */
static void put_json_string(struct writer *w, const char *text)
{
    writer_putc(w, '"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            writer_printf(w, "\\%c", *c);
        else if (*c < 0x20)
            writer_printf(w, "\\u%04x", *c);
        else
            writer_putc(w, (char)*c);
    }
    writer_putc(w, '"');
}

static void status_json(struct writer *w, const char *path,
                        const nq_checkpoint_info *info)
{
    char created[40], saved[40];
    format_time(created, sizeof created, info->created);
    format_time(saved, sizeof saved, info->saved);
    writer_puts(w, "{\"file\":");
    put_json_string(w, path);
    writer_printf(w, ",\"format\":%d,\"n\":%d,\"plan\":", info->format,
                  info->n);
    put_json_string(w, info->signature);
    writer_printf(w,
                  ",\"subproblems\":%llu,\"done\":%llu,\"percent\":%.2f,"
                  "\"solutions\":%llu,\"sym180\":%llu,\"sym90\":%llu,"
                  "\"seconds\":%.1f,\"sessions\":%llu,\"created\":\"%s\","
                  "\"saved\":\"%s\",\"complete\":%s",
                  (unsigned long long)info->size,
                  (unsigned long long)info->done,
                  100.0 * (double)info->done / (double)info->size,
                  (unsigned long long)info->sum.total,
                  (unsigned long long)info->sum.sym180,
                  (unsigned long long)info->sum.sym90, info->seconds,
                  (unsigned long long)info->sessions, created, saved,
                  info->complete ? "true" : "false");
    if (info->complete)
        writer_printf(w, ",\"total\":%llu,\"unique\":%llu",
                      (unsigned long long)info->result.total,
                      (unsigned long long)info->result.unique);
    writer_puts(w, "}\n");
}

static void status_text(struct writer *w, const char *path,
                        const nq_checkpoint_info *info)
{
    char created[40], saved[40], spent[32];
    format_time(created, sizeof created, info->created);
    format_time(saved, sizeof saved, info->saved);
    format_hms(spent, sizeof spent, info->seconds);
    writer_printf(w, "checkpoint  %s\n", path);
    writer_printf(w, "n           %d\n", info->n);
    writer_printf(w, "plan        %s\n", info->signature);
    writer_printf(w, "done        %llu of %llu subproblems (%.2f%%)\n",
                  (unsigned long long)info->done,
                  (unsigned long long)info->size,
                  100.0 * (double)info->done / (double)info->size);
    writer_printf(w, "solutions   %llu so far\n",
                  (unsigned long long)info->sum.total);
    writer_printf(w, "time        %s in %llu run%s\n", spent,
                  (unsigned long long)info->sessions,
                  info->sessions == 1 ? "" : "s");
    writer_printf(w, "created     %s\n", created);
    writer_printf(w, "saved       %s\n", saved);
    if (info->complete)
        writer_printf(w, "result      complete: %llu solutions, %llu unique\n",
                      (unsigned long long)info->result.total,
                      (unsigned long long)info->result.unique);
    else
        writer_printf(w,
                      "result      not yet: run `nqueens count %d "
                      "--checkpoint FILE` again to go on\n",
                      info->n);
}

int cmd_status(int argc, char **argv)
{
    enum { OPT_JSON = 256 };
    static const struct option options[] = {
        {"json", no_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    bool json = false;
    cli_getopt_reset();
    for (;;) {
        int c = cli_getopt(argc, argv, ":h", options, NULL);
        if (c == -1)
            break;
        switch (c) {
        case 'h':
            fputs(status_usage, stdout);
            return EXIT_OK;
        case OPT_JSON:
            json = true;
            break;
        default:
            return cli_option_error(c, argv);
        }
    }
    if (optind == argc)
        return cli_usage_error("status needs a checkpoint FILE");
    if (argc - optind > 1)
        return cli_usage_error("status takes one FILE");
    const char *path = argv[optind];

    nq_checkpoint_info info;
    int err = nq_checkpoint_read(path, &info);
    if (err != NQ_OK)
        return checkpoint_error(path, err, 0, NULL, 0);

    struct writer out;
    if (writer_open(&out, NULL) != 0)
        return EXIT_USAGE;
    if (json)
        status_json(&out, path, &info);
    else
        status_text(&out, path, &info);
    return writer_close(&out, true);
}
