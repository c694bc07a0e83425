/*
 * messages.h - the tool's exit statuses and its one-line messages on
 * standard error (errors, usage errors, notes), and the printf attribute
 * that lets the compiler check their formats (cli/common/messages.c).
 */
#ifndef NQ_CLI_MESSAGES_H
#define NQ_CLI_MESSAGES_H

#if defined(__GNUC__)
#define CLI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CLI_PRINTF(fmt, args)
#endif

/* Exit statuses of the command-line contract. */
enum cli_exit {
    EXIT_OK = 0,       /* success */
    EXIT_NEGATIVE = 1, /* a negative answer: no solution, invalid, ... */
    EXIT_USAGE = 2     /* bad usage or bad input */
};

/* The name the tool was called by, for messages ("nqueens"). */
extern const char *cli_program;

/* The command being run ("solve"), set by the dispatcher before it hands
 * the arguments over; NULL while none is (the tool's own arguments). A
 * usage error then points to the command's help instead of the tool's. */
extern const char *cli_command;

/* Prints "nqueens: error: <message> (try 'nqueens --help')" on stderr, or
 * "(try 'nqueens solve --help')" while a command runs, and returns
 * EXIT_USAGE: for bad usage that more help can fix. */
int cli_usage_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* Prints "nqueens: error: <message>" on stderr and returns EXIT_USAGE:
 * for bad input and failures that help cannot fix. */
int cli_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* Prints "nqueens: <message>" on stderr (a note, not an error). */
void cli_note(const char *fmt, ...) CLI_PRINTF(1, 2);

#endif /* NQ_CLI_MESSAGES_H */
