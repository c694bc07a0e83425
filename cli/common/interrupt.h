/*
 * interrupt.h - the tool's signal handling: noting SIGINT, SIGTERM and
 * SIGHUP so that a long run can stop cleanly (cli/common/interrupt.c), and
 * removing a half-written file when a signal kills the tool
 * (cli/common/cleanup.c).
 */
#ifndef NQ_CLI_INTERRUPT_H
#define NQ_CLI_INTERRUPT_H

#include <signal.h>

/* Catches `sig` with `handler` (no flags, nothing blocked), unless the
 * tool was started with it ignored (nohup, a script's background job): an
 * ignored signal stays ignored. The action before goes to *previous,
 * which restores it either way. */
void signal_catch(int sig, void (*handler)(int), struct sigaction *previous);

/* Catches SIGINT, SIGTERM and SIGHUP, only noting them (a second one of
 * the same signal kills, as cleanup_on_signal() does). */
void interrupt_install(void);

/* The signal caught, or 0. */
int interrupt_signal(void);

/* 128 + the signal caught (130 SIGINT, 143 SIGTERM, 129 SIGHUP), or 0. */
int interrupt_exit_status(void);

/* Until cleanup_disarm(), SIGINT, SIGTERM and SIGHUP remove `path` (kept,
 * not copied) before the tool dies of the signal. One path at a time;
 * cleanup_disarm() without an armed path does nothing. */
void cleanup_arm(const char *path);
/* mkstemp(template), and where the file is made, cleanup_arm(template),
 * with no moment between them when a signal would leave the file. */
int cleanup_mkstemp(char *template);
void cleanup_disarm(void);
/* Removes the armed path now (for a process about to _exit). */
void cleanup_now(void);
/* A signal handler: removes the armed path, if any, and ends the process
 * by `sig`, as if it had not been caught. */
void cleanup_on_signal(int sig);

#endif /* NQ_CLI_INTERRUPT_H */
