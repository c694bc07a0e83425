/*
 * big.h - non-negative integers too large for 64 bits, for the figures of
 * the trace's summaries (n^n leaves, n! permutations, n^d nodes at depth d
 * of the full tree, up to n = 64), printed exactly instead of wrapped.
 */
#ifndef NQ_CLI_BIG_H
#define NQ_CLI_BIG_H

#include <stddef.h>
#include <stdint.h>

/* A number in base 10^9, least significant limb first. 20 limbs (180
 * digits) hold the sum of 64^d for d = 1..64, the largest figure. */
#define BIG_LIMBS 20
struct big {
    uint32_t limb[BIG_LIMBS];
    int len; /* limbs in use, at least 1 */
};

void big_set(struct big *b, uint32_t value);
void big_mul(struct big *b, uint32_t factor);
void big_add(struct big *b, const struct big *addend);

/* Writes b in decimal to buf (NUL-terminated; 200 bytes always suffice).
 * Returns buf. */
char *big_text(const struct big *b, char *buf, size_t size);

/* The size of a buffer that holds any big_text(). */
#define BIG_TEXT_SIZE 200

#endif /* NQ_CLI_BIG_H */
