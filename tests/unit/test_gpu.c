/*
 * test_gpu.c - the GPU engine against the CPU, on whatever device is
 * found (in CI: PoCL, the CPU as an OpenCL device; a GPU in a build on
 * CUDA). The kernel is built once for the whole file
 * (nq__plan_create_on()), since a first build on PoCL takes seconds.
 *
 *  - the tasks a search is cut into, counted by a C model of the kernel,
 *    add up to the CPU kernel's count (no device needed), whole or cut
 *    over batches of a few tasks;
 *  - a search of millions of tasks (n = 20) run a batch at a time: the
 *    memory does not grow with it;
 *  - every id of the GPU plan against the CPU's constellation plan for
 *    n <= 15, id by id, and the same signature and size;
 *  - the published totals, unique, sym180 and sym90 counts for n <= 15
 *    (16 and 17 in test_gpu_slow.c);
 *  - the kernel's other form, its stacks in local memory (as GPUs run
 *    it), counted on OpenCL (in CI, PoCL): the stand-in CUDA driver of
 *    tests/fake_cuda counts its own C build of the kernel, whatever form
 *    the PTX was built in;
 *  - a stop through the progress callback, and checkpoints started on the
 *    GPU and finished on the CPU and the other way round;
 *  - a kernel that does not build: NQ_E_DEVICE, the device's name and the
 *    first lines of the build log in the message, no count;
 *  - the listing of devices, and AUTO never taking a CPU device.
 * Without a device (PoCL not installed) every test fails saying what to
 * install.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "count/count_plan.h"
#include "gpu/gpu.h"
#include "testutil.h"

#define GPU_IDS_MAX_N 15
#define GPU_PUBLISHED_MAX_N 15 /* 16 and 17: test_gpu_slow.c */

/* The device opened once for every test. */
static struct nq__gpu *device;

static int open_device(void **state)
{
    (void)state;
    char message[1024] = "";
    int count = nq_gpu_device_count();
    if (count <= 0) {
        fprintf(stderr,
                "test_gpu: no %s device found (nq_gpu_device_count() = "
                "%d): install one; on OpenCL, for the CPU: apt-get install "
                "pocl-opencl-icd ocl-icd-opencl-dev opencl-headers\n",
                nq_gpu_api(), count);
        return -1;
    }
    int rc = nq__gpu_open(-1, NQ_GPU_ANY, NULL, NULL, message, sizeof message,
                          &device);
    if (rc != 0) {
        fprintf(stderr, "test_gpu: cannot open a device: %s: %s\n",
                nq_err_name(rc), message);
        return -1;
    }
    return 0;
}

static int close_device(void **state)
{
    (void)state;
    nq__gpu_close(device);
    device = NULL;
    return 0;
}

static nq_plan *gpu_plan(int n)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_GPU;
    nq_plan *plan = NULL;
    assert_int_equal(nq__plan_create_on(n, &options, device, &plan), NQ_OK);
    assert_int_equal(nq_plan_engine(plan), NQ_ENGINE_GPU);
    return plan;
}

static nq_plan *cpu_plan(int n)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_CONSTELLATIONS;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(n, &options, &plan), NQ_OK);
    return plan;
}

/* ---- the cut into tasks, on the host ---------------------------------- */

static void test_tasks_model(void **state)
{
    (void)state;
    const int rests[] = {1, 2, 5, NQ_GPU_DEPTH};
    for (int n = 1; n <= 13; n++) {
        struct nq__constellation *cons;
        uint64_t count;
        assert_int_equal(nq__constellations_list(n, &cons, &count), NQ_OK);
        for (size_t r = 0; r < sizeof rests / sizeof rests[0]; r++) {
            struct nq__gpu_batch b;
            assert_int_equal(nq__gpu_batch_init(&b, (size_t)count + 1, 4),
                             NQ_OK);
            for (uint64_t c = 0; c < count; c++) {
                struct nq__kernel_setup s;
                nq__constellation_setup(n, &cons[c], &s);
                assert_int_equal(nq__gpu_batch_add(&b, &s, rests[r]), NQ_OK);
            }
            uint64_t *counts = malloc((b.tasks + 1) * sizeof *counts);
            assert_non_null(counts);
            nq__gpu_tasks_count(&b, counts);
            for (uint64_t c = 0; c < count; c++) {
                uint64_t sum;
                assert_int_equal(nq__gpu_batch_sum(&b, (size_t)c, counts, &sum),
                                 NQ_OK);
                assert_int_equal(sum, nq__constellation_count(n, &cons[c]));
            }
            free(counts);
            nq__gpu_batch_free(&b);
        }
        free(cons);
    }
}

