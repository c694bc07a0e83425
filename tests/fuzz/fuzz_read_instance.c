/*
 * fuzz_read_instance.c - the reader of `complete --instance FILE`, CSPLib's
 * instance files (cli/input/read_instance.c). Two kinds of input, by the
 * first byte:
 *  - even: the rest is any text. The reader must not fail in any other
 *    way than a message with a line; what it accepts must lie on the
 *    board, and written back out by a writer here (one canonical form)
 *    must read back the same.
 *  - odd: the rest drives a generator here that writes a well-formed file
 *    (a board size, given queens 0-based, blocked squares 1-based,
 *    excluded diagonals, with blanks, comments, `be` and line breaks chosen
 *    by the bytes) and works out the instance it means; the reader must
 *    agree, or, where given queens attack each other or stand where the
 *    file rules a queen out (the library's check says so), refuse the file
 *    with a line.
 */
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "input/read_instance.h"

struct text {
    char buf[1 << 16];
    size_t len;
};

static void put(struct text *t, const char *s)
{
    size_t len = strlen(s);
    if (t->len + len < sizeof t->buf) {
        memcpy(t->buf + t->len, s, len);
        t->len += len;
    }
}

static void put_int(struct text *t, long long v)
{
    char num[32];
    snprintf(num, sizeof num, "%lld", v);
    put(t, num);
}

static bool bit(const uint64_t set[2], int k)
{
    return (set[k >> 6] >> (k & 63)) & 1;
}

/* Writes `in` in one form; the diagonals as a diags list of all of them. */
static void write_canonical(const struct instance *in, struct text *t)
{
    int n = in->n;
    put(t, "n = ");
    put_int(t, n);
    put(t, "\ninit = [");
    bool first = true;
    for (int r = 0; r < n; r++) {
        if (in->given[r] < 0)
            continue;
        put(t, first ? "[" : ", [");
        put_int(t, r);
        put(t, ", ");
        put_int(t, in->given[r]);
        put(t, "]");
        first = false;
    }
    put(t, "]\nblocks = [");
    first = true;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (!((in->excluded.blocked[r] >> c) & 1))
                continue;
            put(t, first ? "[" : ",[");
            put_int(t, r + 1);
            put(t, ",");
            put_int(t, c + 1);
            put(t, "]");
            first = false;
        }
    }
    put(t, "]\ndiags = [");
    first = true;
    for (int k = 0; k <= 2 * n - 2; k++) {
        for (int type = 0; type < 2; type++) {
            if (!bit(type ? in->excluded.sum : in->excluded.diff, k))
                continue;
            put(t, first ? "[" : ", [");
            put_int(t, k);
            put(t, ", ");
            put_int(t, type);
            put(t, "]");
            first = false;
        }
    }
    put(t, "]\n");
}

static bool same(const struct instance *a, const struct instance *b)
{
    return a->n == b->n &&
           memcmp(a->given, b->given, sizeof(int) * (size_t)a->n) == 0 &&
           memcmp(&a->excluded, &b->excluded, sizeof a->excluded) == 0;
}

/* What any instance read must satisfy. */
static void check_on_board(const struct instance *in)
{
    int n = in->n;
    FUZZ_CHECK(n >= 1 && n <= NQ_MAX_N);
    for (int r = 0; r < NQ_MAX_N; r++) {
        if (r < n)
            FUZZ_CHECK(in->given[r] >= -1 && in->given[r] < n);
        uint64_t cols = r < n ? (n == 64 ? ~0ull : (1ull << n) - 1) : 0;
        FUZZ_CHECK((in->excluded.blocked[r] & ~cols) == 0);
    }
    for (int k = 2 * n - 1; k < 128; k++)
        FUZZ_CHECK(!bit(in->excluded.sum, k) && !bit(in->excluded.diff, k));
}

static void raw_text(const uint8_t *data, size_t size)
{
    struct instance got;
    long long line = -1;
    char message[192];
    int rc = instance_parse((const char *)data, size, -1, &got, &line, message,
                            sizeof message);
    FUZZ_CHECK(rc == 0 || rc == -1);
    if (rc != 0) {
        FUZZ_CHECK(line >= 0 && message[0] != '\0');
        return;
    }
    check_on_board(&got);
    static struct text t;
    t.len = 0;
    write_canonical(&got, &t);
    struct instance again;
    rc = instance_parse(t.buf, t.len, -1, &again, &line, message,
                        sizeof message);
    FUZZ_CHECK(rc == 0);
    FUZZ_CHECK(same(&got, &again));
}

