/*
 * gpu_run.c - a run of the GPU executor (nq__gpu_run), the same whatever
 * the device's API: the items' searches cut into tasks on the host, batch
 * by batch, two batches in flight (gpu_device.h's streams), and each
 * search's completions summed from its tasks' counts and reported in
 * order.
 */
#include <stdlib.h>

#include "common/clock.h"
#include "gpu/gpu_device.h"

/* A GPU's launch shape, chosen without a GPU at hand: each value can be
 * set at build time (-DNQ_GPU_GROUP=128 in CMAKE_C_FLAGS), so that
 * bench/gpu/tune.sh times others on one. The work-group size; the groups
 * a launch gives each compute unit; tasks leave n - NQ_GPU_REST_OFFSET
 * levels below them; the stacks in local memory (1) or private arrays
 * (0); the seconds of work a batch is sized to once the rate is known. */
#ifndef NQ_GPU_GROUP
#define NQ_GPU_GROUP 64
#endif
#ifndef NQ_GPU_GROUPS_PER_UNIT
#define NQ_GPU_GROUPS_PER_UNIT 16
#endif
#ifndef NQ_GPU_REST_OFFSET
#define NQ_GPU_REST_OFFSET 8
#endif
#ifndef NQ_GPU_LOCAL_STACK
#define NQ_GPU_LOCAL_STACK 1
#endif
#ifndef NQ_GPU_BATCH_SECONDS
#define NQ_GPU_BATCH_SECONDS 2.0
#endif

/* The most a batch grows over the one before, and the bounds of its
 * tasks. */
#define BATCH_GROWTH 4.0
#define BATCH_MIN_TASKS ((size_t)1 << 16)
#define BATCH_MAX_TASKS ((size_t)1 << 25)

/* One batch: its tasks on the host, its counts, its stream. */
struct slot {
    struct nq__gpu_batch batch;
    uint64_t *counts;   /* batch.tasks counts, from the device */
    size_t counts_room; /* room of counts */
    struct nq__gpu_stream *stream;
    size_t first_item; /* the items first_item .. first_item + searches */
    bool continued;    /* its first search goes on from the batch before */
    bool partial;      /* its last search goes on in the next batch */
};

struct run {
    const struct nq__gpu_shape *shape;
    size_t want_tasks; /* the tasks a batch is filled to */
    struct slot slots[2];
    struct nq__gpu_cut cut; /* where the search cut last stopped */
    uint64_t carry;         /* the completions of a search cut over batches, in
                               the batches reported so far */
};

void nq__gpu_shape_for(bool is_gpu, struct nq__gpu_shape *out)
{
    out->is_gpu = is_gpu;
    if (is_gpu) {
        /* By default two warps (or one wavefront) a group; enough groups
         * that each multiprocessor holds several while their stacks fit
         * its local memory; a first batch of 65,536 tasks, later ones
         * sized to the rate measured (NQ_GPU_BATCH_SECONDS each, growing
         * at most BATCH_GROWTH times a batch): long enough that the host's
         * part is hidden and each work-item takes dozens of tasks (so the
         * last, long ones cost little), short enough that a stop (which
         * waits for the batches in flight) comes soon. The small first
         * batches (a slow start) give the first results, and a stop,
         * within milliseconds where two seconds would hold the whole
         * count. */
        out->local_stack = NQ_GPU_LOCAL_STACK != 0;
        out->group = NQ_GPU_GROUP;
        out->groups_per_unit = NQ_GPU_GROUPS_PER_UNIT;
        out->batch_searches = 4096;
        out->batch_tasks = BATCH_MIN_TASKS;
    } else {
        /* A CPU device (PoCL) runs a group's work-items one after the
         * other on one core: a few small groups a core, small batches. */
        out->local_stack = false;
        out->group = 8;
        out->groups_per_unit = 2;
        out->batch_searches = 256;
        out->batch_tasks = (size_t)1 << 14;
    }
}

size_t nq__gpu_launch_groups(const struct nq__gpu_shape *shape, unsigned units,
                             size_t tasks)
{
    size_t groups = (tasks + shape->group - 1) / shape->group;
    size_t most = (size_t)(units > 0 ? units : 1) * shape->groups_per_unit;
    return groups < most ? groups : most;
}

size_t nq__gpu_stream_room(const struct nq__gpu_shape *shape, size_t room,
                           size_t tasks)
{
    if (room == 0)
        room = shape->batch_tasks;
    while (room < tasks)
        room *= 2;
    return room;
}

/* The levels a task leaves below it on this device, for a board of n. On
 * a GPU, about n - 8 (NQ_GPU_REST_OFFSET): a few million tasks or more
 * from n = 18 on (3.7 million at 18, 11 million at 20 with 12 levels;
 * each level more divides them by 6 to 8), enough for every work-item to
 * take many, while the host cuts them in seconds. On a CPU device (PoCL,
 * in the tests) tasks of 6 levels: many small tasks test the cut. */
static int rest_levels(const struct nq__gpu_shape *shape, int n)
{
    if (!shape->is_gpu)
        return 6;
    int rest = n - NQ_GPU_REST_OFFSET;
    return rest < 4 ? 4 : rest > NQ_GPU_DEPTH ? NQ_GPU_DEPTH : rest;
}

static int slot_open(const struct nq__gpu *g, struct slot *s, char *message,
                     size_t message_size)
{
    const struct nq__gpu_shape *shape = nq__gpu_shape(g);
    int rc = nq__gpu_stream_open(g, message, message_size, &s->stream);
    if (rc == 0)
        rc = nq__gpu_batch_init(&s->batch, shape->batch_searches,
                                shape->batch_tasks);
    return rc;
}

