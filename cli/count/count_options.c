/*
 * count_options.c - the options of a count, defined once for `nqueens
 * count` and nqueens-mpi, the parse of a count's command line, and the
 * one step from the request it gives to the library's options.
 */
#include <stdio.h>
#include <string.h>

#include "common/messages.h"
#include "common/parse.h"
#include "count/count_estimate.h"
#include "count/count_request.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/replace.h"
#include "output/writer.h"

static const struct opt_choice engines[] = {
    {"auto", NQ_ENGINE_AUTO},
    {"join", NQ_ENGINE_JOIN},
    {"constellations", NQ_ENGINE_CONSTELLATIONS},
    {"gpu", NQ_ENGINE_GPU},
    {NULL, 0}};

const struct opt_def count_opt_memory = {
    .name = "memory",
    .letter = 'm',
    .kind = OPTK_SIZE,
    .value_name = "SIZE",
    .help = "memory budget, such as 512M or 2G (default 2G)",
    /* 2^64 - 1 bytes, the most a size holds, is 16777215T and more. */
    .want = "a size such as 512M or 2G, at most 16777215T"};

const struct opt_def count_opt_engine = {.name = "engine",
                                         .kind = OPTK_CHOICE,
                                         .value_name = "E",
                                         .help = "auto (default), join, "
                                                 "constellations or gpu",
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
    .help = "say the engine, passes, memory and estimated time\n"
            "at once (a model, no census walked, scaled by\n"
            "this machine's speed; NQUEENS_SPEED fixes it),\n"
            "and exit (with --json as one object)"};

const struct opt_def count_opt_device = {
    .name = "device",
    .kind = OPTK_INT,
    .value_name = "ID",
    .help = "the device of --engine gpu, as --list-devices\n"
            "numbers them (default: the first GPU)",
    .min = 0,
    .max = 1023,
    .want = "a device number from --list-devices"};

const struct opt_def count_opt_list_devices = {
    .name = "list-devices",
    .kind = OPTK_FLAG,
    .help = "name the devices (OpenCL, or CUDA) that --device\n"
            "takes, and exit (with --json one object a line)"};

int count_gpu_error(const struct count_request *req, int rc,
                    const char *message)
{
    if (message == NULL || message[0] == '\0')
        message = nq_strerror(rc);
    return cli_error("count of %d on the GPU: %s", req->n, message);
}

void count_engine_name(const nq_plan *plan, char *engine, size_t size)
{
    int device = nq_plan_device(plan);
    if (device >= 0)
        snprintf(engine, size, "%s on GPU device %d", nq_plan_signature(plan),
                 device);
    else
        snprintf(engine, size, "%s", nq_plan_signature(plan));
}

/* The N the join takes under auto (NQ_JOIN_MIN_N to NQ_JOIN_MAX_N in
 * src/count): below them the constellations are auto's choice, not a
 * fallback. */
#define COUNT_AUTO_JOIN_MIN_N 4
#define COUNT_AUTO_JOIN_MAX_N 23

void count_note_fallback(const struct count_request *req, int asked,
                         const nq_plan *plan)
{
    if (asked != NQ_ENGINE_AUTO || req->progress == PROGRESS_OFF ||
        req->n < COUNT_AUTO_JOIN_MIN_N || req->n > COUNT_AUTO_JOIN_MAX_N ||
        nq_plan_engine(plan) != NQ_ENGINE_CONSTELLATIONS)
        return;
    cli_note("count of %d: the join does not fit the memory budget "
             "(--memory), so the constellations count it, more slowly",
             req->n);
}

int count_rank_device(int rank)
{
    int count = nq_gpu_device_count();
    int gpus[64], found = 0;
    for (int i = 0; i < count && found < 64; i++) {
        char name[512];
        /* nq_gpu_device_name() gives the kind after the name: "(gpu, " */
        if (nq_gpu_device_name(i, name, sizeof name) == NQ_OK &&
            strstr(name, " (gpu, ") != NULL)
            gpus[found++] = i;
    }
    return found > 0 && rank >= 0 ? gpus[rank % found] : -1;
}

