/*
 * fuzz.h - what every fuzz target shares. A target is one function,
 * LLVMFuzzerTestOneInput, that feeds bytes to one of the tool's readers and
 * checks what comes back against a reference written here, independently of
 * the tool. libFuzzer drives it under clang (`make fuzz`); replay.c drives
 * it over the saved corpus in plain CTest, with any compiler.
 */
#ifndef NQ_FUZZ_H
#define NQ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The entry point libFuzzer calls once per input; never fails by
 * returning: a finding aborts. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The sanitizers' report, which writes where their reports go; absent
 * (NULL) in a build without them. */
void __sanitizer_report_error_summary(const char *summary)
    __attribute__((weak));

/* Says which property failed at file:line. Under libFuzzer the target's
 * stderr is closed (run-fuzzers.sh's -close_fd_mask), so the property is
 * said again as the sanitizers' SUMMARY line, which reaches the log. */
static inline void fuzz_property_failed(const char *file, int line,
                                        const char *cond)
{
    char text[512];
    snprintf(text, sizeof text, "%s:%d: property failed: %s", file, line, cond);
    fprintf(stderr, "%s\n", text);
    if (__sanitizer_report_error_summary != NULL)
        __sanitizer_report_error_summary(text);
}

/* A property that must hold: on failure, says which and aborts, so that
 * libFuzzer saves the input and the replay driver stops with the name. */
#define FUZZ_CHECK(cond)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fuzz_property_failed(__FILE__, __LINE__, #cond);                   \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* A NUL-terminated copy of the input, allocated to its exact size so that
 * AddressSanitizer sees a read past its end. Aborts when out of memory. */
static inline char *fuzz_strndup(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        abort();
    for (size_t i = 0; i < size; i++)
        text[i] = (char)data[i];
    text[size] = '\0';
    return text;
}

#endif /* NQ_FUZZ_H */