static void slot_release(struct slot *s)
{
    nq__gpu_stream_close(s->stream); /* waits for what is in flight */
    free(s->counts);
    nq__gpu_batch_free(&s->batch);
}

/* Fills slot s with the searches of items from `item` on: until the batch
 * holds its tasks, its searches, or the items run out. A search that does
 * not fit whole is cut at the batch's tasks, and the next batch begins
 * with the rest of it (the same item). */
static int slot_fill(struct run *r, struct slot *s, size_t item, size_t count,
                     nq__gpu_setup_fn setup, void *user, int rest)
{
    nq__gpu_batch_clear(&s->batch);
    s->first_item = item;
    s->continued = r->cut.more;
    s->partial = false;
    struct nq__kernel_setup k;
    while (item < count && s->batch.searches < r->shape->batch_searches &&
           s->batch.tasks < r->want_tasks) {
        int rc = setup(user, item, &k);
        if (rc == 0)
            rc = nq__gpu_batch_add_part(&s->batch, &k, rest, r->want_tasks,
                                        &r->cut);
        if (rc != 0)
            return rc;
        if (r->cut.more) {
            s->partial = true;
            break;
        }
        item++;
    }
    return 0;
}

/* The items slot s finishes: its searches, but one cut to go on. */
static size_t slot_items(const struct slot *s)
{
    return s->batch.searches - (s->partial ? 1 : 0);
}

/* Starts the count of slot s's batch (called after its last wait, so
 * that its counts may move). */
static int slot_launch(struct slot *s)
{
    const struct nq__gpu_batch *b = &s->batch;
    if (b->tasks == 0)
        return 0; /* every search counted on the host */
    if (b->tasks > s->counts_room) {
        uint64_t *counts = realloc(s->counts, b->tasks * sizeof *counts);
        if (counts == NULL)
            return NQ_E_NOMEM;
        s->counts = counts;
        s->counts_room = b->tasks;
    }
    return nq__gpu_stream_launch(s->stream, b, s->counts);
}

/* Hands slot s's searches to `done`, in order: a search cut over
 * batches once, with the sum of its parts, when its last part is in. */
static int slot_report(struct run *r, struct slot *s, nq__gpu_done_fn done,
                       void *user)
{
    for (size_t k = 0; k < s->batch.searches; k++) {
        uint64_t completions;
        int rc = nq__gpu_batch_sum(&s->batch, k, s->counts, &completions);
        if (rc == 0 && k == 0 && s->continued &&
            __builtin_add_overflow(completions, r->carry, &completions))
            rc = NQ_E_OVERFLOW;
        if (rc == 0 && k + 1 == s->batch.searches && s->partial) {
            r->carry = completions;
            break;
        }
        if (rc == 0)
            rc = done(user, s->first_item + k, completions);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int nq__gpu_run(const struct nq__gpu *g, int n, size_t count,
                nq__gpu_setup_fn setup, nq__gpu_done_fn done, void *user,
                char *message, size_t message_size)
{
    if (g == NULL || setup == NULL || done == NULL)
        return NQ_E_INVAL;
    if (count == 0)
        return 0;
    const struct nq__gpu_shape *shape = nq__gpu_shape(g);
    struct run r = {.shape = shape, .want_tasks = shape->batch_tasks};
    double start = nq__monotonic_seconds();
    uint64_t counted = 0; /* tasks counted and reported */
    int rc = slot_open(g, &r.slots[0], message, message_size);
    if (rc == 0)
        rc = slot_open(g, &r.slots[1], message, message_size);

    int rest = rest_levels(shape, n);
    size_t item = 0;
    int cur = 0;
    if (rc == 0)
        rc = slot_fill(&r, &r.slots[cur], item, count, setup, user, rest);
    if (rc == 0)
        rc = slot_launch(&r.slots[cur]);
    item += slot_items(&r.slots[cur]);
    while (rc == 0) {
        struct slot *s = &r.slots[cur], *other = &r.slots[1 - cur];
        bool more = item < count;
        /* The next batch is cut on the host while the device counts this
         * one, and queued before this one ends, so that the device never
         * waits for the host. */
        if (more) {
            rc = slot_fill(&r, other, item, count, setup, user, rest);
            item += slot_items(other);
            if (rc == 0)
                rc = slot_launch(other);
        }
        if (rc == 0)
            rc = nq__gpu_stream_wait(s->stream);
        if (rc == 0)
            rc = slot_report(&r, s, done, user);
        counted += s->batch.tasks;
        double seconds = nq__monotonic_seconds() - start;
        if (shape->is_gpu) {
            /* The next batches: BATCH_GROWTH times this one, but no more
             * than NQ_GPU_BATCH_SECONDS at the rate so far once it is
             * known. */
            double want = (double)r.want_tasks * BATCH_GROWTH;
            if (seconds > 0.05 && counted > 0) {
                double at_rate =
                    (double)counted / seconds * NQ_GPU_BATCH_SECONDS;
                want = want < at_rate ? want : at_rate;
            }
            r.want_tasks = want < (double)BATCH_MIN_TASKS   ? BATCH_MIN_TASKS
                           : want > (double)BATCH_MAX_TASKS ? BATCH_MAX_TASKS
                                                            : (size_t)want;
        }
        if (!more)
            break;
        cur = 1 - cur;
    }
    for (int i = 0; i < 2; i++)
        slot_release(&r.slots[i]);
    return rc;
}
