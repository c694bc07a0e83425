/*
 * gpu_message.c - the lines the device's code writes for the user, the
 * same whatever its API: a formatted message, and the head of a kernel's
 * build log on one line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gpu/gpu_device.h"

/* The build log lines an error quotes. */
#define LOG_LINES 6

void nq__gpu_say(char *message, size_t size, const char *format, ...)
{
    if (message == NULL || size == 0)
        return;
    va_list ap;
    va_start(ap, format);
    /* clang-tidy 14's analyzer loses the va_start of a function declared
     * with a format attribute (found with it, not without). */
    // NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized)
    vsnprintf(message, size, format, ap);
    va_end(ap);
}

void nq__gpu_log_head(const char *log, char *out, size_t size)
{
    if (size == 0)
        return;
    out[0] = '\0';
    size_t at = 0;
    int lines = 0;
    for (const char *p = log; *p != '\0' && lines < LOG_LINES;) {
        const char *end = strchr(p, '\n');
        size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
        while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' '))
            n--;
        if (n > 0 && at + 3 < size) {
            at += (size_t)snprintf(out + at, size - at, "%s%.*s",
                                   at > 0 ? "; " : "", (int)n, p);
            if (at >= size)
                at = size - 1;
            lines++;
        }
        if (end == NULL)
            break;
        p = end + 1;
    }
}
