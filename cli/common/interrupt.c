/*
 * interrupt.c - SIGINT, SIGTERM and SIGHUP during a count: the handler
 * only notes the signal; the count sees it at the next finished subproblem,
 * stops, saves what is done (with a checkpoint) and exits 130, 143 or 129
 * (128 + the signal), as a shell reports a process killed by that signal.
 * SIGHUP is a terminal closed under a long run (a dropped ssh session):
 * the work since the last save is kept as for Ctrl-C.
 */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "common/interrupt.h"

/* Atomic, not just volatile: the handler may run on any thread of the
 * process (a worker of the pool, nqueens-mpi's counting thread) while
 * another reads the flag. Lock-free, so a handler may store to it. */
static atomic_int interrupt_caught;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler needs it");

static void interrupt_note(int sig)
{
    atomic_store(&interrupt_caught, sig);
    /* A second one kills at once: the escape if a subproblem is long. It
     * goes through the cleanup handler, not the default action, so that
     * it removes a half-written -o file as a first one would have. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cleanup_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void signal_catch(int sig, void (*handler)(int), struct sigaction *previous)
{
    if (sigaction(sig, NULL, previous) == 0 && previous->sa_handler == SIG_IGN)
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void interrupt_install(void)
{
    struct sigaction previous;
    signal_catch(SIGINT, interrupt_note, &previous);
    signal_catch(SIGTERM, interrupt_note, &previous);
    signal_catch(SIGHUP, interrupt_note, &previous);
}

int interrupt_signal(void)
{
    return atomic_load(&interrupt_caught);
}

int interrupt_exit_status(void)
{
    int sig = atomic_load(&interrupt_caught);
    return sig ? 128 + sig : 0;
}