/* A search cut over batches of at most `most` tasks each (every part in
 * a batch of its own) counts what it counts whole. */
static void check_parts(int n, const struct nq__constellation *c, int rest,
                        size_t most)
{
    struct nq__kernel_setup s;
    nq__constellation_setup(n, c, &s);
    struct nq__gpu_cut cut = {.more = false};
    uint64_t sum = 0;
    int parts = 0;
    do {
        struct nq__gpu_batch b;
        assert_int_equal(nq__gpu_batch_init(&b, 1, 4), NQ_OK);
        assert_int_equal(nq__gpu_batch_add_part(&b, &s, rest, most, &cut),
                         NQ_OK);
        assert_int_equal(b.searches, 1);
        assert_true(b.tasks <= most);
        uint64_t *counts = malloc((b.tasks + 1) * sizeof *counts);
        assert_non_null(counts);
        nq__gpu_tasks_count(&b, counts);
        uint64_t part;
        assert_int_equal(nq__gpu_batch_sum(&b, 0, counts, &part), NQ_OK);
        sum += part;
        free(counts);
        nq__gpu_batch_free(&b);
        parts++;
        assert_true(parts < 1000000);
    } while (cut.more);
    assert_int_equal(sum, nq__constellation_count(n, c));
}

static void test_tasks_in_parts(void **state)
{
    (void)state;
    const int rests[] = {1, 2, 5};
    const size_t most[] = {1, 7, 64};
    for (int n = 1; n <= 12; n++) {
        struct nq__constellation *cons;
        uint64_t count;
        assert_int_equal(nq__constellations_list(n, &cons, &count), NQ_OK);
        for (uint64_t c = 0; c < count; c++)
            for (size_t r = 0; r < sizeof rests / sizeof rests[0]; r++)
                for (size_t m = 0; m < sizeof most / sizeof most[0]; m++)
                    check_parts(n, &cons[c], rests[r], most[m]);
        free(cons);
    }
}

/* ---- a search of many tasks, a batch at a time ------------------------ */

/* The setup of the constellations of n, stopping the run at the `stop`-th
 * call. */
struct stop_setup {
    int n;
    const struct nq__constellation *cons;
    int calls, stop;
};

static int setup_then_stop(void *user, size_t item, struct nq__kernel_setup *s)
{
    struct stop_setup *m = user;
    if (++m->calls >= m->stop)
        return NQ_E_STOPPED;
    nq__constellation_setup(m->n, &m->cons[item], s);
    return 0;
}

static int ignore_done(void *user, size_t item, uint64_t completions)
{
    (void)user;
    (void)item;
    (void)completions;
    return 0;
}

/* The peak resident memory of this process, in KiB. */
static long peak_kib(void)
{
    struct rusage u;
    assert_int_equal(getrusage(RUSAGE_SELF, &u), 0);
    return u.ru_maxrss;
}

