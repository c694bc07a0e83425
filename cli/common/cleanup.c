/*
 * cleanup.c - removes the writer's temporary file when the tool is killed
 * by SIGINT, SIGTERM or SIGHUP, so that an interrupted `-o FILE` leaves
 * neither FILE nor a stray temporary file behind. The handler does only
 * what is safe in a signal handler: unlink, then die of the same signal
 * (so the shell sees the usual status, 130 for Ctrl-C).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/interrupt.h"

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define CLEANUP_SIGNAL_COUNT                                                   \
    (sizeof cleanup_signals / sizeof cleanup_signals[0])

/* The file to remove; only read by the handler while `armed`. */
static const char *volatile cleanup_path;
static volatile sig_atomic_t armed;
static bool installed; /* handlers in place, previous[] saved */
static struct sigaction previous[CLEANUP_SIGNAL_COUNT];

void cleanup_on_signal(int sig)
{
    if (armed && cleanup_path != NULL)
        unlink(cleanup_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

void cleanup_arm(const char *path)
{
    cleanup_path = path;
    armed = 1;
    installed = true;
    for (size_t i = 0; i < CLEANUP_SIGNAL_COUNT; i++)
        signal_catch(cleanup_signals[i], cleanup_on_signal, &previous[i]);
}

int cleanup_mkstemp(char *template)
{
    /* Held from before the file exists until it is armed: a signal in
     * between would leave it behind. It comes once they are let go. */
    sigset_t held, before;
    sigemptyset(&held);
    for (size_t i = 0; i < CLEANUP_SIGNAL_COUNT; i++)
        sigaddset(&held, cleanup_signals[i]);
    pthread_sigmask(SIG_BLOCK, &held, &before);
    int fd = mkstemp(template);
    int e = errno;
    if (fd >= 0)
        cleanup_arm(template);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    errno = e;
    return fd;
}

void cleanup_disarm(void)
{
    armed = 0;
    if (!installed)
        return;
    installed = false;
    for (size_t i = 0; i < CLEANUP_SIGNAL_COUNT; i++)
        sigaction(cleanup_signals[i], &previous[i], NULL);
    cleanup_path = NULL;
}

void cleanup_now(void)
{
    if (armed && cleanup_path != NULL)
        unlink(cleanup_path);
}
