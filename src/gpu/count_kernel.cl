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
 * touched only on the way down from a level with squares left and on the
 * way back up to it.
 *
 * Work per work-item: the work-items of a launch are fewer than its tasks;
 * each takes the next task from a counter (one 32-bit atomic per task) as
 * soon as its last one is done, so a long subtree keeps one work-item busy
 * while the others go on taking short ones. The loop is one loop, and each
 * of its iterations tries one square: taking a task and going back up are
 * branches of the same iteration, so the work-items of a warp stay in it
 * together. Going back up goes straight to the deepest level that still
 * has squares to try, however far up: a level whose last square is taken
 * is not kept on the stack at all (a bit mask, pending, says which levels
 * are), so no iteration is spent on a level with nothing left to do (at
 * n = 16 that is a quarter of the iterations of a loop that goes back one
 * level an iteration).
 *
 * Outputs: the count of task t goes to counts[t] (64 bits, written once, by
 * one work-item: no atomics on the counts); the host adds them per search
 * exactly, with overflow checks.
 *
 * Build options (from the host): NQ_DEPTH, the most levels a task leaves
 * below itself; NQ_GROUP, the work-group size; NQ_LOCAL_STACK, to keep the
 * stacks in local memory (one slice per work-item, interleaved so that
 * neighbouring work-items touch neighbouring words) instead of private
 * arrays; NQ_BROKEN, only from the tests, a source that does not build.
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
#define clz(x) ((uint)__clz((int)(x)))
#define NQ_UINT4(x, y, z, w) make_uint4(x, y, z, w)
#endif
#ifndef NQ_UINT4
#define NQ_UINT4(x, y, z, w) ((uint4)(x, y, z, w))
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

#if NQ_DEPTH > 32
#error the levels of a task are bits of a 32-bit word (pending)
#endif

#ifdef NQ_BROKEN
#error the broken kernel of the tests: this source must not build
#endif

#ifdef NQ_LOCAL_STACK
#define NQ_STACK(level) stack[(level) * NQ_GROUP + lid]
#else
#define NQ_STACK(level) stack[level]
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
    /* The stack holds, for each level above the one in hand that still
     * has squares to try (bit j of pending set for level j), those squares
     * (.x), the columns taken above that level (.y) and the two diagonals
     * that reach it (.z, .w): one 128-bit word a level, read and written
     * whole. A level whose last square is placed is not stored: coming
     * back up passes over it. */
#ifdef NQ_LOCAL_STACK
    const uint lid = (uint)get_local_id(0);
    __local uint4 stack[NQ_DEPTH * NQ_GROUP];
#else
    uint4 stack[NQ_DEPTH];
#endif
    /* The task in hand (none when t >= ntasks), its search's level data
     * from the task's level on (lv), the last level relative to it (last),
     * the levels on the stack (pending) and its count so far. The level in
     * hand (i) is in registers: the squares still to try (avail), the
     * columns taken above it (cols) and the diagonals that reach it (r, l). */
    uint t = ntasks;
    __global const uint2 *lv = levels;
    uint last = 0, i = 0, pending = 0;
    uint avail = 0, cols = 0, r = 0, l = 0;
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
            pending = 0;
            count = 0;
        }
        if (avail == 0) {
            if (pending == 0) {
                /* No level has squares left: the task is done. */
                counts[t] = count;
                t = ntasks; /* take the next task */
                continue;
            }
            /* Back up to the deepest level with squares left. */
            i = 31u - clz(pending);
            pending ^= 1u << i;
            uint4 saved = NQ_STACK(i);
            avail = saved.x;
            cols = saved.y;
            r = saved.z;
            l = saved.w;
        }
        uint bit = avail & (0u - avail); /* the lowest avail square */
        avail ^= bit;
        uint2 below = lv[i + 1];
        /* The diagonals move one column per row, below.y rows down. */
        uint c = cols | bit;
        uint rd = (r | bit) << below.y;
        uint ld = (l | bit) >> below.y;
        uint open = ~(c | rd | ld | below.x);
        if (i + 1 == last) {
            /* The last avail row: one column is left, and it fits or not. */
            count += open != 0;
            continue;
        }
        if (open == 0)
            continue;
        if (avail != 0) {
            NQ_STACK(i) = NQ_UINT4(avail, cols, r, l);
            pending |= 1u << i;
        }
        cols = c;
        r = rd;
        l = ld;
        avail = open;
        i++;
    }
}