static void test_search_a_batch_at_a_time(void **state)
{
    (void)state;
    /* At n = 20 a constellation's search makes about 31 million tasks on
     * a CPU device (and at n = 26 hundreds of millions on a GPU): they
     * were all made on the host for one batch, 16 bytes each, and as
     * many counts and device buffers besides (2.4 GB at n = 20, more
     * than any machine at n = 27). A batch takes its tasks (tens of
     * thousands here) and the search goes on in the next: two batches
     * in, the run stopped, the memory is what it was. */
    const int n = 20;
    struct nq__constellation *cons;
    uint64_t count;
    assert_int_equal(nq__constellations_list(n, &cons, &count), NQ_OK);
    struct stop_setup m = {n, cons, 0, 3};
    char message[512] = "";
    long before = peak_kib();
    assert_int_equal(nq__gpu_run(device, n, (size_t)count, setup_then_stop,
                                 ignore_done, &m, message, sizeof message),
                     NQ_E_STOPPED);
    long grown = peak_kib() - before;
    if (grown > 128 * 1024)
        fail_msg("n = %d: the peak memory grew by %ld MiB in two batches", n,
                 grown / 1024);
    free(cons);
}

/* ---- every id against the CPU --------------------------------------- */

struct id_counts {
    nq_subcount *by_id;
    uint64_t reported;
};

static int keep_id(uint64_t id, const nq_subcount *count, void *user)
{
    struct id_counts *c = user;
    c->by_id[id] = *count;
    c->reported++;
    return 0;
}

static void test_ids_against_cpu(void **state)
{
    (void)state;
    for (int n = 1; n <= GPU_IDS_MAX_N; n++) {
        nq_plan *gpu = gpu_plan(n), *cpu = cpu_plan(n);
        assert_string_equal(nq_plan_signature(gpu), nq_plan_signature(cpu));
        uint64_t size = nq_plan_size(gpu);
        assert_int_equal(size, nq_plan_size(cpu));
        uint64_t *ids = malloc(size * sizeof *ids);
        struct id_counts got = {calloc(size, sizeof(nq_subcount)), 0};
        assert_non_null(ids);
        assert_non_null(got.by_id);
        /* Backwards, to show that the order given is the order run. */
        for (uint64_t i = 0; i < size; i++)
            ids[i] = size - 1 - i;
        assert_int_equal(nq_plan_run(gpu, ids, (size_t)size, 2, keep_id, &got),
                         NQ_OK);
        assert_int_equal(got.reported, size);
        for (uint64_t id = 0; id < size; id++) {
            nq_subcount want;
            assert_int_equal(nq_plan_count_one(cpu, id, &want), NQ_OK);
            if (memcmp(&want, &got.by_id[id], sizeof want) != 0)
                fail_msg("n = %d, id %llu: GPU %llu/%llu/%llu, CPU "
                         "%llu/%llu/%llu",
                         n, (unsigned long long)id,
                         (unsigned long long)got.by_id[id].total,
                         (unsigned long long)got.by_id[id].sym180,
                         (unsigned long long)got.by_id[id].sym90,
                         (unsigned long long)want.total,
                         (unsigned long long)want.sym180,
                         (unsigned long long)want.sym90);
        }
        /* One id alone, on the device, as an audit asks for it. */
        nq_subcount one;
        assert_int_equal(nq_plan_count_one(gpu, size - 1, &one), NQ_OK);
        assert_memory_equal(&one, &got.by_id[size - 1], sizeof one);
        free(got.by_id);
        free(ids);
        nq_plan_free(cpu);
        nq_plan_free(gpu);
    }
}

/* ---- the published counts --------------------------------------------- */

static void test_published_counts(void **state)
{
    (void)state;
    for (int n = 1; n <= GPU_PUBLISHED_MAX_N; n++) {
        struct oeis_row want = oeis_counts(n);
        nq_plan *plan = gpu_plan(n);
        nq_count_options options;
        nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
        options.threads = 2;
        nq_count_result r;
        assert_int_equal(nq_count_plan(plan, &options, &r), NQ_OK);
        assert_int_equal(r.total, want.total);
        assert_int_equal(r.unique, want.unique);
        assert_int_equal(r.sym180, want.sym180);
        assert_int_equal(r.sym90, want.sym90);
        nq_plan_free(plan);
    }
}

/* ---- the kernel's other forms ----------------------------------------- */

