/*
 * count_kernel.cl - the GPU's hot loop (OpenCL C 1.2), embedded into the
 * library at build time (cmake/embed_kernel.cmake) and built for the
 * device when a plan opens it (src/gpu/gpu_opencl.c).
 *
 * The same search as the CPU's constellation kernel (src/count/
 * count_kernel.c): the rows left free by a start constellation, filled
 * top to bottom with three bit masks (columns taken, diagonals running
 * down-right, diagonals running down-left); the border queens are folded
 * into a mask of closed squares per level (forbid) and the rows between two
 * levels into a shift (gap). The host has placed the first levels of each
 * search already (src/gpu/gpu_tasks.c): a task is the masks at one level,
 * and a work-item counts the completions below it by an iterative
 * depth-first search with an explicit stack of NQ_DEPTH levels (OpenCL C
 * has no recursion), the level in hand kept in registers and the stack
 * touched only on the way down and back up.
 *
 * Work per work-item: the work-items of a launch are fewer than its tasks;
 * each takes the next task from a counter (one 32-bit atomic per task) as
 * soon as its last one is done, so a long subtree keeps one work-item busy
 * while the others go on taking short ones. The loop is one loop: taking a
 * task and stepping the search are branches of the same iteration, so the
 * work-items of a warp stay in it together; and a work-item that comes
 * back up a level takes that level's next square in the same iteration,
 * not in one of its own (a third fewer iterations: the warp runs the way
 * back up for some of its work-items and the step for all of them, rather
 * than one iteration with each work-item doing only one or the other).
 *
 * Outputs: the count of task t goes to counts[t] (64 bits, written once, by
 * one work-item: no atomics on the counts); the host adds them per search
 * exactly, with overflow checks.
 *
 * Build options (from the host): NQ_DEPTH, the most levels a task leaves
 * below itself; NQ_GROUP, the work-group size; NQ_LOCAL_STACK, to keep the
 * stacks in local memory (one slice per work-item, interleaved so that
 * neighbouring work-items touch neighbouring words) instead of private
 * arrays; NQ_POP_APART, an iteration of its own for each way back up (the
 * loop as first written, kept to be timed against this one on a GPU);
 * NQ_BROKEN, only from the tests, a source that does not build.
 */

/*
 * The same source built as CUDA C++ (by NVRTC, src/gpu/gpu_cuda.c, where a
 * driver shows no OpenCL platform): NQ_CUDA spells OpenCL's words in
 * CUDA's, and the logic below is shared word for word.
 */
#ifdef NQ_CUDA
typedef unsigned int uint;
typedef unsigned long long ulong;
#define __kernel extern "C" __global__
#define __global
#define __local __shared__
#define NQ_BOUNDS __launch_bounds__(NQ_GROUP)
#define get_local_id(dim) threadIdx.x
#define atomic_inc(p) atomicAdd((unsigned int *)(p), 1u)
#endif
#ifndef NQ_BOUNDS
#define NQ_BOUNDS __attribute__((reqd_work_group_size(NQ_GROUP, 1, 1)))
#endif

#ifndef NQ_DEPTH
#define NQ_DEPTH 14
#endif
#ifndef NQ_GROUP
#define NQ_GROUP 64
#endif

/* The level data of each search take NQ_LEVEL_STRIDE entries: the boards
 * are at most 32 columns wide (the masks are 32-bit words). */
#define NQ_LEVEL_STRIDE 32

#ifdef NQ_BROKEN
#error the broken kernel of the tests: this source must not build
#endif

#ifdef NQ_LOCAL_STACK
#define NQ_STACK(array, level) array[(level) * NQ_GROUP + lid]
#else
#define NQ_STACK(array, level) array[level]
#endif

/*
 * levels[s * NQ_LEVEL_STRIDE + j]: of search s in the batch, level j's
 * closed squares (.x: forbid, the border queens' columns and diagonals and
 * the bits >= n) and its distance in rows from level j - 1 (.y: gap).
 * lasts[s]: the index of search s's last level.
 * tasks[t]: .x, .y, .z the columns and the two diagonals taken at the
 * task's level; .w the search (bits 8 and up) and the level (bits 0-7).
 */
__kernel void NQ_BOUNDS
nq_count_tasks(__global const uint2 *levels, __global const uint *lasts,
               __global const uint4 *tasks, const uint ntasks,
               __global ulong *counts, volatile __global uint *next)
{
    /* The stack holds, for each level above the one in hand, its squares
     * still to try with the one placed there still among them (its lowest
     * bit), and the two diagonals that reach it: three words a level (the
     * columns need none: the queen placed at a level is the lowest bit of
     * its squares, taken off the columns when the search comes back). */
#ifdef NQ_LOCAL_STACK
    const uint lid = (uint)get_local_id(0);
    __local uint todo[NQ_DEPTH * NQ_GROUP];
    __local uint right[NQ_DEPTH * NQ_GROUP];
    __local uint left[NQ_DEPTH * NQ_GROUP];
#else
    uint todo[NQ_DEPTH], right[NQ_DEPTH], left[NQ_DEPTH];
#endif
    /* The task in hand (none when t >= ntasks), its search's level data
     * from the task's level on (lv), the last level relative to it (last),
     * and its count so far. The level in hand (i) is in registers: the
     * squares still to try (avail), the diagonals that reach it (r, l) and
     * the columns taken above it (cols). */
    uint t = ntasks;
    __global const uint2 *lv = levels;
    uint last = 0, i = 0;
    uint avail = 0, r = 0, l = 0, cols = 0;
    ulong count = 0;
    for (;;) {
        if (t >= ntasks) {
            t = atomic_inc(next);
            if (t >= ntasks)
                break;
            uint4 task = tasks[t];
            uint search = task.w >> 8;
            uint base = task.w & 0xffu;
            lv = levels + (size_t)search * NQ_LEVEL_STRIDE + base;
            last = lasts[search] - base;
            cols = task.x;
            r = task.y;
            l = task.z;
            avail = ~(task.x | task.y | task.z | lv[0].x);
            i = 0;
            count = 0;
        }
        if (avail == 0) {
            /* This level is done: back to the one above, whose queen is
             * taken off (the lowest of its squares). */
            if (i == 0) {
                counts[t] = count;
                t = ntasks; /* take the next task */
                continue;
            }
            i--;
            avail = NQ_STACK(todo, i);
            r = NQ_STACK(right, i);
            l = NQ_STACK(left, i);
            uint placed = avail & (0u - avail);
            avail ^= placed;
            cols ^= placed;
#ifdef NQ_POP_APART
            continue;
#else
            if (avail == 0)
                continue; /* that level is done too */
#endif
        }
        uint bit = avail & (0u - avail); /* the lowest avail square */
        uint2 below = lv[i + 1];
        /* The diagonals move one column per row, below.y rows down. */
        uint c = cols | bit;
        uint rd = (r | bit) << below.y;
        uint ld = (l | bit) >> below.y;
        uint open = ~(c | rd | ld | below.x);
        if (i + 1 == last) {
            /* The last avail row: one column is left, and it fits or not. */
            count += open != 0;
            avail ^= bit;
            continue;
        }
        if (open == 0) {
            avail ^= bit;
            continue;
        }
        NQ_STACK(todo, i) = avail; /* the queen placed is its lowest bit */
        NQ_STACK(right, i) = r;
        NQ_STACK(left, i) = l;
        cols = c;
        r = rd;
        l = ld;
        avail = open;
        i++;
    }
}