/* The generator's bytes, read one at a time (0 past the end). */
struct bytes {
    const uint8_t *p;
    size_t left;
};

static unsigned take(struct bytes *b)
{
    if (b->left == 0)
        return 0;
    b->left--;
    return *b->p++;
}

/* Some blank, a line break or a comment, as the bytes say. */
static void put_space(struct text *t, struct bytes *b)
{
    static const char *const spaces[] = {" ",         "  ",   "\n", "\t",
                                         " $ note\n", "\r\n", "",   " "};
    put(t, spaces[take(b) % 8]);
}

static void generated(const uint8_t *data, size_t size)
{
    struct bytes b = {data, size};
    struct instance want;
    memset(&want, 0, sizeof want);
    int n = 1 + (int)(take(&b) % NQ_MAX_N);
    want.n = n;
    for (int r = 0; r < NQ_MAX_N; r++)
        want.given[r] = -1;
    static struct text t;
    t.len = 0;
    if (take(&b) & 1)
        put(&t, "language ESSENCE' 1.0\n");
    put(&t, (take(&b) & 1) ? "letting n be " : "n =");
    put_space(&t, &b);
    put_int(&t, n);
    put(&t, "\n");
    /* given queens: rows that are free so far */
    put(&t, "letting init =");
    put_space(&t, &b);
    put(&t, "[");
    int queens = (int)(take(&b) % 8);
    bool first = true;
    for (int i = 0; i < queens; i++) {
        int r = (int)(take(&b) % (unsigned)n);
        int c = (int)(take(&b) % (unsigned)n);
        if (want.given[r] >= 0)
            continue;
        want.given[r] = c;
        put(&t, first ? "[" : ",");
        if (!first) {
            put_space(&t, &b);
            put(&t, "[");
        }
        put_int(&t, r);
        put(&t, ",");
        put_space(&t, &b);
        put_int(&t, c);
        put(&t, "]");
        first = false;
    }
    put(&t, "]\nletting blocks = [");
    int blocks = (int)(take(&b) % 16);
    for (int i = 0; i < blocks; i++) {
        int r = (int)(take(&b) % (unsigned)n);
        int c = (int)(take(&b) % (unsigned)n);
        want.excluded.blocked[r] |= 1ull << c;
        put(&t, i == 0 ? "[" : ", [");
        put_int(&t, r + 1);
        put(&t, ", ");
        put_int(&t, c + 1);
        put(&t, "]");
    }
    put(&t, "]\n");
    int pairs = (int)(take(&b) % 12);
    int used = (int)(take(&b) % (unsigned)(pairs + 1));
    put(&t, "numdiags = ");
    put_int(&t, pairs);
    put(&t, "\ndiags = [");
    for (int i = 0; i < pairs; i++) {
        int k = (int)(take(&b) % (unsigned)(2 * n - 1));
        int type = (int)(take(&b) & 1);
        if (i < used) {
            uint64_t *set = type ? want.excluded.sum : want.excluded.diff;
            set[k >> 6] |= 1ull << (k & 63);
        }
        put(&t, i == 0 ? "[" : ",");
        put_space(&t, &b);
        if (i > 0)
            put(&t, "[");
        put_int(&t, k);
        put(&t, ", ");
        put_int(&t, type);
        put(&t, "]");
    }
    put(&t, "]\n");
    struct instance got;
    long long line = 0;
    char message[192];
    int rc = instance_parse(t.buf, t.len, used, &got, &line, message,
                            sizeof message);
    nq_complete_options check;
    nq_complete_options_init(&check, NQ_COMPLETE_OPTIONS_VERSION);
    check.exclusions = &want.excluded;
    if (nq_complete_check_options(n, want.given, &check, NULL) ==
        NQ_E_CONFLICT) {
        FUZZ_CHECK(rc == -1 && line > 0 && message[0] != '\0');
        return;
    }
    if (rc != 0)
        fprintf(stderr, "line %lld: %s\n%.*s", line, message, (int)t.len,
                t.buf);
    FUZZ_CHECK(rc == 0);
    FUZZ_CHECK(got.diagonals == pairs && got.diagonals_used == used);
    FUZZ_CHECK(same(&got, &want));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (data[0] & 1)
        generated(data + 1, size - 1);
    else
        raw_text(data + 1, size - 1);
    return 0;
}