struct model_run {
    int n;
    const struct nq__constellation *cons;
    uint64_t sum;
};

static int model_setup(void *user, size_t item, struct nq__kernel_setup *s)
{
    struct model_run *m = user;
    nq__constellation_setup(m->n, &m->cons[item], s);
    return 0;
}

static int model_done(void *user, size_t item, uint64_t completions)
{
    struct model_run *m = user;
    m->sum += completions * m->cons[item].weight;
    return 0;
}

/* The kernel built with `options` (its stacks in local memory, as on a
 * GPU) counts the published totals. */
static void check_kernel_form(const char *options)
{
    char message[1024] = "";
    struct nq__gpu *local = NULL;
    int rc = nq__gpu_open(nq__gpu_index(device), NQ_GPU_ANY, NULL, options,
                          message, sizeof message, &local);
    if (rc != 0)
        fail_msg("%s: %s: %s", options, nq_err_name(rc), message);
    for (int n = 8; n <= 13; n++) {
        struct nq__constellation *cons;
        uint64_t count;
        assert_int_equal(nq__constellations_list(n, &cons, &count), NQ_OK);
        struct model_run m = {n, cons, 0};
        assert_int_equal(nq__gpu_run(local, n, (size_t)count, model_setup,
                                     model_done, &m, message, sizeof message),
                         NQ_OK);
        assert_int_equal(m.sum, oeis_counts(n).total);
        free(cons);
    }
    nq__gpu_close(local);
}

static void test_local_stack(void **state)
{
    (void)state;
    check_kernel_form("-DNQ_LOCAL_STACK");
}

/* ---- a stop, and checkpoints that change hands ----------------------- */

/* Stops the count once `stop_after` subproblems are done. */
static int stop_after(uint64_t done, uint64_t total, uint64_t solutions,
                      void *user)
{
    (void)total;
    (void)solutions;
    return done >= *(uint64_t *)user;
}

static void test_stop(void **state)
{
    (void)state;
    nq_plan *plan = gpu_plan(13);
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    uint64_t limit = nq_plan_size(plan) / 2;
    options.progress = stop_after;
    options.progress_user = &limit;
    nq_count_result r;
    assert_int_equal(nq_count_plan(plan, &options, &r), NQ_E_STOPPED);
    assert_int_equal(r.total, 0);
    nq_plan_free(plan);
}

/* A count of n begun on `first` (stopped halfway) and finished on
 * `second`, through a checkpoint file. */
static void checkpoint_handover(int n, nq_plan *first, nq_plan *second)
{
    char path[] = "/tmp/nq-test-gpu-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path); /* the checkpoint makes its own file */

    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, n, nq_plan_signature(first),
                                        nq_plan_size(first), &cp),
                     NQ_OK);
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.threads = 2;
    uint64_t limit = nq_plan_size(first) / 2;
    options.progress = stop_after;
    options.progress_user = &limit;
    nq_count_result r;
    assert_int_equal(nq_checkpoint_run(cp, first, &options, &r), NQ_E_STOPPED);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);

    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_true(info.done >= limit);
    assert_true(info.done < info.size);

    assert_int_equal(nq_checkpoint_open(path, n, nq_plan_signature(second),
                                        nq_plan_size(second), &cp),
                     NQ_OK);
    options.progress = NULL;
    assert_int_equal(nq_checkpoint_run(cp, second, &options, &r), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    struct oeis_row want = oeis_counts(n);
    assert_int_equal(r.total, want.total);
    assert_int_equal(r.unique, want.unique);
    unlink(path);
}

static void test_checkpoint_gpu_then_cpu(void **state)
{
    (void)state;
    nq_plan *gpu = gpu_plan(13), *cpu = cpu_plan(13);
    checkpoint_handover(13, gpu, cpu);
    nq_plan_free(cpu);
    nq_plan_free(gpu);
}

