/*
 * std_fds.c - /dev/null in place of a closed standard descriptor, so that
 * no file the tool opens is taken for standard input, output or error.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "common/std_fds.h"

void std_fds_keep(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* The lower ones are open by now, so open() returns `fd` itself;
         * where /dev/null cannot be opened, nothing better can be done. */
        int got = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
}
