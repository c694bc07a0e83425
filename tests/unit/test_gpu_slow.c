/*
 * test_gpu_slow.c - the published counts of n = 16 and 17 from the GPU
 * engine (test_gpu.c has every other test of it): about half a minute on
 * PoCL with two cores, so they are labelled slow and left out of the
 * sanitizer builds.
 */
#include <stdio.h>

#include "count/count_plan.h"
#include "gpu/gpu.h"
#include "testutil.h"

static void test_published_counts(void **state)
{
    (void)state;
    char message[1024] = "";
    struct nq__gpu *device = NULL;
    int rc = nq__gpu_open(-1, NQ_GPU_ANY, NULL, NULL, message, sizeof message,
                          &device);
    if (rc != 0)
        fail_msg("no %s device (%s: %s); on OpenCL: apt-get install "
                 "pocl-opencl-icd ocl-icd-opencl-dev opencl-headers",
                 nq_gpu_api(), nq_err_name(rc), message);
    for (int n = 16; n <= 17; n++) {
        struct oeis_row want = oeis_counts(n);
        nq_count_options options;
        nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
        options.engine = NQ_ENGINE_GPU;
        options.threads = 2;
        nq_plan *plan = NULL;
        assert_int_equal(nq__plan_create_on(n, &options, device, &plan), NQ_OK);
        nq_count_result r;
        assert_int_equal(nq_count_plan(plan, &options, &r), NQ_OK);
        assert_int_equal(r.total, want.total);
        assert_int_equal(r.unique, want.unique);
        assert_int_equal(r.sym180, want.sym180);
        assert_int_equal(r.sym90, want.sym90);
        nq_plan_free(plan);
    }
    nq__gpu_close(device);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
