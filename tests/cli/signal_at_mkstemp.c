/*
 * signal_at_mkstemp.c - preloaded into the tool (LD_PRELOAD) by tests of
 * an interrupted `-o FILE`: the moment the temporary file is made, the
 * tool gets SIGTERM, as from a user whose kill comes just then. The file
 * must not outlive the tool.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

typedef int (*mkstemp_fn)(char *);

static int made_then_killed(const char *name, char *template)
{
    mkstemp_fn real;
    /* (Copied: ISO C has no cast from an object pointer to a function's.) */
    void *sym = dlsym(RTLD_NEXT, name);
    memcpy(&real, &sym, sizeof real);
    int fd = real(template);
    if (fd >= 0)
        raise(SIGTERM);
    return fd;
}

int mkstemp(char *template)
{
    return made_then_killed("mkstemp", template);
}

int mkstemp64(char *template)
{
    return made_then_killed("mkstemp64", template);
}
