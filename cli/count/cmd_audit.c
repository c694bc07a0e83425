/*
 * cmd_audit.c - `nqueens audit FILE --fraction F [--seed S]`: trust in a
 * finished (or merged) count without running it again. A seeded sample of
 * the recorded subproblems is counted again by an engine that shares no
 * code with the ones that made the file (nq_plan_recount(): a join unit's
 * halves listed and paired without the join's table, plain backtracking
 * for the rest), and every row whose
 * count differs, or whose check value fails, is reported with the engine,
 * version, host and time that recorded it, so that a faulty machine can
 * be found. The sample is a function of the seed and the ids alone: the
 * same seed picks the same subproblems on any machine.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "count/checkpoint_errors.h"
#include "count/count_request.h"
#include "count/status_units.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/writer.h"

static const char audit_head[] =
    "Usage: nqueens audit [OPTIONS] FILE\n"
    "\n"
    "Counts a seeded random sample of the subproblems recorded in the\n"
    "checkpoint FILE again, with code independent of the engine that\n"
    "counted them (a join unit's halves listed and paired without the\n"
    "join's table; plain backtracking for the others), and reports every\n"
    "subproblem whose count differs or whose row is damaged, with the\n"
    "engine, version, host and time that recorded it, and a final result\n"
    "recorded in FILE that its subproblems do not add up to.\n"
    "The same seed picks the same subproblems on any machine.\n"
    "\n"
    "Options:\n";

static const char audit_tail[] =
    "\n"
    "Exit status: 0 every subproblem audited agrees; 1 a mismatch (a\n"
    "subproblem or the result) or a damaged row; 2 bad usage, or FILE is\n"
    "missing, damaged or not a checkpoint.\n";

struct audit_args {
    double fraction;
    uint64_t seed;
    int threads;
    bool json;
};

/* --fraction: a decimal number from 0 to 1 in the forms people write
 * and the report echoes (%g): 0.05, .5, 1e-3, 1E-07; no sign, no hex,
 * no inf or nan, no spaces. */
static int set_fraction(const struct opt_def *def, const char *value,
                        void *dest)
{
    char *end = NULL;
    double f = -1;
    bool digits_first = isdigit((unsigned char)value[0]) ||
                        (value[0] == '.' && isdigit((unsigned char)value[1]));
    if (digits_first && strspn(value, "0123456789.eE+-") == strlen(value))
        f = strtod(value, &end);
    if (end == NULL || *end != '\0' || !(f >= 0 && f <= 1)) {
        char quoted[64];
        return cli_usage_error("--%s must be %s, got '%s'", def->name,
                               def->want,
                               cli_quote(value, quoted, sizeof quoted));
    }
    *(double *)dest = f;
    return 0;
}

static const struct opt audit_opts[] = {
    OPT_ONE(struct audit_args, fraction, .name = "fraction", .kind = OPTK_CALL,
            .takes_value = true, .value_name = "F", .set = set_fraction,
            .want = "a fraction from 0 to 1 (such as 0.05, .5 or 1e-3)",
            .help = "the share of the recorded subproblems to count\n"
                    "again, from 0 to 1 (default 0.01; at least one\n"
                    "subproblem, even at 0; 1: all)"),
    OPT_INT("seed", 's', struct audit_args, seed, 0, INT64_MAX, "S",
            "picks the sample (default 1)"),
    OPT_USE(opt_threads, struct audit_args, threads),
    OPT_USE_HELP(opt_json, struct audit_args, json,
                 "one JSON object: the figures and the mismatches"),
    OPT_USE_ARGS(opt_help, NULL),
};

const struct optable audit_table = OPTABLE(audit_opts, 18, false);

/* A recorded row and, once counted again, the recount. */
struct audit_row {
    nq_unit_record rec;
    nq_subcount recount;
    bool picked;
    bool counted;
};

struct audit {
    struct audit_row *rows;
    size_t len, cap;
    int err;
    /* A final result recorded that its rows do not give: */
    bool result_differs;
    bool result_damaged; /* the recorded result fails its check */
    bool result_of_rows; /* the rows make a whole count: of_rows is theirs */
    nq_count_result of_rows;
};

/* Holds the final result the file records, if any, against the one its
 * rows give: a result that was written wrong, or edited with its check
 * value made anew, passes every row's check but not this. Not where a
 * row is damaged: that row is reported (in any sample), and the sum of
 * the rows as they are says nothing more. */
