/*
 * cmd_merge.c - `nqueens merge FILE...`: one count from the checkpoints of
 * its parts (`count --part K/M`), on whatever machines they ran. The files
 * must be of one plan and one cut into parts, and no subproblem may have
 * two different counts (the hosts that counted it are named); then the
 * result is printed as `count` prints it, or, while parts are missing,
 * which ones and how many subproblems (exit 1). `-o FILE` writes the union
 * as a checkpoint of its own, which merges again (merge of merges).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "common/interrupt.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "count/checkpoint_errors.h"
#include "count/count_request.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/replace.h"
#include "output/writer.h"

static const char merge_head[] =
    "Usage: nqueens merge [OPTIONS] FILE...\n"
    "\n"
    "Adds up the checkpoints of the parts of one count (made by\n"
    "`nqueens count N --part K/M --checkpoint FILE`, or merged before).\n"
    "Every file is verified in full; files of different plans or cuts,\n"
    "or that do not add up with the others (an altered file), are\n"
    "refused, and so is a subproblem counted twice with two results (both\n"
    "hosts are named). When every subproblem is there, prints the result\n"
    "as `nqueens count` does (without its threads line: the parts do not\n"
    "record theirs); else which parts and how many subproblems are\n"
    "missing.\n"
    "\n"
    "Options:\n";

static const char merge_tail[] =
    "\n"
    "Exit status: 0 the count is complete; 1 parts are missing; 2 bad\n"
    "usage, a file that is missing, damaged or of another plan, or two\n"
    "counts of one subproblem that differ.\n";

struct merge_args {
    bool json;
    const char *output; /* -o: the merged checkpoint */
};

static const struct opt merge_opts[] = {
    OPT_USE_HELP(opt_json, struct merge_args, json,
                 "the result as one JSON object (the keys of\n"
                 "`count --json`; or, while parts are missing,\n"
                 "complete false and what is missing)"),
    OPT_USE_HELP(opt_output, struct merge_args, output,
                 "also write the union as a checkpoint FILE (complete\n"
                 "or not at all), which merges again"),
    OPT_USE_ARGS(opt_help, NULL),
};

const struct optable merge_table = OPTABLE(merge_opts, 18, false);

/* "2026-11-27 07:40:01 UTC", or "an unknown time". */
static void format_when(char *buf, size_t size, int64_t at)
{
    time_t t = (time_t)at;
    struct tm tm;
    if (at == 0 || gmtime_r(&t, &tm) == NULL ||
        strftime(buf, size, "%Y-%m-%d %H:%M:%S UTC", &tm) == 0)
        snprintf(buf, size, "an unknown time");
}

/* Says which subproblem has two counts and who made each. */
static int merge_conflict(const char *path, const nq_unit_record two[2])
{
    char name[256], when[2][40];
    cli_quote(path, name, sizeof name);
    for (int i = 0; i < 2; i++)
        format_when(when[i], sizeof when[i], two[i].at);
    return cli_error(
        "subproblem %llu has two counts: total %llu (sym180 %llu, sym90 "
        "%llu) by host '%s' (%s, nqueens %s, %s) and total %llu (sym180 "
        "%llu, sym90 %llu) by host '%s' (%s, nqueens %s, %s) in '%s'; one "
        "of them is wrong (count it again: nqueens audit)",
        (unsigned long long)two[0].id, (unsigned long long)two[0].count.total,
        (unsigned long long)two[0].count.sym180,
        (unsigned long long)two[0].count.sym90,
        two[0].host[0] ? two[0].host : "unknown",
        two[0].engine[0] ? two[0].engine : "?",
        two[0].version[0] ? two[0].version : "?", when[0],
        (unsigned long long)two[1].count.total,
        (unsigned long long)two[1].count.sym180,
        (unsigned long long)two[1].count.sym90,
        two[1].host[0] ? two[1].host : "unknown",
        two[1].engine[0] ? two[1].engine : "?",
        two[1].version[0] ? two[1].version : "?", when[1], name);
}

