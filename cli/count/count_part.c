/*
 * count_part.c - `nqueens count N --part K/M --checkpoint FILE`: the K-th
 * of M parts of a count (nq_plan_part_ids(): the same cut on any machine,
 * balanced by estimated work), so that M processes started by any batch
 * system (a job array, `xargs -P`, a loop over ssh) count the whole plan
 * between them. A part is a checkpointed run like any other: killed, it
 * resumes; finished, its file goes to `nqueens merge` with the others.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/duration.h"
#include "common/messages.h"
#include "common/parse.h"
#include "count/checkpoint_errors.h"
#include "count/count_part.h"
#include "count/count_request.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/writer.h"

/* Reads "K/M" (1 <= K <= M <= NQ_PARTS_MAX). */
static int part_set(const struct opt_def *def, const char *value, void *dest)
{
    (void)def;
    struct count_request *req = dest;
    const char *slash = strchr(value, '/');
    char k_text[24];
    long long k = 0, m = 0;
    size_t k_len = slash != NULL ? (size_t)(slash - value) : 0;
    if (slash == NULL || k_len == 0 || k_len >= sizeof k_text) {
        char shown[64];
        cli_quote(value, shown, sizeof shown);
        return cli_usage_error("--part must be K/M, such as 2/8, got '%s'",
                               shown);
    }
    memcpy(k_text, value, k_len);
    k_text[k_len] = '\0';
    if (!cli_parse_long(slash + 1, 1, NQ_PARTS_MAX, &m) ||
        !cli_parse_long(k_text, 1, m, &k)) {
        char shown[64];
        cli_quote(value, shown, sizeof shown);
        return cli_usage_error("--part must be K/M with 1 <= K <= M <= %u, "
                               "got '%s'",
                               NQ_PARTS_MAX, shown);
    }
    req->part = (unsigned)k;
    req->parts = (unsigned)m;
    return 0;
}

const struct opt_def count_opt_part = {
    .name = "part",
    .kind = OPTK_CALL,
    .takes_value = true,
    .value_name = "K/M",
    .help = "count the K-th of M parts of the plan alone (with\n"
            "--checkpoint); `nqueens merge` sums the parts",
    .set = part_set};

int count_check_host(void)
{
    const char *host = getenv("NQUEENS_HOST");
    if (host == NULL)
        return 0;
    /* One word, which `status --units` shows in a column, that fits. */
    bool valid = strlen(host) < NQ_PROVENANCE_MAX;
    for (const unsigned char *c = (const unsigned char *)host; *c; c++)
        if (*c <= ' ' || *c == 0x7f)
            valid = false;
    return valid ? 0
                 : cli_error("NQUEENS_HOST must be a name of 1 to %d bytes, "
                             "without spaces or control characters",
                             NQ_PROVENANCE_MAX - 1);
}

int count_name_host(nq_checkpoint *cp)
{
    const char *host = getenv("NQUEENS_HOST");
    if (host == NULL || *host == '\0')
        return NQ_OK;
    return nq_checkpoint_set_provenance(cp, NULL, host);
}

int count_part_open(const struct count_request *req, const nq_plan *plan,
                    nq_checkpoint **cp)
{
    *cp = NULL;
    size_t count = 0;
    int rc = nq_plan_part_ids(plan, req->part, req->parts, NULL, 0, &count);
    uint64_t *ids = NULL;
    if (rc == NQ_OK) {
        ids = malloc((count + 1) * sizeof *ids);
        rc = ids == NULL ? NQ_E_NOMEM
                         : nq_plan_part_ids(plan, req->part, req->parts, ids,
                                            count, &count);
    }
    if (rc == NQ_OK)
        rc = nq_checkpoint_open_part(
            req->checkpoint, req->n, nq_plan_signature(plan),
            nq_plan_size(plan), req->part, req->parts, ids, count, cp);
    free(ids);
    return rc;
}

void count_part_report(struct writer *out, const struct count_request *req,
                       const nq_count_result *sums, const char *engine,
                       double seconds)
{
    nq_checkpoint_info info;
    int rc = nq_checkpoint_read(req->checkpoint, &info);
    unsigned long long units = rc == NQ_OK ? info.part_size : 0;
    if (req->json) {
        struct json j;
        json_start(&j, out);
        json_begin_object(&j);
        json_key(&j, "n");
        json_int(&j, req->n);
        json_key(&j, "part");
        json_int(&j, (int)req->part);
        json_key(&j, "parts");
        json_int(&j, (int)req->parts);
        json_key(&j, "subproblems");
        json_uint(&j, units);
        json_key(&j, "solutions");
        json_uint(&j, sums->total);
        json_key(&j, "sym180");
        json_uint(&j, sums->sym180);
        json_key(&j, "sym90");
        json_uint(&j, sums->sym90);
        json_key(&j, "engine");
        json_string(&j, engine);
        json_key(&j, "seconds");
        json_double(&j, seconds, cli_seconds_decimals(seconds));
        json_end_object(&j);
        json_end_line(&j);
        return;
    }
    writer_printf(
        out,
        "n           %d\npart        %u/%u\nsubproblems %llu\n"
        "solutions   %llu\nsym180      %llu\nsym90       %llu\n"
        "engine      %s\nseconds     %.*f\n",
        req->n, req->part, req->parts, units, (unsigned long long)sums->total,
        (unsigned long long)sums->sym180, (unsigned long long)sums->sym90,
        engine, cli_seconds_decimals(seconds), seconds);
}

int count_part_refused(const struct count_request *req, const nq_plan *plan)
{
    char name[256];
    cli_quote(req->checkpoint, name, sizeof name);
    nq_checkpoint_info info;
    if (nq_checkpoint_read(req->checkpoint, &info) != NQ_OK || info.n != req->n)
        return checkpoint_error(req->checkpoint, NQ_E_CHECKPOINT, req->n, NULL,
                                0);
    if (info.parts == 0)
        return cli_error("checkpoint '%s' is of the whole count, not of part "
                         "%u/%u (give another file name)",
                         name, req->part, req->parts);
    if (info.part == 0)
        return cli_error("checkpoint '%s' is a merge of %llu parts of %u, "
                         "not part %u/%u (give another file name)",
                         name, (unsigned long long)info.parts_held, info.parts,
                         req->part, req->parts);
    if (info.part != req->part || info.parts != req->parts)
        return cli_error("checkpoint '%s' is of part %u/%u, not %u/%u (give "
                         "another file name)",
                         name, info.part, info.parts, req->part, req->parts);
    if (info.part_rule != NQ_PART_RULE)
        return cli_error("checkpoint '%s' holds parts cut by rule %d; this "
                         "nqueens cuts by rule %d (finish it with the "
                         "nqueens that began it)",
                         name, info.part_rule, NQ_PART_RULE);
    if (strcmp(info.signature, nq_plan_signature(plan)) != 0 ||
        info.size != nq_plan_size(plan))
        return cli_error("checkpoint '%s' was made for another plan ('%s', "
                         "%llu subproblems; this run: '%s', %llu) (give "
                         "another file name)",
                         name, info.signature, (unsigned long long)info.size,
                         nq_plan_signature(plan),
                         (unsigned long long)nq_plan_size(plan));
    /* The plan and the part agree: the subproblems the file holds, or
     * the size its part table gives, are not the part's. */
    return cli_error("checkpoint '%s' is of part %u/%u of this plan, but "
                     "what it holds is not that part's subproblems (an "
                     "altered file; give another file name)",
                     name, req->part, req->parts);
}
