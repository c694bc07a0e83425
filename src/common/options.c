/*
 * options.c - the defaults of every options struct, and the size of each
 * version of each, so that a caller built against an older header (a
 * smaller struct) has only its own fields written by _init and read by the
 * calls. A struct that grows gets a line in its table below, the end of
 * its new last field, and its new field's default here.
 */
#include <stddef.h>
#include <string.h>

#include "common/options.h"

/* The bytes up to the end of `field`: the size of the version whose last
 * field it is (tail padding left out, which the caller may not have). */
#define END_OF(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))

/* The size of each version of a struct; [0] stands for no version. */
struct versions {
    const size_t *sizes;
    unsigned count; /* versions 1 .. count - 1 are known */
};

static const size_t count_sizes[] = {
    0, END_OF(nq_count_options, progress_user),    /* 1 */
    END_OF(nq_count_options, device_message_size), /* 2: the GPU engine */
};
static const size_t solve_sizes[] = {
    0, END_OF(nq_solve_options, buffer_bytes), /* 1 */
};
static const size_t complete_sizes[] = {
    0,
    END_OF(nq_complete_options, progress_user), /* 1 */
    /* 2: the end of a pointer field (the pointer's sizeof is meant) */
    /* NOLINTNEXTLINE(bugprone-sizeof-expression) */
    END_OF(nq_complete_options, exclusions),
};
static const size_t plan_sizes[] = {
    0, END_OF(nq_plan_options, census_len),   /* 1 */
    END_OF(nq_plan_options, census_estimate), /* 2 */
    END_OF(nq_plan_options, parts),           /* 3: the plan of a part */
};

#define VERSIONS(table)                                                        \
    ((struct versions){(table), (unsigned)(sizeof(table) / sizeof *(table))})

/* The newest version of each table is the one this header defines. */
_Static_assert(sizeof count_sizes / sizeof *count_sizes ==
                   NQ_COUNT_OPTIONS_VERSION + 1,
               "a line in count_sizes for each version");
_Static_assert(sizeof solve_sizes / sizeof *solve_sizes ==
                   NQ_SOLVE_OPTIONS_VERSION + 1,
               "a line in solve_sizes for each version");
_Static_assert(sizeof complete_sizes / sizeof *complete_sizes ==
                   NQ_COMPLETE_OPTIONS_VERSION + 1,
               "a line in complete_sizes for each version");
_Static_assert(sizeof plan_sizes / sizeof *plan_sizes ==
                   NQ_PLAN_OPTIONS_VERSION + 1,
               "a line in plan_sizes for each version");

/* The version is every struct's first member. */
_Static_assert(offsetof(nq_count_options, version) == 0, "version first");
_Static_assert(offsetof(nq_solve_options, version) == 0, "version first");
_Static_assert(offsetof(nq_complete_options, version) == 0, "version first");
_Static_assert(offsetof(nq_plan_options, version) == 0, "version first");

/* The bytes of `version`, or 0 for a version not known. */
static size_t version_size(struct versions v, unsigned version)
{
    return version >= 1 && version < v.count ? v.sizes[version] : 0;
}

/* Writes the first bytes of `defaults` (a whole struct of the newest
 * version) that `version` has to `options`, whose first member is the
 * version. */
static int options_init(void *options, const void *defaults, struct versions v,
                        unsigned version)
{
    size_t size = version_size(v, version);
    if (options == NULL || size == 0)
        return NQ_E_INVAL;
    memcpy(options, defaults, size);
    memcpy(options, &version, sizeof version);
    return NQ_OK;
}

/* *out = `defaults` (a whole struct of the newest version, `size` bytes),
 * then the fields of `given` (NULL: none) that its version has, but for
 * the version, which stays the newest. On a version not known, *out keeps
 * the defaults and NQ_E_INVAL is returned. */
