/*
 * gpu_tasks.c - a search cut into tasks for the device. One start
 * constellation is one unit of the plan, but its search alone would keep
 * one work-item busy while the device has tens of thousands: its first
 * levels are placed here, on the host, and each placement that leaves a
 * free square on the next level becomes a task, the masks at that level.
 * A task then leaves at most `rest` levels below it, so that the device's
 * stack stays small and the tasks many; their counts, added per search,
 * are the search's completions, exactly what the CPU kernel counts. A
 * search with more tasks than a batch takes is cut a batch at a time
 * (struct nq__gpu_cut), its parts' counts added up by the run.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "gpu/gpu.h"

int nq__gpu_batch_init(struct nq__gpu_batch *b, size_t max_searches,
                       size_t max_tasks)
{
    memset(b, 0, sizeof *b);
    if (max_searches == 0 || max_tasks == 0)
        return NQ_E_INVAL;
    b->max_searches = max_searches;
    b->max_tasks = max_tasks;
    b->levels =
        calloc(max_searches * NQ_GPU_LEVEL_STRIDE * 2, sizeof *b->levels);
    b->lasts = calloc(max_searches, sizeof *b->lasts);
    b->first = calloc(max_searches + 1, sizeof *b->first);
    b->direct = calloc(max_searches, sizeof *b->direct);
    b->task_words = malloc(max_tasks * 4 * sizeof *b->task_words);
    if (b->levels == NULL || b->lasts == NULL || b->first == NULL ||
        b->direct == NULL || b->task_words == NULL) {
        nq__gpu_batch_free(b);
        return NQ_E_NOMEM;
    }
    return 0;
}

void nq__gpu_batch_free(struct nq__gpu_batch *b)
{
    free(b->levels);
    free(b->lasts);
    free(b->first);
    free(b->direct);
    free(b->task_words);
    memset(b, 0, sizeof *b);
}

void nq__gpu_batch_clear(struct nq__gpu_batch *b)
{
    b->searches = 0;
    b->tasks = 0;
    b->first[0] = 0;
}

/* Room for one more task. */
static int batch_reserve(struct nq__gpu_batch *b)
{
    if (b->tasks < b->max_tasks)
        return 0;
    size_t grown = b->max_tasks * 2;
    uint32_t *words = realloc(b->task_words, grown * 4 * sizeof *words);
    if (words == NULL)
        return NQ_E_NOMEM;
    b->task_words = words;
    b->max_tasks = grown;
    return 0;
}

/* Appends the task of search k at `level` with the masks given. */
static int batch_task(struct nq__gpu_batch *b, size_t k, int level,
                      uint32_t cols, uint32_t right, uint32_t left)
{
    if (batch_reserve(b) != 0)
        return NQ_E_NOMEM;
    uint32_t *w = b->task_words + b->tasks * 4;
    w[0] = cols;
    w[1] = right;
    w[2] = left;
    w[3] = (uint32_t)k << 8 | (uint32_t)level;
    b->tasks++;
    return 0;
}

/* The tasks of search k: the placements of its levels 0..start-1 (each
 * level's free squares from the three masks and its closed squares, as
 * the kernel computes them), one task per placement whose level `start`
 * has a free square; made while the batch holds fewer than max_tasks,
 * from where `cut` stopped (cut->more) or from the start. */
static int batch_expand(struct nq__gpu_batch *b, size_t k, int start,
                        size_t max_tasks, struct nq__gpu_cut *cut)
{
    const uint32_t *lv = b->levels + k * NQ_GPU_LEVEL_STRIDE * 2;
    if (start == 0) {
        cut->more = false;
        // cppcheck-suppress knownConditionTrueFalse ; ~x can be 0
        if (~lv[0] == 0)
            return 0; /* no free square on the first level */
        return batch_task(b, k, 0, 0, 0, 0);
    }
    if (!cut->more) {
        cut->cols[0] = 0;
        cut->right[0] = 0;
        cut->left[0] = 0;
        cut->todo[0] = ~lv[0];
        cut->level = 0;
        cut->more = true;
    }
    int i = cut->level;
    for (;;) {
        uint32_t avail = cut->todo[i];
        if (avail == 0) {
            if (i == 0) {
                cut->more = false;
                break;
            }
            i--;
            continue;
        }
        if (b->tasks >= max_tasks)
            break; /* the batch is full: the next one goes on from here */
        uint32_t bit = nq__lowest_bit32(avail);
        cut->todo[i] = avail ^ bit;
        int j = i + 1;
        uint32_t gap = lv[(size_t)j * 2 + 1];
        uint32_t c = cut->cols[i] | bit;
        uint32_t r = (cut->right[i] | bit) << gap;
        uint32_t l = (cut->left[i] | bit) >> gap;
        uint32_t next = ~(c | r | l | lv[(size_t)j * 2]);
        // cppcheck-suppress knownConditionTrueFalse ; ~x can be 0
        if (next == 0)
            continue;
        if (j == start) {
            if (batch_task(b, k, start, c, r, l) != 0)
                return NQ_E_NOMEM;
            continue;
        }
        cut->cols[j] = c;
        cut->right[j] = r;
        cut->left[j] = l;
        cut->todo[j] = next;
        i = j;
    }
    cut->level = i;
    return 0;
}

