/*
 * cores.c - the control of the benchmarks' speed-ups: how much faster two
 * threads finish than one on work that shares nothing (arithmetic in
 * registers, no memory traffic), timed now. On a machine of its own this
 * is 2.00; on a virtual machine whose cores the host also lends to
 * others it can be far less, and no program's speed-up on two threads
 * can beat it at that moment.
 *
 * Usage: cores [THREADS]   (default 2) prints
 *   "cores THREADS ONE_SECONDS ALL_SECONDS SPEEDUP CHECKSUM"
 * where ONE_SECONDS is one thread's time for its share of work alone,
 * ALL_SECONDS the time of THREADS such shares at once, on THREADS threads.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* A share: about 0.15 s on a recent x86-64 core. */
#define STEPS 100000000u

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* xorshift steps on *state: a chain of dependent operations on one
 * register. The result is written back, so the loop cannot be dropped. */
static void *share(void *state)
{
    uint64_t *at = state, x = *at | 1;
    for (uint32_t i = 0; i < STEPS; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    *at = x;
    return NULL;
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 2;
    if (threads < 1 || threads > 256) {
        fprintf(stderr, "usage: cores [THREADS (1..256)]\n");
        return 2;
    }
    uint64_t state[256 + 1];
    for (int i = 0; i <= threads; i++)
        state[i] = (uint64_t)i;
    double t0 = now();
    share(&state[threads]);
    double one = now() - t0;
    pthread_t id[256];
    t0 = now();
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&id[i], NULL, share, &state[i])) {
            fprintf(stderr, "cores: cannot start a thread\n");
            return 1;
        }
    }
    for (int i = 0; i < threads; i++)
        pthread_join(id[i], NULL);
    double all = now() - t0;
    uint64_t mix = 0; /* printed: the work's result is used */
    for (int i = 0; i <= threads; i++)
        mix ^= state[i];
    printf("cores %d %.3f %.3f %.2f %016llx\n", threads, one, all,
           (double)threads * one / all, (unsigned long long)mix);
    return 0;
}
