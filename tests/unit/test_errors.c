/*
 * test_errors.c - the error table: every code has its own message and
 * name, and unknown codes are handled; and the library's strings about
 * itself: its version, the API of its GPU engine.
 */
#include <string.h>

#include "testutil.h"

static void test_every_code_has_words(void **state)
{
    (void)state;
    static const int codes[] = {
#define NQ_TEST_CODE_(name, value, text) NQ_E_##name,
        NQ_ERROR_TABLE(NQ_TEST_CODE_)
#undef NQ_TEST_CODE_
    };
    size_t count = sizeof codes / sizeof codes[0];
    for (size_t i = 0; i < count; i++) {
        assert_true(codes[i] < 0);
        assert_string_not_equal(nq_strerror(codes[i]), "unknown error");
        assert_int_equal(strncmp(nq_err_name(codes[i]), "NQ_E_", 5), 0);
        for (size_t j = i + 1; j < count; j++) {
            assert_int_not_equal(codes[i], codes[j]);
            assert_string_not_equal(nq_strerror(codes[i]),
                                    nq_strerror(codes[j]));
        }
    }
    assert_string_equal(nq_err_name(NQ_E_RANGE), "NQ_E_RANGE");
}

static void test_success_and_unknown(void **state)
{
    (void)state;
    assert_string_equal(nq_strerror(NQ_OK), "success");
    assert_string_equal(nq_strerror(-9999), "unknown error");
    assert_string_equal(nq_err_name(12345), "NQ_E_UNKNOWN");
    assert_string_equal(nq_version(), NQ_VERSION_STRING);
}

static void test_gpu_api_is_the_builds(void **state)
{
    (void)state;
    /* "none", "OpenCL" or "CUDA", as CMake configured the library. */
    assert_string_equal(nq_gpu_api(), NQ_TEST_GPU_API);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_code_has_words),
        cmocka_unit_test(test_success_and_unknown),
        cmocka_unit_test(test_gpu_api_is_the_builds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