int nq__gpu_batch_add_part(struct nq__gpu_batch *b,
                           const struct nq__kernel_setup *s, int rest,
                           size_t max_tasks, struct nq__gpu_cut *cut)
{
    if (b->searches >= b->max_searches || rest < 1 || rest > NQ_GPU_DEPTH ||
        s->levels > NQ_GPU_LEVEL_STRIDE)
        return NQ_E_INVAL;
    size_t k = b->searches;
    uint32_t *lv = b->levels + k * NQ_GPU_LEVEL_STRIDE * 2;
    for (int j = 0; j < s->levels; j++) {
        /* The low 32 bits: the board is at most 32 columns wide, and the
         * bits >= n stay closed in them. */
        lv[(size_t)j * 2] = (uint32_t)s->forbid[j];
        lv[(size_t)j * 2 + 1] = j == 0 ? 0 : (uint32_t)s->gap[j];
    }
    b->direct[k] = 0;
    b->lasts[k] = s->levels > 0 ? (uint32_t)s->levels - 1 : 0;
    size_t tasks = b->tasks;
    if (s->levels <= 1) {
        /* The border queens and at most one free row: the CPU kernel's
         * answer, without a task. */
        cut->more = false;
        b->direct[k] = nq__kernel_count(s);
    } else {
        /* Levels 0 .. start-1 placed here, so that a task leaves at most
         * `rest` levels (levels - 1 - start) below it. */
        int start = s->levels - 1 - rest;
        if (start < 0)
            start = 0;
        if (batch_expand(b, k, start, max_tasks, cut) != 0) {
            b->tasks = tasks;
            return NQ_E_NOMEM;
        }
    }
    b->searches++;
    b->first[b->searches] = b->tasks;
    return 0;
}

int nq__gpu_batch_add(struct nq__gpu_batch *b, const struct nq__kernel_setup *s,
                      int rest)
{
    struct nq__gpu_cut whole = {.more = false};
    return nq__gpu_batch_add_part(b, s, rest, SIZE_MAX, &whole);
}

int nq__gpu_batch_sum(const struct nq__gpu_batch *b, size_t k,
                      const uint64_t *counts, uint64_t *sum)
{
    uint64_t s = b->direct[k];
    for (uint64_t t = b->first[k]; t < b->first[k + 1]; t++) {
        if (__builtin_add_overflow(s, counts[t], &s))
            return NQ_E_OVERFLOW;
    }
    *sum = s;
    return 0;
}

/* The kernel's loop for one task, in C, step for step (count_kernel.cl
 * says what each word holds). */
static uint64_t task_count(const struct nq__gpu_batch *b, size_t t)
{
    const uint32_t *w = b->task_words + t * 4;
    size_t search = w[3] >> 8;
    uint32_t base = w[3] & 0xffu;
    const uint32_t *lv = b->levels + (search * NQ_GPU_LEVEL_STRIDE + base) * 2;
    uint32_t last = b->lasts[search] - base;
    uint32_t todo[NQ_GPU_DEPTH], taken[NQ_GPU_DEPTH];
    uint32_t right[NQ_GPU_DEPTH], left[NQ_GPU_DEPTH];
    uint32_t cols = w[0], r = w[1], l = w[2];
    uint32_t avail = ~(w[0] | w[1] | w[2] | lv[0]);
    uint32_t i = 0, pending = 0;
    uint64_t count = 0;
    for (;;) {
        if (avail == 0) {
            if (pending == 0)
                return count;
            i = 31u - (uint32_t)__builtin_clz(pending);
            pending ^= 1u << i;
            avail = todo[i];
            cols = taken[i];
            r = right[i];
            l = left[i];
        }
        uint32_t bit = nq__lowest_bit32(avail);
        avail ^= bit;
        uint32_t gap = lv[((size_t)i + 1) * 2 + 1];
        uint32_t c = cols | bit;
        uint32_t rd = (r | bit) << gap;
        uint32_t ld = (l | bit) >> gap;
        uint32_t open = ~(c | rd | ld | lv[((size_t)i + 1) * 2]);
        if (i + 1 == last) {
            count += open != 0;
            continue;
        }
        // cppcheck-suppress knownConditionTrueFalse ; ~x can be 0
        if (open == 0)
            continue;
        if (avail != 0) {
            todo[i] = avail;
            taken[i] = cols;
            right[i] = r;
            left[i] = l;
            pending |= 1u << i;
        }
        cols = c;
        r = rd;
        l = ld;
        avail = open;
        i++;
    }
}

void nq__gpu_tasks_count(const struct nq__gpu_batch *b, uint64_t *counts)
{
    for (size_t t = 0; t < b->tasks; t++)
        counts[t] = task_count(b, t);
}