/* Names the damaged row of a damaged file and who recorded it. */
static int merge_damaged(const char *path, const nq_unit_record *u)
{
    char name[256], when[40];
    cli_quote(path, name, sizeof name);
    format_when(when, sizeof when, u->at);
    return cli_error(
        "checkpoint '%s' is damaged: the row of subproblem %llu "
        "(total %llu, host '%s', %s, nqueens %s, %s) fails its "
        "check, so its counts cannot be trusted; refusing to "
        "merge (count that part again; nqueens audit names every "
        "damaged row)",
        name, (unsigned long long)u->id, (unsigned long long)u->count.total,
        u->host[0] ? u->host : "unknown", u->engine[0] ? u->engine : "?",
        u->version[0] ? u->version : "?", when);
}

/* Says how `path` differs from the plan of the files before it. */
static int merge_other_plan(const char *path, const char *first,
                            const nq_checkpoint_info *plan)
{
    char name[256], first_name[256];
    cli_quote(path, name, sizeof name);
    cli_quote(first, first_name, sizeof first_name);
    nq_checkpoint_info info;
    int rc = nq_checkpoint_read(path, &info);
    if (rc != NQ_OK) /* a newer format, or a file that changed meanwhile */
        return checkpoint_error(path, rc, 0, NULL, 0);
    if (info.n != plan->n || strcmp(info.signature, plan->signature) != 0 ||
        info.size != plan->size)
        return cli_error("'%s' is of another count than '%s' ('%s', %llu "
                         "subproblems, against '%s', %llu); refusing to merge",
                         name, first_name, info.signature,
                         (unsigned long long)info.size, plan->signature,
                         (unsigned long long)plan->size);
    if (info.parts != plan->parts)
        return cli_error("'%s' is cut into %u parts and '%s' into %u (0: "
                         "the whole count); refusing to merge",
                         name, info.parts, first_name, plan->parts);
    if (info.part_rule != plan->part_rule)
        return cli_error("'%s' holds parts cut by rule %d and '%s' by rule "
                         "%d (nqueens versions that cut parts differently); "
                         "refusing to merge",
                         name, info.part_rule, first_name, plan->part_rule);
    /* The same plan and cut, yet its parts, rows or history do not add up
     * with those taken before: one of the files was altered. */
    return cli_error("'%s' and the files before it do not add up (a part "
                     "with two sizes, more subproblems than the plan, or "
                     "more sessions or seconds than a checkpoint records): "
                     "one of them is damaged or altered; refusing to merge",
                     name);
}

/* The parts 1..M not held: collected from the held ones, ascending. */
struct missing {
    unsigned next; /* the next part not yet seen */
    struct writer *out;
    struct json *j; /* JSON: the array's items; NULL: text */
    unsigned long long count;
};

static void missing_upto(struct missing *m, unsigned below)
{
    for (; m->next < below; m->next++) {
        m->count++;
        if (m->j != NULL)
            json_int(m->j, m->next);
        else
            writer_printf(m->out, "missing     part %u: no file\n", m->next);
    }
}

static int held_part(unsigned part, uint64_t size, void *user)
{
    (void)size;
    struct missing *m = user;
    missing_upto(m, part);
    m->next = part + 1;
    return 0;
}

/* The report while subproblems are missing. */
static void merge_incomplete(struct writer *out, bool json, const nq_merge *mg,
                             const nq_checkpoint_info *info)
{
    unsigned long long left = info->size - info->done;
    struct json j;
    struct missing m = {1, out, NULL, 0};
    if (json) {
        json_start(&j, out);
        json_begin_object(&j);
        json_key(&j, "n");
        json_int(&j, info->n);
        json_key(&j, "complete");
        json_bool(&j, false);
        json_key(&j, "engine");
        json_string(&j, info->signature);
        json_key(&j, "subproblems");
        json_uint(&j, info->size);
        json_key(&j, "done");
        json_uint(&j, info->done);
        json_key(&j, "missing");
        json_uint(&j, left);
        json_key(&j, "parts");
        json_int(&j, info->parts);
        json_key(&j, "missing_parts");
        json_begin_array(&j);
        m.j = &j;
    } else {
        writer_printf(out, "n           %d\nengine      %s\n", info->n,
                      info->signature);
        writer_printf(out, "done        %llu of %llu subproblems\n",
                      (unsigned long long)info->done,
                      (unsigned long long)info->size);
        writer_printf(out, "missing     %llu subproblem%s\n", left,
                      left == 1 ? "" : "s");
    }
    if (info->parts > 0) {
        (void)nq_merge_parts(mg, held_part, &m);
        missing_upto(&m, info->parts + 1);
    }
    if (json) {
        json_end_array(&j);
        json_end_object(&j);
        json_end_line(&j);
    } else if (info->parts > 0 && m.count == 0) {
        writer_printf(out,
                      "missing     none of the %u parts, but some "
                      "subproblems of parts not yet finished\n",
                      info->parts);
    }
}

