/*
 * count_options.c - the options of a count, defined once for `nqueens
 * count` and nqueens-mpi, and the parse of a count's command line.
 */
#include <stdio.h>

#include "count/count_estimate.h"
#include "count/count_request.h"
#include "common/messages.h"
#include "nqueens.h"
#include "common/parse.h"

static const struct opt_choice engines[] = {
    {"auto", NQ_ENGINE_AUTO},
    {"join", NQ_ENGINE_JOIN},
    {"constellations", NQ_ENGINE_CONSTELLATIONS},
    {NULL, 0}};

const struct opt_def count_opt_memory = {
    .name = "memory",
    .letter = 'm',
    .kind = OPTK_SIZE,
    .value_name = "SIZE",
    .help = "memory budget, such as 512M or 2G (default 2G)"};

const struct opt_def count_opt_engine = {.name = "engine",
                                         .kind = OPTK_CHOICE,
                                         .value_name = "E",
                                         .help = "auto (default), join or "
                                                 "constellations",
                                         .choices = engines};

const struct opt_def count_opt_progress = {
    .name = "progress",
    .kind = OPTK_VALUE,
    .min = PROGRESS_ON,
    .help = "show progress on stderr also when it is not a terminal"};

const struct opt_def count_opt_quiet = {.name = "quiet",
                                        .letter = 'q',
                                        .kind = OPTK_VALUE,
                                        .min = PROGRESS_OFF,
                                        .help = "no progress display"};

const struct opt_def count_opt_checkpoint = {
    .name = "checkpoint",
    .kind = OPTK_STRING,
    .value_name = "FILE",
    .help = "keep finished work in FILE (an SQLite database)",
    .want = "a file name"};

/* The longest interval accepted: a day. */
const struct opt_def count_opt_interval = {
    .name = "checkpoint-interval",
    .kind = OPTK_SECONDS,
    .value_name = "SECONDS",
    .help = "seconds between two saves (default 10)",
    .min = 0,
    .max = 86400};

const struct opt_def count_opt_dry_run = {
    .name = "dry-run",
    .kind = OPTK_FLAG,
    .help = "say the engine, memory and estimated time, and exit\n"
            "(with --json as one object)"};

int count_parse(int argc, char **argv, const struct optable *t,
                const char *head, const char *tail, struct count_request *req)
{
    const char *n_text = NULL;
    int status = optable_parse(t, argc, argv, req, &n_text);
    if (status == OPTABLE_HELP) {
        optable_usage(head, t, tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    if (n_text == NULL)
        return cli_usage_error("count needs N");
    if (!cli_parse_n(n_text, NQ_MAX_N, "", &req->n))
        return EXIT_USAGE;
    if (req->n > COUNT_MAX_64BIT_N)
        return cli_error("count of %d: the total does not fit in 64 bits "
                         "(from N = %d on it is past 1.8e19); nothing was "
                         "counted",
                         req->n, COUNT_MAX_64BIT_N + 1);
    if (req->checkpoint_interval_set && req->checkpoint == NULL)
        return cli_usage_error("--checkpoint-interval needs --checkpoint FILE");
    return -1;
}
