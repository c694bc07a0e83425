/*
 * construct.c - an explicit solution of n queens for every n >= 4 (and
 * n = 1), each row's column computed directly, so that a billion queens can
 * be written out without ever holding them.
 *
 * The closed form is that of E. J. Hoffman, J. C. Loessi and R. C. Moore,
 * "Constructions for the solution of the m queens problem", Mathematics
 * Magazine 42(2), 1969, 66-72 (restated by Bernhardsson, "Explicit
 * solutions to the N-queens problem for all N", SIGART Bulletin 2(2), 1991).
 * With 1-based rows i and columns c, and m the even number n or n - 1:
 *
 *   m mod 6 != 2:  c(i) = 2i               for i = 1..m/2
 *                  c(i) = 2(i - m/2) - 1   for i = m/2+1..m
 *   m mod 6 == 2:  c(i) = 1 + (2(i-1) + m/2 - 1) mod m        for i <= m/2
 *                  c(i) = m - (2(j-1) + m/2 - 1) mod m,
 *                         j = m + 1 - i                       for i > m/2
 *   n odd:         the even solution for m = n - 1, plus c(n) = n.
 *
 * Both even forms leave the main diagonal (c = i) empty, which is why the
 * corner square (n, n) can be added for odd n. The tests do not take this
 * on trust: test_construct.c checks every n from 4 to 100,000 and each
 * residue of n mod 12 near 10^6 with an independent verifier.
 *
 * Arithmetic is in int64_t: 2(i-1) + m/2 exceeds INT_MAX for n near 2^31.
 */
#include "nqueens.h"

/* Checks n: 0, or the error every entry point returns for it. */
static int construct_check_n(int n)
{
    if (n < 1)
        return NQ_E_RANGE;
    if (n == 2 || n == 3)
        return NQ_E_NOSOLUTION;
    return 0;
}

/* The 1-based column of 1-based row i (n valid, 1 <= i <= n). */
static int64_t construct_column_1(int64_t n, int64_t i)
{
    if (n == 1)
        return 1;
    if ((n & 1) != 0 && i == n)
        return n; /* the corner that odd n adds */
    int64_t m = (n & 1) != 0 ? n - 1 : n;
    int64_t half = m / 2;
    if (m % 6 != 2)
        return i <= half ? 2 * i : 2 * (i - half) - 1;
    if (i <= half)
        return 1 + (2 * (i - 1) + half - 1) % m;
    int64_t j = m + 1 - i;
    return m - (2 * (j - 1) + half - 1) % m;
}

int nq_construct_column(int n, int row)
{
    int rc = construct_check_n(n);
    if (rc != 0)
        return rc;
    if (row < 0 || row >= n)
        return NQ_E_INVAL;
    return (int)(construct_column_1(n, (int64_t)row + 1) - 1);
}

/* Rows first..last (1-based, inclusive) of the m mod 6 == 2 form into out,
 * stepping the residue instead of dividing for every row. */
static void construct_form_b(int64_t m, int64_t first, int64_t last, int *out)
{
    int64_t half = m / 2;
    int64_t i = first;
    if (i <= half && i <= last) {
        int64_t t = (2 * (i - 1) + half - 1) % m; /* c(i) = 1 + t */
        for (; i <= half && i <= last; i++) {
            *out++ = (int)t; /* 0-based: c(i) - 1 */
            t += 2;
            if (t >= m)
                t -= m;
        }
    }
    if (i <= last) {
        int64_t t = (2 * (m - i) + half - 1) % m; /* j - 1 = m - i */
        for (; i <= last; i++) {
            *out++ = (int)(m - t - 1);
            t -= 2;
            if (t < 0)
                t += m;
        }
    }
}

int nq_construct_range(int n, int first_row, int count, int *cols)
{
    int rc = construct_check_n(n);
    if (rc != 0)
        return rc;
    if (count < 0 || first_row < 0 || first_row > n || count > n - first_row ||
        (cols == NULL && count > 0))
        return NQ_E_INVAL;
    int64_t first = (int64_t)first_row + 1, last = (int64_t)first_row + count;
    int64_t m = (n & 1) != 0 ? (int64_t)n - 1 : n;
    if (n == 1 || m % 6 != 2) {
        for (int k = 0; k < count; k++)
            cols[k] = (int)(construct_column_1(n, first + k) - 1);
        return 0;
    }
    /* The rows of the even form, then the corner of an odd n. */
    int64_t even_last = last < m ? last : m;
    if (first <= even_last)
        construct_form_b(m, first, even_last, cols);
    if (last > m)
        cols[count - 1] = n - 1;
    return 0;
}

int nq_construct(int n, int *cols)
{
    int rc = construct_check_n(n);
    if (rc != 0)
        return rc;
    if (cols == NULL)
        return NQ_E_INVAL;
    return nq_construct_range(n, 0, n, cols);
}
