/*
 * read_given.c - parses the ROW:COLUMN lists of `complete`: `--given`
 * (queens placed in advance) and `--blocked` (squares where no queen may
 * stand), numbered from --base, with messages that name the pair at fault
 * by its position in the list.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/messages.h"
#include "common/parse.h"
#include "input/read_given.h"
#include "nqueens.h"

/* Numbers are read in a wide range so that 99:1 is "off the board", not
 * "malformed". */
#define GIVEN_MIN (-1000000000LL)
#define GIVEN_MAX 1000000000LL

static const char given_space[] = " \t";

/* What a list holds, for its messages. */
struct pair_list {
    const char *option; /* "given" or "blocked" */
    const char *thing;  /* "queen" or "square" */
    int n;
    int base;
    /* Stores one pair on the board, `row` and `col` as written (numbered
     * from base). Returns 0 or an exit status. */
    int (*take)(const struct pair_list *list, long long row, long long col,
                void *user);
    void *user;
};

/* Copies [start, end) without surrounding blanks into buf. */
static const char *given_trim(const char *start, const char *end, char *buf,
                              size_t size)
{
    while (start < end && strchr(given_space, *start) != NULL)
        start++;
    while (end > start && strchr(given_space, end[-1]) != NULL)
        end--;
    size_t len = (size_t)(end - start);
    if (len >= size)
        len = size - 1;
    memcpy(buf, start, len);
    buf[len] = '\0';
    return buf;
}

/* Parses one "r:c" item (number `index` in the list, 1-based). */
static int given_item(const struct pair_list *list, const char *start,
                      const char *end, int index)
{
    char item[64];
    given_trim(start, end, item, sizeof item);
    const char *colon = memchr(start, ':', (size_t)(end - start));
    /* Each number is parsed whole: a text cut to a buffer's size would
     * read 000...01 as 0 and 5x (after 22 zeros) as 5. */
    size_t room = (size_t)(end - start) + 1;
    char *row_text = malloc(room);
    char *col_text = malloc(room);
    if (row_text == NULL || col_text == NULL) {
        free(row_text);
        free(col_text);
        return cli_error("out of memory");
    }
    long long row = 0;
    long long col = 0;
    bool parsed = colon != NULL &&
                  cli_parse_long(given_trim(start, colon, row_text, room),
                                 GIVEN_MIN, GIVEN_MAX, &row) &&
                  cli_parse_long(given_trim(colon + 1, end, col_text, room),
                                 GIVEN_MIN, GIVEN_MAX, &col);
    free(row_text);
    free(col_text);
    if (!parsed) {
        char quoted[80];
        return cli_usage_error(
            "--%s: item %d '%s' is not ROW:COLUMN (such as 2:5)", list->option,
            index, cli_quote(item, quoted, sizeof quoted));
    }
    int first = list->base;
    int last = list->n - 1 + list->base;
    if (row < first || row > last || col < first || col > last)
        return cli_error("--%s: %s %lld:%lld is off the %dx%d board (rows "
                         "and columns run from %d to %d%s)",
                         list->option, list->thing, row, col, list->n, list->n,
                         first, last, first == 0 ? " with --base 0" : "");
    return list->take(list, row, col, list->user);
}

static int read_pairs(const struct pair_list *list, const char *text)
{
    if (text[strspn(text, given_space)] == '\0')
        return 0;
    int index = 1;
    for (const char *start = text;; index++) {
        const char *comma = strchr(start, ',');
        const char *end = comma != NULL ? comma : start + strlen(start);
        int rc = given_item(list, start, end, index);
        if (rc != 0)
            return rc;
        if (comma == NULL)
            break;
        start = comma + 1;
    }
    return 0;
}

static int take_queen(const struct pair_list *list, long long row,
                      long long col, void *user)
{
    int *given = user;
    int r = (int)(row - list->base);
    int c = (int)(col - list->base);
    if (given[r] == c)
        return cli_error("--given: queen %lld:%lld is given twice", row, col);
    if (given[r] != NQ_COMPLETE_FREE_ROW)
        return cli_error("--given: queens %lld:%d and %lld:%lld share row %lld",
                         row, given[r] + list->base, row, col, row);
    given[r] = c;
    return 0;
}

int read_given(const char *text, int n, int base, int *given)
{
    for (int r = 0; r < n; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
    struct pair_list list = {.option = "given",
                             .thing = "queen",
                             .n = n,
                             .base = base,
                             .take = take_queen,
                             .user = given};
    return read_pairs(&list, text);
}

static int take_square(const struct pair_list *list, long long row,
                       long long col, void *user)
{
    uint64_t *blocked = user;
    int r = (int)(row - list->base);
    uint64_t bit = 1ull << (col - list->base);
    if (blocked[r] & bit)
        return cli_error("--blocked: square %lld:%lld is named twice", row,
                         col);
    blocked[r] |= bit;
    return 0;
}

int read_blocked(const char *text, int n, int base, uint64_t *blocked)
{
    for (int r = 0; r < n; r++)
        blocked[r] = 0;
    struct pair_list list = {.option = "blocked",
                             .thing = "square",
                             .n = n,
                             .base = base,
                             .take = take_square,
                             .user = blocked};
    return read_pairs(&list, text);
}