static void check_result(struct audit *a, const nq_checkpoint_info *info)
{
    for (size_t i = 0; i < a->len; i++) {
        if (!a->rows[i].rec.intact)
            return;
    }
    a->result_of_rows =
        info->done == info->size &&
        nq_count_result_of(info->n, &info->sum, &a->of_rows) == NQ_OK;
    a->result_damaged = info->complete == 2;
    a->result_differs =
        info->complete != 0 &&
        (a->result_damaged || !a->result_of_rows ||
         memcmp(&a->of_rows, &info->result, sizeof a->of_rows) != 0);
}

static int take_row(const nq_unit_record *u, void *user)
{
    struct audit *a = user;
    if (a->len == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 1024;
        struct audit_row *more = realloc(a->rows, cap * sizeof *more);
        if (more == NULL) {
            a->err = NQ_E_NOMEM;
            return 1;
        }
        a->rows = more;
        a->cap = cap;
    }
    memset(&a->rows[a->len], 0, sizeof a->rows[a->len]);
    a->rows[a->len++].rec = *u;
    return 0;
}

/* The sample's draw for an id: a hash of the seed and the id. */
static uint64_t draw(uint64_t seed, uint64_t id)
{
    uint64_t h = seed * 0x9e3779b97f4a7c15u ^ (id + 0x632be59bd9b4e019u);
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9u;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebu;
    return h ^ (h >> 31);
}

/* Picks the rows drawn below the fraction, and every damaged row; at
 * least one row, whatever the fraction (the one of the smallest draw).
 * Returns how many. */
static size_t pick(struct audit *a, double fraction, uint64_t seed)
{
    size_t picked = 0, least = SIZE_MAX;
    double scale = 18446744073709551616.0; /* 2^64 */
    for (size_t i = 0; i < a->len; i++) {
        struct audit_row *r = &a->rows[i];
        uint64_t d = draw(seed, r->rec.id);
        r->picked =
            !r->rec.intact || fraction >= 1.0 || (double)d < fraction * scale;
        picked += r->picked;
        if (r->rec.intact &&
            (least == SIZE_MAX || d < draw(seed, a->rows[least].rec.id)))
            least = i;
    }
    if (picked == 0 && least != SIZE_MAX) {
        a->rows[least].picked = true;
        picked = 1;
    }
    return picked;
}

/* The recounts come back by id: rows are in id order. */
static int recounted(uint64_t id, const nq_subcount *count, void *user)
{
    struct audit *a = user;
    size_t lo = 0, hi = a->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a->rows[mid].rec.id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < a->len && a->rows[lo].rec.id == id) {
        a->rows[lo].recount = *count;
        a->rows[lo].counted = true;
    }
    return 0;
}

/* The plan the file was counted with: its engine from the signature. */
static int audit_plan(const nq_checkpoint_info *info, int threads,
                      nq_plan **plan)
{
    nq_count_options o;
    nq_plan_options p;
    nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION);
    nq_plan_options_init(&p, NQ_PLAN_OPTIONS_VERSION);
    o.threads = threads;
    o.engine = strncmp(info->signature, "join/", 5) == 0 ? NQ_ENGINE_JOIN
               : strncmp(info->signature, "constellations/", 15) == 0
                   ? NQ_ENGINE_CONSTELLATIONS
                   : NQ_ENGINE_AUTO;
    /* The recount needs no table: a plan in passes builds none, and its
     * passes, cut from an estimate of the tops, cost no walk of them. */
    p.min_passes = CHECKPOINT_PASSES;
    p.census_estimate = 1;
    int rc = nq_plan_create_ex(info->n, &o, &p, plan);
    if (rc == NQ_OK &&
        (strcmp(nq_plan_signature(*plan), info->signature) != 0 ||
         nq_plan_size(*plan) != info->size)) {
        nq_plan_free(*plan);
        *plan = NULL;
        rc = NQ_E_CHECKPOINT;
    }
    return rc;
}

static bool differs(const struct audit_row *r)
{
    return !r->rec.intact || (r->counted && memcmp(&r->rec.count, &r->recount,
                                                   sizeof r->recount) != 0);
}

/* The "result" mismatch line: what the file records and what its rows
 * give. */
static void report_result_text(struct writer *w, const struct audit *a,
                               const nq_checkpoint_info *info)
{
    const nq_count_result *r = &info->result;
    writer_printf(w,
                  "mismatch    result: recorded total %llu unique %llu "
                  "sym180 %llu sym90 %llu",
                  (unsigned long long)r->total, (unsigned long long)r->unique,
                  (unsigned long long)r->sym180, (unsigned long long)r->sym90);
    if (a->result_damaged)
        writer_puts(w, " fails its check value (the file was altered)");
    if (a->result_of_rows)
        writer_printf(w,
                      ", its subproblems give total %llu unique %llu sym180 "
                      "%llu sym90 %llu\n",
                      (unsigned long long)a->of_rows.total,
                      (unsigned long long)a->of_rows.unique,
                      (unsigned long long)a->of_rows.sym180,
                      (unsigned long long)a->of_rows.sym90);
    else
        writer_printf(w,
                      ", but its %llu of %llu subproblems make no whole "
                      "count\n",
                      (unsigned long long)info->done,
                      (unsigned long long)info->size);
}

