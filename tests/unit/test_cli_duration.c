/*
 * test_cli_duration.c - the decimals a time in seconds is printed with
 * (cli/common/duration.c): three significant digits whatever the magnitude
 * (whole seconds from 100 up), and never 0.000 for a short run.
 */
#include <stdio.h>
#include <string.h>

#include "common/duration.h"
#include "testutil.h"

/* `seconds` as the tool prints it. */
static void printed(double seconds, char *buf, size_t size)
{
    snprintf(buf, size, "%.*f", cli_seconds_decimals(seconds), seconds);
}

static void test_examples(void **state)
{
    (void)state;
    char buf[64];
    printed(12.345678, buf, sizeof buf);
    assert_string_equal(buf, "12.3");
    printed(1.0, buf, sizeof buf);
    assert_string_equal(buf, "1.00");
    printed(0.5, buf, sizeof buf);
    assert_string_equal(buf, "0.500");
    printed(123.456, buf, sizeof buf);
    assert_string_equal(buf, "123");
    printed(4567.8, buf, sizeof buf);
    assert_string_equal(buf, "4568");
    printed(9.996, buf, sizeof buf);
    assert_string_equal(buf, "10.0");
    printed(0.09996, buf, sizeof buf);
    assert_string_equal(buf, "0.100");
    printed(0.0123456, buf, sizeof buf);
    assert_string_equal(buf, "0.0123");
    printed(0.000123456, buf, sizeof buf);
    assert_string_equal(buf, "0.000123");
    printed(1.2e-6, buf, sizeof buf);
    assert_string_equal(buf, "0.00000120");
    printed(0.0, buf, sizeof buf);
    assert_string_equal(buf, "0.000");
}

/* Over magnitudes from 100 seconds down to a nanosecond, the digits after
 * the leading zeros number exactly three. */
static void test_three_significant_digits(void **state)
{
    (void)state;
    double s = 98.76;
    for (int step = 0; step < 13; step++) {
        char buf[64];
        printed(s, buf, sizeof buf);
        const char *digit = buf;
        while (*digit == '0' || *digit == '.')
            digit++;
        size_t significant = 0;
        for (; *digit != '\0'; digit++)
            significant += *digit != '.';
        assert_int_equal(significant, 3);
        s /= 7.3;
    }
}

/* Far below a nanosecond the decimals stop at 12. */
static void test_bounded(void **state)
{
    (void)state;
    assert_int_equal(cli_seconds_decimals(1e-30), 12);
    assert_int_equal(cli_seconds_decimals(-1.0), 3);
    assert_int_equal(cli_seconds_decimals(3600.0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_three_significant_digits),
        cmocka_unit_test(test_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
