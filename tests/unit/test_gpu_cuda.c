/*
 * test_gpu_cuda.c - the kernel's source built as CUDA by NVRTC (a build
 * with -DNQ_GPU_API=CUDA), where no GPU is needed: the embedded
 * count_kernel.cl gives PTX with the kernel's entry, its work-group size
 * and its stacks in shared memory (or not, as the shape says), for every
 * architecture this NVRTC knows from 7.5 on; a source that does not build gives
 * NQ_E_DEVICE and the build log's first lines, never PTX. What the kernel
 * counts on a GPU is tested by test_gpu.c and test_gpu_slow.c, as on OpenCL, on
 * a machine with one.
 */
#include <nvrtc.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu_device.h"
#include "testutil.h"

/* A GPU's shape, with work-groups of `group` and the stacks in shared
 * memory (whatever a build's NQ_GPU_* values say). */
static struct nq__gpu_shape gpu_shape(size_t group)
{
    struct nq__gpu_shape shape;
    nq__gpu_shape_for(true, &shape);
    shape.group = group;
    shape.local_stack = true;
    return shape;
}

/* The PTX of `source` (NULL: the embedded kernel) for compute_`arch` and
 * `shape` (free() it); fails the test with the build log if it does not
 * build. */
static char *ptx_of(const char *source, int arch,
                    const struct nq__gpu_shape *shape)
{
    char *ptx = NULL;
    char log[1024] = "";
    int rc = nq__gpu_cuda_ptx(source, NULL, arch, shape, &ptx, log, sizeof log);
    if (rc != NQ_OK)
        fail_msg("compute_%d: %s", arch, log);
    assert_non_null(ptx);
    return ptx;
}

static void test_embedded_kernel_builds(void **state)
{
    (void)state;
    int count = 0;
    assert_int_equal(nvrtcGetNumSupportedArchs(&count), NVRTC_SUCCESS);
    assert_true(count > 0);
    int *archs = malloc((size_t)count * sizeof *archs);
    assert_non_null(archs);
    assert_int_equal(nvrtcGetSupportedArchs(archs), NVRTC_SUCCESS);
    struct nq__gpu_shape shape = gpu_shape(64);
    int built = 0;
    for (int i = 0; i < count; i++) {
        if (archs[i] < 75)
            continue;
        char *ptx = ptx_of(NULL, archs[i], &shape);
        assert_non_null(strstr(ptx, ".entry nq_count_tasks("));
        /* ".maxntid 64, 1, 1", or ".maxntid 64" for newer targets */
        assert_non_null(strstr(ptx, ".maxntid 64"));
        assert_non_null(strstr(ptx, ".shared"));
        free(ptx);
        built++;
    }
    free(archs);
    assert_true(built > 0);
}

static void test_group_size_is_the_hosts(void **state)
{
    (void)state;
    struct nq__gpu_shape shape = gpu_shape(128);
    char *ptx = ptx_of(NULL, 90, &shape);
    assert_non_null(strstr(ptx, ".maxntid 128"));
    free(ptx);
}

static void test_private_stacks(void **state)
{
    (void)state;
    struct nq__gpu_shape shape = gpu_shape(64);
    shape.local_stack = false;
    char *ptx = ptx_of(NULL, 90, &shape);
    assert_non_null(strstr(ptx, ".entry nq_count_tasks("));
    assert_null(strstr(ptx, ".shared"));
    free(ptx);
}

static void test_broken_source(void **state)
{
    (void)state;
    char *ptx = NULL;
    char log[1024] = "";
    /* The real source with the tests' switch that makes it fail. */
    struct nq__gpu_shape shape = gpu_shape(64);
    assert_int_equal(nq__gpu_cuda_ptx(NULL, "-DNQ_BROKEN", 90, &shape, &ptx,
                                      log, sizeof log),
                     NQ_E_DEVICE);
    assert_null(ptx);
    assert_non_null(strstr(log, "build log: "));
    assert_non_null(strstr(log, "this source must not build"));
    /* A source that is not CUDA at all. */
    log[0] = '\0';
    assert_int_equal(nq__gpu_cuda_ptx("__kernel void nq_count_tasks( {", NULL,
                                      90, &shape, &ptx, log, sizeof log),
                     NQ_E_DEVICE);
    assert_null(ptx);
    assert_non_null(strstr(log, "build log: "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_kernel_builds),
        cmocka_unit_test(test_group_size_is_the_hosts),
        cmocka_unit_test(test_private_stacks),
        cmocka_unit_test(test_broken_source),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