/* Writes the union to `path`, complete or not at all. */
static int merge_write(const nq_merge *mg, const char *path)
{
    /* A checkpoint is a database file: it replaces a regular file only
     * (through a symbolic link, in the link's target's folder). */
    struct replace_target target;
    if (replace_target_find(&target, path, true) != 0)
        return EXIT_USAGE;
    size_t len = strlen(target.path);
    char *tmp = malloc(len + 32);
    if (tmp == NULL) {
        replace_target_free(&target);
        return cli_error("out of memory");
    }
    snprintf(tmp, len + 32, "%s.merging-%ld", target.path, (long)getpid());
    cleanup_arm(tmp);
    int rc = nq_merge_write(mg, tmp);
    if (rc == NQ_OK) {
        int fd = open(tmp, O_RDONLY);
        if (fd >= 0) {
            replace_target_keep_mode(&target, fd);
            close(fd);
        }
        if (rename(tmp, target.path) != 0)
            rc = NQ_E_IO;
    }
    if (rc != NQ_OK)
        unlink(tmp);
    /* The library says only "input or output error": a file made where
     * the merge's was made gives the system's reason (a missing folder,
     * one not writable, a full disk). */
    const char *why = nq_strerror(rc);
    if (rc == NQ_E_IO) {
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd < 0) {
            why = strerror(errno);
        } else {
            close(fd);
            unlink(tmp);
        }
    }
    cleanup_disarm();
    free(tmp);
    replace_target_free(&target);
    if (rc == NQ_OK)
        return EXIT_OK;
    char name[256];
    cli_quote(path, name, sizeof name);
    return cli_error("cannot write the merged checkpoint '%s': %s", name, why);
}

int cmd_merge(int argc, char **argv)
{
    struct merge_args a = {0};
    int status = optable_parse(&merge_table, argc, argv, &a, NULL);
    if (status == OPTABLE_HELP) {
        optable_usage(merge_head, &merge_table, merge_tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    if (optind == argc)
        return cli_usage_error("merge needs one checkpoint FILE or more");

    /* A run still counting into the file would go on into the file the
     * merge replaced, and its work since would be lost. */
    if (a.output != NULL && nq_checkpoint_in_use(a.output) == NQ_E_BUSY)
        return checkpoint_in_use(a.output);
    nq_merge *mg = NULL;
    if (nq_merge_new(&mg) != NQ_OK)
        return cli_error("out of memory");
    nq_checkpoint_info plan;
    for (int i = optind; i < argc; i++) {
        nq_unit_record two[2];
        int rc = nq_merge_add(mg, argv[i], two);
        if (rc == NQ_E_MISMATCH)
            status = merge_conflict(argv[i], two);
        else if (rc == NQ_E_CORRUPT && !two[0].intact)
            status = merge_damaged(argv[i], &two[0]);
        else if (rc == NQ_E_CHECKPOINT && i > optind)
            status = merge_other_plan(argv[i], argv[optind], &plan);
        else if (rc != NQ_OK)
            status = checkpoint_error(argv[i], rc, 0, NULL, 0);
        if (rc != NQ_OK) {
            nq_merge_free(mg);
            return status;
        }
        if (i == optind)
            nq_merge_info(mg, &plan);
    }
    nq_checkpoint_info info;
    nq_merge_info(mg, &info);
    status = a.output != NULL ? merge_write(mg, a.output) : EXIT_OK;
    struct writer out;
    if (status == EXIT_OK && writer_open(&out, NULL) != 0)
        status = EXIT_USAGE;
    if (status == EXIT_OK) {
        if (info.complete) {
            struct count_request req = {.n = info.n, .json = a.json};
            /* The parts' checkpoints record no thread counts: 0 leaves
             * the threads out (null in JSON). */
            count_report(&out, &req, &info.result, 0, false, info.signature,
                         info.seconds);
        } else {
            merge_incomplete(&out, a.json, mg, &info);
            status = EXIT_NEGATIVE;
        }
        if (writer_close(&out, true) != 0)
            status = EXIT_USAGE;
    }
    nq_merge_free(mg);
    return status;
}