static void test_checkpoint_cpu_then_gpu(void **state)
{
    (void)state;
    nq_plan *gpu = gpu_plan(14), *cpu = cpu_plan(14);
    checkpoint_handover(14, cpu, gpu);
    nq_plan_free(cpu);
    nq_plan_free(gpu);
}

/* Each row's engine against the one that counted its id. */
static int check_row_engine(const nq_unit_record *unit, void *user)
{
    int n = *(const int *)user;
    const char *want = unit->id < 2 * (uint64_t)n ? "constellations" : "gpu";
    assert_string_equal(unit->engine, want);
    return 0;
}

/* A checkpoint of a GPU count records the symmetric searches (ids 0 to
 * 2n - 1), which the CPU's threads count, as the constellations', and
 * the constellations as the GPU's (it recorded "gpu" for all). */
static void test_checkpoint_provenance(void **state)
{
    (void)state;
    int n = 10;
    nq_plan *plan = gpu_plan(n);
    assert_int_equal(nq_plan_id_engine(plan, 0), NQ_ENGINE_CONSTELLATIONS);
    assert_int_equal(nq_plan_id_engine(plan, 2 * (uint64_t)n - 1),
                     NQ_ENGINE_CONSTELLATIONS);
    assert_int_equal(nq_plan_id_engine(plan, 2 * (uint64_t)n), NQ_ENGINE_GPU);
    assert_int_equal(nq_plan_id_engine(plan, nq_plan_size(plan)),
                     NQ_ENGINE_AUTO);
    char path[] = "/tmp/nq-test-gpu-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path); /* the checkpoint makes its own file */
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, n, nq_plan_signature(plan),
                                        nq_plan_size(plan), &cp),
                     NQ_OK);
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.threads = 2;
    nq_count_result r;
    assert_int_equal(nq_checkpoint_run(cp, plan, &options, &r), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    assert_int_equal(r.total, oeis_counts(n).total);
    assert_int_equal(nq_checkpoint_units(path, check_row_engine, &n, NULL),
                     NQ_OK);
    unlink(path);
    nq_plan_free(plan);
}

/* A run stopped and resumed on the same open checkpoint records each row
 * with the engine that counted it, as one run does: the resumed run took
 * the engine the stopped one had named last (the CPU's after a symmetric
 * search, the GPU's after a constellation) for a caller's and kept it for
 * every row. */
static void test_checkpoint_provenance_resumed(void **state)
{
    (void)state;
    int n = 10;
    nq_plan *plan = gpu_plan(n);
    char path[] = "/tmp/nq-test-gpu-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path); /* the checkpoint makes its own file */
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, n, nq_plan_signature(plan),
                                        nq_plan_size(plan), &cp),
                     NQ_OK);
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.threads = 2;
    uint64_t limit = 1; /* both kinds of ids are left to the second run */
    options.progress = stop_after;
    options.progress_user = &limit;
    nq_count_result r;
    assert_int_equal(nq_checkpoint_run(cp, plan, &options, &r), NQ_E_STOPPED);
    options.progress = NULL;
    assert_int_equal(nq_checkpoint_run(cp, plan, &options, &r), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    assert_int_equal(r.total, oeis_counts(n).total);
    assert_int_equal(nq_checkpoint_units(path, check_row_engine, &n, NULL),
                     NQ_OK);
    unlink(path);
    nq_plan_free(plan);
}

/* ---- a kernel that does not build ------------------------------------- */

static void test_broken_kernel(void **state)
{
    (void)state;
    char message[2048] = "";
    struct nq__gpu *broken = NULL;
    int index = nq__gpu_index(device);
    /* The real source with the tests' switch that makes it fail. */
    int rc = nq__gpu_open(index, NQ_GPU_ANY, NULL, "-DNQ_BROKEN", message,
                          sizeof message, &broken);
    assert_int_equal(rc, NQ_E_DEVICE);
    assert_null(broken);
    assert_non_null(strstr(message, nq__gpu_name(device)));
    assert_non_null(strstr(message, "could not build the kernel"));
    assert_non_null(strstr(message, "this source must not build"));
    /* A source that is not OpenCL C at all. */
    message[0] = '\0';
    rc = nq__gpu_open(index, NQ_GPU_ANY, "__kernel void nq_count_tasks( {",
                      NULL, message, sizeof message, &broken);
    assert_int_equal(rc, NQ_E_DEVICE);
    assert_null(broken);
    assert_non_null(strstr(message, nq__gpu_name(device)));
    assert_non_null(strstr(message, "build log: "));
}