static void report_text(struct writer *w, const struct audit *a, size_t picked,
                        size_t bad, const struct audit_args *o)
{
    for (size_t i = 0; i < a->len; i++) {
        const struct audit_row *r = &a->rows[i];
        if (!r->picked || !differs(r))
            continue;
        char when[40];
        if (!unit_time_iso(when, sizeof when, r->rec.at))
            snprintf(when, sizeof when, "time unknown");
        writer_printf(w,
                      "mismatch    subproblem %llu: recorded total %llu "
                      "sym180 %llu sym90 %llu",
                      (unsigned long long)r->rec.id,
                      (unsigned long long)r->rec.count.total,
                      (unsigned long long)r->rec.count.sym180,
                      (unsigned long long)r->rec.count.sym90);
        if (r->counted)
            writer_printf(w, ", recount total %llu sym180 %llu sym90 %llu",
                          (unsigned long long)r->recount.total,
                          (unsigned long long)r->recount.sym180,
                          (unsigned long long)r->recount.sym90);
        if (!r->rec.intact)
            writer_puts(w, ", row damaged (its check value fails)");
        writer_printf(w, "; engine %s, nqueens %s, host %s, %s\n",
                      r->rec.engine[0] ? r->rec.engine : "unknown",
                      r->rec.version[0] ? r->rec.version : "unknown",
                      r->rec.host[0] ? r->rec.host : "unknown", when);
    }
    writer_printf(w,
                  "audited     %zu of %zu subproblem%s (fraction %g, seed "
                  "%llu)\nmismatches  %zu\n",
                  picked, a->len, a->len == 1 ? "" : "s", o->fraction,
                  (unsigned long long)o->seed, bad);
}

/* Decimals for the fraction in JSON: 6 (0.010000), or for a fraction
 * below 0.000001 as many as show its 6 significant digits (1e-7:
 * 0.000000100000), 30 at most. */
static int fraction_decimals(double fraction)
{
    if (!(fraction > 0 && fraction < 1e-6))
        return 6;
    int decimals = 5;
    double f = fraction;
    while (f < 1 && decimals < 30) {
        f *= 10;
        decimals++;
    }
    return decimals;
}

static void report_json(struct writer *w, const char *path,
                        const nq_checkpoint_info *info, const struct audit *a,
                        size_t picked, size_t bad, const struct audit_args *o)
{
    struct json j;
    json_start(&j, w);
    json_begin_object(&j);
    json_key(&j, "file");
    json_string(&j, path);
    json_key(&j, "n");
    json_int(&j, info->n);
    json_key(&j, "engine");
    json_string(&j, info->signature);
    json_key(&j, "recorded");
    json_uint(&j, a->len);
    json_key(&j, "audited");
    json_uint(&j, picked);
    json_key(&j, "fraction");
    json_double(&j, o->fraction, fraction_decimals(o->fraction));
    json_key(&j, "seed");
    json_uint(&j, o->seed);
    json_key(&j, "mismatches");
    json_uint(&j, bad);
    json_key(&j, "units");
    json_begin_array(&j);
    for (size_t i = 0; i < a->len; i++) {
        const struct audit_row *r = &a->rows[i];
        if (!r->picked || !differs(r))
            continue;
        json_begin_object(&j);
        json_key(&j, "id");
        json_uint(&j, r->rec.id);
        json_key(&j, "total");
        json_uint(&j, r->rec.count.total);
        json_key(&j, "sym180");
        json_uint(&j, r->rec.count.sym180);
        json_key(&j, "sym90");
        json_uint(&j, r->rec.count.sym90);
        json_key(&j, "recount");
        if (r->counted) {
            json_begin_object(&j);
            json_key(&j, "total");
            json_uint(&j, r->recount.total);
            json_key(&j, "sym180");
            json_uint(&j, r->recount.sym180);
            json_key(&j, "sym90");
            json_uint(&j, r->recount.sym90);
            json_end_object(&j);
        } else {
            json_null(&j);
        }
        json_key(&j, "intact");
        json_bool(&j, r->rec.intact);
        json_key(&j, "engine");
        json_string(&j, r->rec.engine);
        json_key(&j, "version");
        json_string(&j, r->rec.version);
        json_key(&j, "host");
        json_string(&j, r->rec.host);
        json_key(&j, "at");
        json_unit_time(&j, r->rec.at);
        json_end_object(&j);
    }
    json_end_array(&j);
    if (a->result_differs) {
        /* Only where it differs: a clean audit's object is as it was. */
        json_key(&j, "result");
        json_begin_object(&j);
        json_key(&j, "total");
        json_uint(&j, info->result.total);
        json_key(&j, "unique");
        json_uint(&j, info->result.unique);
        json_key(&j, "sym180");
        json_uint(&j, info->result.sym180);
        json_key(&j, "sym90");
        json_uint(&j, info->result.sym90);
        json_key(&j, "intact");
        json_bool(&j, !a->result_damaged);
        json_key(&j, "of_units");
        if (a->result_of_rows) {
            json_begin_object(&j);
            json_key(&j, "total");
            json_uint(&j, a->of_rows.total);
            json_key(&j, "unique");
            json_uint(&j, a->of_rows.unique);
            json_key(&j, "sym180");
            json_uint(&j, a->of_rows.sym180);
            json_key(&j, "sym90");
            json_uint(&j, a->of_rows.sym90);
            json_end_object(&j);
        } else {
            json_null(&j);
        }
        json_end_object(&j);
    }
    json_end_object(&j);
    json_end_line(&j);
}