static int options_read(void *out, const void *defaults, size_t size,
                        const void *given, struct versions v)
{
    memcpy(out, defaults, size);
    if (given == NULL)
        return NQ_OK;
    unsigned version;
    memcpy(&version, given, sizeof version);
    size_t known = version_size(v, version);
    if (known == 0)
        return NQ_E_INVAL;
    memcpy(out, given, known);
    memcpy(out, defaults, sizeof version);
    return NQ_OK;
}

static int threads_within(int threads)
{
    return threads > NQ_MAX_THREADS ? NQ_MAX_THREADS : threads;
}

static void count_defaults(nq_count_options *o)
{
    memset(o, 0, sizeof *o);
    o->version = NQ_COUNT_OPTIONS_VERSION;
    o->threads = 0;      /* all usable cores */
    o->memory_bytes = 0; /* the default budget */
    o->engine = NQ_ENGINE_AUTO;
    o->progress = NULL;
    o->progress_user = NULL;
    o->device = -1; /* the first GPU, else the first device */
    o->device_message = NULL;
    o->device_message_size = 0;
}

static void solve_defaults(nq_solve_options *o)
{
    memset(o, 0, sizeof *o);
    o->version = NQ_SOLVE_OPTIONS_VERSION;
    o->threads = 0;      /* all usable cores */
    o->buffer_bytes = 0; /* the default buffer */
}

static void complete_defaults(nq_complete_options *o)
{
    memset(o, 0, sizeof *o);
    o->version = NQ_COMPLETE_OPTIONS_VERSION;
    o->threads = 0;    /* all usable cores */
    o->node_limit = 0; /* no limit */
    o->progress = NULL;
    o->progress_user = NULL;
    o->exclusions = NULL; /* none */
}

static void plan_defaults(nq_plan_options *o)
{
    memset(o, 0, sizeof *o);
    o->version = NQ_PLAN_OPTIONS_VERSION;
    o->min_passes = 0;   /* as few passes as the budget allows */
    o->census_parts = 0; /* no census shared */
    o->census = NULL;    /* none given: walked */
    o->census_estimate = 0;
    o->part = 0;
    o->parts = 0;
}

int nq_count_options_init(nq_count_options *options, unsigned version)
{
    nq_count_options d;
    count_defaults(&d);
    return options_init(options, &d, VERSIONS(count_sizes), version);
}

int nq_solve_options_init(nq_solve_options *options, unsigned version)
{
    nq_solve_options d;
    solve_defaults(&d);
    return options_init(options, &d, VERSIONS(solve_sizes), version);
}

int nq_complete_options_init(nq_complete_options *options, unsigned version)
{
    nq_complete_options d;
    complete_defaults(&d);
    return options_init(options, &d, VERSIONS(complete_sizes), version);
}

int nq_plan_options_init(nq_plan_options *options, unsigned version)
{
    nq_plan_options d;
    plan_defaults(&d);
    return options_init(options, &d, VERSIONS(plan_sizes), version);
}

int nq__count_options_read(const nq_count_options *given, nq_count_options *out)
{
    nq_count_options d;
    count_defaults(&d);
    int rc = options_read(out, &d, sizeof d, given, VERSIONS(count_sizes));
    out->threads = threads_within(out->threads);
    return rc;
}

int nq__solve_options_read(const nq_solve_options *given, nq_solve_options *out)
{
    nq_solve_options d;
    solve_defaults(&d);
    int rc = options_read(out, &d, sizeof d, given, VERSIONS(solve_sizes));
    out->threads = threads_within(out->threads);
    return rc;
}

int nq__complete_options_read(const nq_complete_options *given,
                              nq_complete_options *out)
{
    nq_complete_options d;
    complete_defaults(&d);
    int rc = options_read(out, &d, sizeof d, given, VERSIONS(complete_sizes));
    out->threads = threads_within(out->threads);
    return rc;
}

int nq__plan_options_read(const nq_plan_options *given, nq_plan_options *out)
{
    nq_plan_options d;
    plan_defaults(&d);
    return options_read(out, &d, sizeof d, given, VERSIONS(plan_sizes));
}
