/*
 * read_given.c - parses `--given "r:c,r:c,..."` (1-based row:column
 * pairs) into a partial placement, with messages that name the pair at
 * fault by its position in the list.
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
static int given_item(const char *start, const char *end, int index, int n,
                      int *given)
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
            "--given: item %d '%s' is not ROW:COLUMN (such as 2:5)", index,
            cli_quote(item, quoted, sizeof quoted));
    }
    if (row < 1 || row > n || col < 1 || col > n)
        return cli_error("--given: queen %lld:%lld is off the %dx%d board "
                         "(rows and columns run from 1 to %d)",
                         row, col, n, n, n);
    int r = (int)row - 1;
    if (given[r] == (int)col - 1)
        return cli_error("--given: queen %lld:%lld is given twice", row, col);
    if (given[r] != NQ_COMPLETE_FREE_ROW)
        return cli_error("--given: queens %lld:%d and %lld:%lld share row %lld",
                         row, given[r] + 1, row, col, row);
    given[r] = (int)col - 1;
    return 0;
}

int read_given(const char *text, int n, int *given)
{
    for (int r = 0; r < n; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
    if (text[strspn(text, given_space)] == '\0')
        return 0;
    int index = 1;
    for (const char *start = text;; index++) {
        const char *comma = strchr(start, ',');
        const char *end = comma != NULL ? comma : start + strlen(start);
        int rc = given_item(start, end, index, n, given);
        if (rc != 0)
            return rc;
        if (comma == NULL)
            break;
        start = comma + 1;
    }
    return 0;
}
