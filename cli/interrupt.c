/*
 * interrupt.c - SIGINT and SIGTERM during a checkpointed count: the handler
 * only notes the signal; the count sees it at the next finished subproblem,
 * stops, saves what is done and exits 130 or 143 (128 + the signal), as a
 * shell reports a process killed by that signal.
 */
#include <signal.h>
#include <string.h>

#include "interrupt.h"

static volatile sig_atomic_t interrupt_caught;

static void interrupt_note(int sig)
{
    interrupt_caught = sig;
}

void interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = interrupt_note;
    sigemptyset(&sa.sa_mask);
    /* A second Ctrl-C kills at once: the escape if a subproblem is long. */
    sa.sa_flags = (int)SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int interrupt_signal(void)
{
    return interrupt_caught;
}

int interrupt_exit_status(void)
{
    return interrupt_caught ? 128 + interrupt_caught : 0;
}