int cmd_audit(int argc, char **argv)
{
    struct audit_args o = {.fraction = 0.01, .seed = 1};
    int status = optable_parse(&audit_table, argc, argv, &o, NULL);
    if (status == OPTABLE_HELP) {
        optable_usage(audit_head, &audit_table, audit_tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    if (optind == argc)
        return cli_usage_error("audit needs a checkpoint FILE");
    if (argc - optind > 1)
        return cli_usage_error("audit takes one FILE");
    const char *path = argv[optind];

    struct audit a = {0};
    nq_checkpoint_info info;
    int rc = nq_checkpoint_units(path, take_row, &a, &info);
    if (rc == NQ_E_STOPPED)
        rc = a.err;
    if (rc != NQ_OK) {
        free(a.rows);
        return checkpoint_error(path, rc, 0, NULL, 0);
    }
    check_result(&a, &info);
    nq_plan *plan = NULL;
    rc = audit_plan(&info, o.threads, &plan);
    size_t picked = pick(&a, o.fraction, o.seed);
    uint64_t *ids = malloc((picked + 1) * sizeof *ids);
    size_t nids = 0;
    if (rc == NQ_OK && ids == NULL)
        rc = NQ_E_NOMEM;
    for (size_t i = 0; rc == NQ_OK && i < a.len; i++) {
        if (a.rows[i].picked && a.rows[i].rec.id < info.size)
            ids[nids++] = a.rows[i].rec.id;
    }
    if (rc == NQ_OK)
        rc = nq_plan_recount_ids(plan, ids, nids, o.threads, recounted, &a);
    free(ids);
    nq_plan_free(plan);
    if (rc != NQ_OK) {
        char name[256], version[NQ_PROVENANCE_MAX + 16] = "";
        cli_quote(path, name, sizeof name);
        if (a.len > 0 && a.rows[0].rec.version[0] != '\0')
            snprintf(version, sizeof version, ", nqueens %s",
                     a.rows[0].rec.version);
        free(a.rows);
        /* The plan is remade to recount: another version's is not. */
        if (rc == NQ_E_CHECKPOINT)
            return cli_error("cannot audit '%s': its plan '%s' (%llu "
                             "subproblems) is not one this nqueens makes "
                             "(audit it with the nqueens that counted "
                             "it%s)",
                             name, info.signature,
                             (unsigned long long)info.size, version);
        return cli_error("cannot audit '%s': %s", name, nq_strerror(rc));
    }
    size_t bad = 0;
    for (size_t i = 0; i < a.len; i++)
        bad += a.rows[i].picked && differs(&a.rows[i]);
    bad += a.result_differs;
    struct writer out;
    if (writer_open(&out, NULL) != 0) {
        free(a.rows);
        return EXIT_USAGE;
    }
    if (o.json)
        report_json(&out, path, &info, &a, picked, bad, &o);
    else {
        if (a.result_differs)
            report_result_text(&out, &a, &info);
        report_text(&out, &a, picked, bad, &o);
    }
    free(a.rows);
    status = bad > 0 ? EXIT_NEGATIVE : EXIT_OK;
    return writer_close(&out, true) != 0 ? EXIT_USAGE : status;
}
