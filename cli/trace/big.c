/*
 * big.c - the few operations the trace's summaries need on numbers that
 * do not fit in 64 bits: set, multiply by a small factor, add, print.
 */
#include "trace/big.h"

#include <stdio.h>
#include <string.h>

#define BIG_BASE 1000000000u

void big_set(struct big *b, uint32_t value)
{
    memset(b, 0, sizeof *b);
    b->limb[0] = value % BIG_BASE;
    b->limb[1] = value / BIG_BASE;
    b->len = b->limb[1] != 0 ? 2 : 1;
}

void big_mul(struct big *b, uint32_t factor)
{
    uint64_t carry = 0;
    for (int i = 0; i < b->len; i++) {
        uint64_t v = (uint64_t)b->limb[i] * factor + carry;
        b->limb[i] = (uint32_t)(v % BIG_BASE);
        carry = v / BIG_BASE;
    }
    while (carry != 0 && b->len < BIG_LIMBS) {
        b->limb[b->len++] = (uint32_t)(carry % BIG_BASE);
        carry /= BIG_BASE;
    }
}

void big_add(struct big *b, const struct big *addend)
{
    uint32_t carry = 0;
    int len = b->len > addend->len ? b->len : addend->len;
    for (int i = 0; i < len; i++) {
        uint32_t v = b->limb[i] + addend->limb[i] + carry;
        carry = v >= BIG_BASE;
        b->limb[i] = v - (carry ? BIG_BASE : 0);
    }
    b->len = len;
    if (carry != 0 && b->len < BIG_LIMBS)
        b->limb[b->len++] = carry;
}

char *big_text(const struct big *b, char *buf, size_t size)
{
    size_t at = (size_t)snprintf(buf, size, "%u", b->limb[b->len - 1]);
    for (int i = b->len - 2; i >= 0 && at < size; i--)
        at += (size_t)snprintf(buf + at, size - at, "%09u", b->limb[i]);
    return buf;
}
