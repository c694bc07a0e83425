/*
 * test_symmetry.c - the 8 transforms, canonical forms and class sizes,
 * checked against a separate implementation that moves each queen's
 * (row, column) point, against the group's laws, and against the published
 * unique counts.
 */
#include "oracle.h"

/* A pseudo-random permutation (fixed seed: the test is repeatable). */
static void random_permutation(int *cols, int n, uint64_t *seed)
{
    for (int i = 0; i < n; i++)
        cols[i] = i;
    for (int i = n - 1; i > 0; i--) {
        *seed = *seed * 6364136223846793005u + 1442695040888963407u;
        int j = (int)((*seed >> 33) % (uint64_t)(i + 1));
        int t = cols[i];
        cols[i] = cols[j];
        cols[j] = t;
    }
}

static void test_transforms_match_reference(void **state)
{
    (void)state;
    uint64_t seed = 42;
    int cols[NQ_MAX_N], got[NQ_MAX_N], want[NQ_MAX_N];
    for (int round = 0; round < 500; round++) {
        int n = 1 + round % NQ_MAX_N;
        random_permutation(cols, n, &seed);
        for (int s = 0; s < NQ_SYMMETRY_COUNT; s++) {
            assert_int_equal(nq_transform((nq_symmetry)s, cols, n, got), NQ_OK);
            reference_transform((nq_symmetry)s, cols, n, want);
            assert_memory_equal(got, want, sizeof(int) * (size_t)n);
        }
        /* In place. */
        memcpy(got, cols, sizeof(int) * (size_t)n);
        assert_int_equal(nq_transform(NQ_SYM_ROT90, got, n, got), NQ_OK);
        reference_transform(NQ_SYM_ROT90, cols, n, want);
        assert_memory_equal(got, want, sizeof(int) * (size_t)n);
    }
}

static void test_group_laws(void **state)
{
    (void)state;
    uint64_t seed = 7;
    int cols[12], a[12], b[12];
    const int n = 12;
    for (int round = 0; round < 50; round++) {
        random_permutation(cols, n, &seed);
        /* Four quarter turns are the identity; two are a half turn. */
        memcpy(a, cols, sizeof cols);
        for (int i = 0; i < 4; i++) {
            nq_transform(NQ_SYM_ROT90, a, n, a);
            if (i == 1) {
                nq_transform(NQ_SYM_ROT180, cols, n, b);
                assert_memory_equal(a, b, sizeof a);
            }
            if (i == 2) {
                nq_transform(NQ_SYM_ROT270, cols, n, b);
                assert_memory_equal(a, b, sizeof a);
            }
        }
        assert_memory_equal(a, cols, sizeof a);
        /* Each reflection is its own inverse. */
        for (int s = NQ_SYM_MIRROR; s <= NQ_SYM_ANTIDIAGONAL; s++) {
            nq_transform((nq_symmetry)s, cols, n, a);
            nq_transform((nq_symmetry)s, a, n, a);
            assert_memory_equal(a, cols, sizeof a);
        }
        /* Mirror after a quarter turn is a transpose. */
        nq_transform(NQ_SYM_ROT90, cols, n, a);
        nq_transform(NQ_SYM_MIRROR, a, n, a);
        nq_transform(NQ_SYM_DIAGONAL, cols, n, b);
        assert_memory_equal(a, b, sizeof a);
    }
}

static void test_canonical_matches_reference_and_counts(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        struct placements all = oracle_solutions(n);
        uint64_t canonical = 0, class_total = 0;
        for (size_t i = 0; i < all.count; i++) {
            const int *cols = placement_at(&all, i);
            int want[NQ_MAX_N], got[NQ_MAX_N], image[NQ_MAX_N];
            int distinct = 0, size = 0;
            reference_canonical(cols, n, want, &distinct);
            assert_int_equal(nq_canonical(cols, n, got, &size), NQ_OK);
            assert_memory_equal(got, want, sizeof(int) * (size_t)n);
            assert_int_equal(size, distinct);
            assert_int_equal(nq_class_size(cols, n), distinct);
            int is = nq_is_canonical(cols, n);
            assert_int_equal(is, test_compare(cols, want, n) == 0);
            /* Images of a solution are solutions. */
            for (int s = 0; s < NQ_SYMMETRY_COUNT; s++) {
                nq_transform((nq_symmetry)s, cols, n, image);
                assert_true(test_is_solution(image, n));
            }
            if (is) {
                canonical++;
                class_total += (uint64_t)size;
            }
        }
        struct oeis_row published = oeis_counts(n);
        assert_int_equal(canonical, published.unique);
        /* The classes cover every solution exactly once. */
        assert_int_equal(class_total, published.total);
        placements_free(&all);
    }
}

static void test_class_sizes(void **state)
{
    (void)state;
    /* n = 1: one queen, its own image under all 8. */
    const int one[1] = {0};
    assert_int_equal(nq_class_size(one, 1), 1);
    /* The 4-queens solution is unchanged by a quarter turn. */
    const int four[4] = {1, 3, 0, 2};
    assert_int_equal(nq_class_size(four, 4), 2);
    /* Queens on the main diagonal (not a solution) are fixed by the half
     * turn and both transposes: the class is the two diagonals. */
    const int diagonal[5] = {0, 1, 2, 3, 4};
    assert_int_equal(nq_class_size(diagonal, 5), 2);
}

static void test_errors(void **state)
{
    (void)state;
    int out[8];
    const int repeated[3] = {0, 0, 1};
    const int out_of_range[3] = {0, 3, 1};
    const int fine[3] = {0, 2, 1};
    assert_int_equal(nq_transform(NQ_SYM_ROT90, fine, 0, out), NQ_E_RANGE);
    assert_int_equal(nq_transform(NQ_SYM_ROT90, fine, NQ_MAX_N + 1, out),
                     NQ_E_RANGE);
    assert_int_equal(nq_transform(NQ_SYM_ROT90, NULL, 3, out), NQ_E_INVAL);
    assert_int_equal(nq_transform(NQ_SYM_ROT90, fine, 3, NULL), NQ_E_INVAL);
    assert_int_equal(nq_transform((nq_symmetry)8, fine, 3, out), NQ_E_INVAL);
    assert_int_equal(nq_transform((nq_symmetry)-1, fine, 3, out), NQ_E_INVAL);
    assert_int_equal(nq_transform(NQ_SYM_FLIP, repeated, 3, out), NQ_E_INVAL);
    assert_int_equal(nq_canonical(out_of_range, 3, out, NULL), NQ_E_INVAL);
    assert_int_equal(nq_class_size(repeated, 3), NQ_E_INVAL);
    assert_int_equal(nq_is_canonical(repeated, 3), NQ_E_INVAL);
    assert_int_equal(nq_canonical(fine, 3, NULL, NULL), NQ_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transforms_match_reference),
        cmocka_unit_test(test_group_laws),
        cmocka_unit_test(test_canonical_matches_reference_and_counts),
        cmocka_unit_test(test_class_sizes),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
