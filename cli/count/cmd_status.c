/*
 * cmd_status.c - `nqueens status FILE`: how far the checkpointed count in
 * FILE has come, read without changing the file (also while the count is
 * running: it commits in short transactions).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "common/duration.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "count/checkpoint_errors.h"
#include "count/status_units.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/replace.h"
#include "output/writer.h"

static const char status_head[] =
    "Usage: nqueens status [OPTIONS] FILE\n"
    "\n"
    "Shows how far the count checkpointed in FILE (made by\n"
    "`nqueens count N --checkpoint FILE` or nqueens-mpi) has come: the\n"
    "subproblems done of all, the solutions counted so far, the time spent\n"
    "and, once it is complete, the result. The file is verified as a whole\n"
    "and never changed. Running the same count command again resumes it.\n"
    "\n"
    "Options:\n";

static const char status_tail[] =
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

static void status_json(struct writer *w, const char *path,
                        const nq_checkpoint_info *info)
{
    char created[40], saved[40];
    format_time(created, sizeof created, info->created);
    format_time(saved, sizeof saved, info->saved);
    struct json j;
    json_start(&j, w);
    json_begin_object(&j);
    json_key(&j, "file");
    json_string(&j, path);
    json_key(&j, "format");
    json_int(&j, info->format);
    json_key(&j, "n");
    json_int(&j, info->n);
    json_key(&j, "plan");
    json_string(&j, info->signature);
    json_key(&j, "subproblems");
    json_uint(&j, info->size);
    json_key(&j, "part"); /* K of a part's file, else 0 */
    json_int(&j, (int)info->part);
    json_key(&j, "parts");
    json_int(&j, info->parts);
    json_key(&j, "parts_held");
    json_uint(&j, info->parts_held);
    json_key(&j, "part_subproblems");
    json_uint(&j, info->part_size);
    json_key(&j, "done");
    json_uint(&j, info->done);
    json_key(&j, "percent");
    json_double(&j, 100.0 * (double)info->done / (double)info->size, 2);
    json_key(&j, "solutions");
    json_uint(&j, info->sum.total);
    json_key(&j, "sym180");
    json_uint(&j, info->sum.sym180);
    json_key(&j, "sym90");
    json_uint(&j, info->sum.sym90);
    json_key(&j, "seconds");
    json_double(&j, info->seconds, cli_seconds_decimals(info->seconds));
    json_key(&j, "sessions");
    json_uint(&j, info->sessions);
    json_key(&j, "created");
    json_string(&j, created);
    json_key(&j, "saved");
    json_string(&j, saved);
    json_key(&j, "complete");
    json_bool(&j, info->complete);
    if (info->complete) {
        json_key(&j, "total");
        json_uint(&j, info->result.total);
        json_key(&j, "unique");
        json_uint(&j, info->result.unique);
    }
    json_end_object(&j);
    json_end_line(&j);
}

/* Writes `path` as a shell word: as it is when it holds only characters
 * no shell treats specially, else in single quotes. */