/* ---- devices, and the choice of AUTO ----------------------------------- */

static void test_devices(void **state)
{
    (void)state;
    assert_string_equal(nq_gpu_api(), NQ_TEST_GPU_API);
    int count = nq_gpu_device_count();
    assert_true(count >= 1);
    for (int i = 0; i < count; i++) {
        char name[512];
        assert_int_equal(nq_gpu_device_name(i, name, sizeof name), NQ_OK);
        assert_true(strlen(name) > 0);
    }
    char name[64];
    assert_int_equal(nq_gpu_device_name(count, name, sizeof name), NQ_E_INVAL);
    assert_int_equal(nq_gpu_device_name(-1, name, sizeof name), NQ_E_INVAL);

    /* A device number that is not there: refused, with a message. */
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_GPU;
    options.device = count;
    char message[256] = "";
    options.device_message = message;
    options.device_message_size = sizeof message;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(10, &options, &plan), NQ_E_UNSUPPORTED);
    assert_null(plan);
    assert_non_null(strstr(message, "no GPU device"));
    /* Beyond the device's 32-bit masks. */
    options.device = -1;
    assert_int_equal(nq_plan_create(33, &options, &plan), NQ_E_RANGE);
}

static void test_auto_takes_no_cpu_device(void **state)
{
    (void)state;
    /* Only when no device of type GPU is there (as in CI). */
    char name[512];
    for (int i = 0; i < nq_gpu_device_count(); i++) {
        assert_int_equal(nq_gpu_device_name(i, name, sizeof name), NQ_OK);
        if (strstr(name, "(gpu,") != NULL)
            skip();
    }
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.memory_bytes = (uint64_t)1 << 20; /* no room for the join */
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(NQ_GPU_AUTO_MIN_N, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_engine(plan), NQ_ENGINE_CONSTELLATIONS);
    nq_plan_free(plan);
    /* The outline (count --dry-run) by the same rule; the device found
     * by listing is the one --engine gpu opens, and auto finds none. */
    nq_outline outline;
    assert_int_equal(
        nq_plan_outline(NQ_GPU_AUTO_MIN_N, &options, NULL, &outline), NQ_OK);
    assert_int_equal(outline.engine, NQ_ENGINE_CONSTELLATIONS);
    assert_false(nq__plan_auto_gpu(NQ_GPU_AUTO_MIN_N, -1));
    assert_int_equal(nq__gpu_find(-1, NQ_GPU_GPU_ONLY), NQ_E_UNSUPPORTED);
    assert_int_equal(nq__gpu_find(-1, NQ_GPU_ANY), 0);
    assert_int_equal(nq__gpu_find(nq_gpu_device_count(), NQ_GPU_ANY),
                     NQ_E_UNSUPPORTED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tasks_model),
        cmocka_unit_test(test_tasks_in_parts),
        cmocka_unit_test(test_search_a_batch_at_a_time),
        cmocka_unit_test(test_devices),
        cmocka_unit_test(test_ids_against_cpu),
        cmocka_unit_test(test_published_counts),
        cmocka_unit_test(test_local_stack),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_checkpoint_gpu_then_cpu),
        cmocka_unit_test(test_checkpoint_cpu_then_gpu),
        cmocka_unit_test(test_checkpoint_provenance),
        cmocka_unit_test(test_checkpoint_provenance_resumed),
        cmocka_unit_test(test_broken_kernel),
        cmocka_unit_test(test_auto_takes_no_cpu_device),
    };
    return cmocka_run_group_tests(tests, open_device, close_device);
}