int count_list_devices(const char *output, bool json)
{
    int count = nq_gpu_device_count();
    if (count < 0) {
        char why[256];
        nq_gpu_device_name(0, why, sizeof why);
        return cli_error("no GPU devices: %s", why);
    }
    /* No device is an answer, an empty list: -o FILE is written, empty. */
    struct writer out;
    if (writer_open(&out, output) != 0)
        return EXIT_USAGE;
    if (count == 0) {
        if (strcmp(nq_gpu_api(), "CUDA") == 0)
            cli_note("no CUDA device found (the NVIDIA driver and a GPU are "
                     "needed)");
        else
            cli_note("no OpenCL device found (install the driver's OpenCL "
                     "ICD, or pocl-opencl-icd to run on the CPU)");
    }
    for (int i = 0; i < count; i++) {
        char name[512];
        if (nq_gpu_device_name(i, name, sizeof name) != NQ_OK)
            continue;
        if (!json) {
            writer_printf(&out, "%d: %s\n", i, name);
            continue;
        }
        struct json j;
        json_start(&j, &out);
        json_begin_object(&j);
        json_key(&j, "device");
        json_int(&j, i);
        json_key(&j, "description");
        json_string(&j, name);
        json_end_object(&j);
        json_end_line(&j);
    }
    return writer_close(&out, true) != 0 ? EXIT_USAGE : EXIT_OK;
}

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
    if (req->list_devices && n_text == NULL)
        return count_list_devices(req->output, req->json);
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
    if (req->parts > 0 && req->checkpoint == NULL)
        return cli_usage_error("--part needs --checkpoint FILE (the part's "
                               "counts go there, for `nqueens merge`)");
    if (req->census != NULL && req->checkpoint == NULL)
        return cli_usage_error("--census needs --checkpoint FILE");
    /* One file for two jobs: the result (or the census) written over the
     * checkpoint would destroy it. */
    const char *same = NULL;
    if (req->checkpoint != NULL && req->output != NULL &&
        replace_same_file(req->checkpoint, req->output))
        same = "-o";
    else if (req->checkpoint != NULL && req->census != NULL &&
             replace_same_file(req->checkpoint, req->census))
        same = "--census";
    if (same != NULL) {
        char name[256];
        cli_quote(req->checkpoint, name, sizeof name);
        return cli_usage_error("%s names the checkpoint '%s' itself, which "
                               "writing it would destroy; give another file "
                               "name",
                               same, name);
    }
    if (req->list_devices)
        return cli_usage_error("--list-devices takes no N");
    if (req->device_set) {
        /* A device is asked for: the GPU engine, unless another is. */
        if (req->engine == NQ_ENGINE_AUTO)
            req->engine = NQ_ENGINE_GPU;
        if (req->engine != NQ_ENGINE_GPU)
            return cli_usage_error("--device needs --engine gpu");
    }
    return -1;
}

void count_request_options(const struct count_request *req, bool in_passes,
                           nq_count_options *options,
                           nq_plan_options *plan_options)
{
    nq_count_options_init(options, NQ_COUNT_OPTIONS_VERSION);
    options->threads = req->threads;
    options->memory_bytes = req->memory_bytes;
    options->engine = (nq_engine)req->engine;
    if (req->device_set)
        options->device = req->device;
    if (plan_options == NULL)
        return;
    nq_plan_options_init(plan_options, NQ_PLAN_OPTIONS_VERSION);
    /* The join in passes of about a tenth of the run each, even where the
     * whole table fits: a killed run redoes at most the passes it was
     * building or joining, and a rank of nqueens-mpi, handed a pass,
     * builds and holds a tenth of the table. */
    if (in_passes)
        plan_options->min_passes = CHECKPOINT_PASSES;
    /* A part builds the tables of its own passes alone: a walk of every
     * top to cut them would be most of its overhead. Its passes are cut
     * for its own units, each about a tenth of the whole run as above:
     * fewer builds than a share of each of the whole plan's passes. */
    if (req->parts > 0) {
        plan_options->census_estimate = 1;
        plan_options->part = req->part;
        plan_options->parts = req->parts;
        if (in_passes)
            plan_options->min_passes =
                (CHECKPOINT_PASSES + req->parts - 1) / req->parts;
    }
    /* A census read from --census FILE, or walked whole to be written
     * there for the other parts. */
    if (req->census != NULL)
        plan_options->census_estimate = 0;
}
