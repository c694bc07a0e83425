/*
 * test_cli_big.c - the exact big numbers of the trace's summaries
 * (cli/trace/big.c): products and sums carried across limbs, against values
 * known by other means (powers of two and ten, factorials, and 64-bit
 * arithmetic wherever it still holds).
 */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "trace/big.h"

static const char *text_of(const struct big *b)
{
    static char buf[BIG_TEXT_SIZE];
    return big_text(b, buf, sizeof buf);
}

static void test_small_values(void **state)
{
    (void)state;
    struct big b;
    big_set(&b, 0);
    assert_string_equal(text_of(&b), "0");
    big_set(&b, 4294967295u);
    assert_string_equal(text_of(&b), "4294967295");
    big_set(&b, 1000000000u);
    assert_string_equal(text_of(&b), "1000000000");
}

/* 2^k against 64-bit arithmetic up to 2^63, then 2^64 and 2^128. */
static void test_powers_of_two(void **state)
{
    (void)state;
    struct big b;
    big_set(&b, 1);
    char want[32];
    for (int k = 1; k <= 63; k++) {
        big_mul(&b, 2);
        snprintf(want, sizeof want, "%llu", 1ULL << k);
        assert_string_equal(text_of(&b), want);
    }
    big_mul(&b, 2);
    assert_string_equal(text_of(&b), "18446744073709551616");
    for (int k = 65; k <= 128; k++)
        big_mul(&b, 2);
    assert_string_equal(text_of(&b), "340282366920938463463374607431768211456");
}

/* Zeros inside and at the end: 10^k is a one and k zeros. */
static void test_powers_of_ten(void **state)
{
    (void)state;
    struct big b;
    big_set(&b, 1);
    char want[BIG_TEXT_SIZE];
    for (int k = 1; k <= 150; k++) {
        big_mul(&b, 10);
        memset(want, '0', (size_t)k + 1);
        want[0] = '1';
        want[k + 1] = '\0';
        assert_string_equal(text_of(&b), want);
    }
}

static void test_factorials(void **state)
{
    (void)state;
    struct big b;
    big_set(&b, 1);
    for (uint32_t i = 1; i <= 30; i++)
        big_mul(&b, i);
    assert_string_equal(text_of(&b), "265252859812191058636308480000000");
    for (uint32_t i = 31; i <= 64; i++)
        big_mul(&b, i);
    assert_string_equal(text_of(&b),
                        "12688693218588416410343338933516148080286551617454"
                        "5192198801894375214704230400000000000000");
}

/* Sums with carries: 999999999 + 1, and 9...9 + 1 across many limbs. */
static void test_sums(void **state)
{
    (void)state;
    struct big a, one;
    big_set(&one, 1);
    big_set(&a, 999999999u);
    big_add(&a, &one);
    assert_string_equal(text_of(&a), "1000000000");
    /* 10^90 - 1 is 90 nines: 10^90 times 1, then back by the sum. */
    big_set(&a, 1);
    for (int k = 0; k < 90; k++)
        big_mul(&a, 10);
    struct big nines;
    big_set(&nines, 9);
    for (int k = 1; k < 90; k++) {
        struct big digit;
        big_mul(&nines, 10);
        big_set(&digit, 9);
        big_add(&nines, &digit);
    }
    big_add(&nines, &one);
    char power[BIG_TEXT_SIZE];
    big_text(&a, power, sizeof power);
    assert_int_equal(strlen(power), 91);
    assert_string_equal(text_of(&nines), power);
    /* Small sums against 64 bits. */
    struct big s;
    big_set(&s, 0);
    uint64_t want = 0;
    for (uint32_t k = 1; k <= 1000; k++) {
        struct big term;
        big_set(&term, k * 4000000u + 7);
        big_add(&s, &term);
        want += k * 4000000ULL + 7;
    }
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)want);
    assert_string_equal(text_of(&s), buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_values),
        cmocka_unit_test(test_powers_of_two),
        cmocka_unit_test(test_powers_of_ten),
        cmocka_unit_test(test_factorials),
        cmocka_unit_test(test_sums),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