static void status_write_quoted(struct writer *w, const char *path)
{
    if (path[0] != '\0' &&
        strspn(path, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                     "0123456789-_./+,:@%=") == strlen(path)) {
        writer_puts(w, path);
        return;
    }
    writer_putc(w, '\'');
    for (const char *c = path; *c != '\0'; c++) {
        if (*c == '\'')
            writer_puts(w, "'\\''");
        else
            writer_putc(w, *c);
    }
    writer_putc(w, '\'');
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
    if (info->part > 0)
        writer_printf(w, "part        %u of %u (%llu subproblem%s)\n",
                      info->part, info->parts,
                      (unsigned long long)info->part_size,
                      info->part_size == 1 ? "" : "s");
    else if (info->parts > 0)
        writer_printf(w, "parts       %llu of %u (%llu subproblem%s)\n",
                      (unsigned long long)info->parts_held, info->parts,
                      (unsigned long long)info->part_size,
                      info->part_size == 1 ? "" : "s");
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
        writer_printf(w, "result      complete: %llu solution%s, %llu unique\n",
                      (unsigned long long)info->result.total,
                      info->result.total == 1 ? "" : "s",
                      (unsigned long long)info->result.unique);
    else if (info->part > 0 && info->done == info->part_size) {
        writer_puts(w, "result      this part is complete: `nqueens merge` "
                       "it with the other parts\n");
    } else if (info->parts > 0 && info->done == info->part_size) {
        writer_puts(w, "result      the parts it holds are complete: "
                       "`nqueens merge` it with the other parts\n");
    } else if (info->parts > 0 && info->part == 0) {
        /* A merge of parts: no count resumes it, each part's own file
         * goes on. */
        writer_printf(w,
                      "result      not yet: some of its parts are not "
                      "finished (resume each with `nqueens count %d --part "
                      "K/%u` on its own checkpoint, then merge again)\n",
                      info->n, info->parts);
    } else if (info->part > 0) {
        writer_printf(w,
                      "result      not yet: run `nqueens count %d --part "
                      "%u/%u --checkpoint ",
                      info->n, info->part, info->parts);
        status_write_quoted(w, path);
        writer_puts(w, "` again to go on\n");
    } else {
        writer_printf(w,
                      "result      not yet: run `nqueens count %d "
                      "--checkpoint ",
                      info->n);
        status_write_quoted(w, path);
        writer_puts(w, "` again to go on\n");
    }
}

/* Stops at the first row: a look at the header alone (damaged rows are
 * listed, not refused). */
static int count_nothing(const nq_unit_record *u, void *user)
{
    (void)u;
    (void)user;
    return 1;
}

/* The options after parsing. */
struct status_args {
    bool json;
    bool units;         /* --units: every finished subproblem */
    const char *output; /* -o, NULL: standard output */
};

static const struct opt status_opts[] = {
    OPT_USE_HELP(opt_json, struct status_args, json,
                 "one JSON object instead of lines of text (with\n"
                 "--units, one object a line)"),
    OPT_FLAG("units", 0, struct status_args, units,
             "list every finished subproblem: id, total, sym180,\n"
             "sym90, and the engine, version, host and time\n"
             "that counted it ('damaged' where its check fails)"),
    OPT_USE(opt_output, struct status_args, output),
    OPT_USE_ARGS(opt_help, NULL),
};

const struct optable status_table = OPTABLE(status_opts, 18, false);

int cmd_status(int argc, char **argv)
{
    struct status_args a = {0};
    int status = optable_parse(&status_table, argc, argv, &a, NULL);
    if (status == OPTABLE_HELP) {
        optable_usage(status_head, &status_table, status_tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    if (optind == argc)
        return cli_usage_error("status needs a checkpoint FILE");
    if (argc - optind > 1)
        return cli_usage_error("status takes one FILE");
    const char *path = argv[optind];
    /* status never changes FILE: its output must not replace it. */
    if (a.output != NULL && replace_same_file(path, a.output)) {
        char name[256];
        cli_quote(path, name, sizeof name);
        return cli_usage_error("-o names the checkpoint '%s' itself, which "
                               "status does not change; give another file "
                               "name",
                               name);
    }

    nq_checkpoint_info info;
    int err = a.units ? nq_checkpoint_units(path, count_nothing, NULL, &info)
                      : nq_checkpoint_read(path, &info);
    if (err == NQ_E_STOPPED) /* the header is sound */
        err = NQ_OK;
    if (err != NQ_OK)
        return checkpoint_error(path, err, 0, NULL, 0);

    struct writer out;
    if (writer_open(&out, a.output) != 0)
        return EXIT_USAGE;
    if (a.units) {
        err = status_units(&out, path, a.json);
        if (err != NQ_OK) {
            writer_close(&out, false);
            return checkpoint_error(path, err, 0, NULL, 0);
        }
        return writer_close(&out, true);
    }
    if (a.json)
        status_json(&out, path, &info);
    else
        status_text(&out, path, &info);
    return writer_close(&out, true);
}
