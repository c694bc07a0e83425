/*
 * format_svg.c - `solve --format svg`: one SVG document drawing the boards
 * in a grid, each on checkered squares with its solution number under it.
 *
 * The picture's size must be written before its first board, so the
 * solutions are kept (one byte a row) until the end; that is why the
 * number of boards is capped (format.h). The squares come from one
 * pattern and the queens from one symbol, so a board costs a few short
 * elements. Completions show their given queens in red on a ring and the
 * squares where no queen may stand grey and crossed (two more symbols,
 * defined only then).
 */
#include <stdlib.h>
#include <string.h>

#include "output/format.h"

#define SVG_CELL 24  /* side of a square, in pixels */
#define SVG_GAP 16   /* space around and between boards */
#define SVG_LABEL 20 /* height of the line holding a solution's number */

struct svg_state {
    unsigned char *cols; /* kept solutions, n bytes each */
    size_t count;        /* solutions kept */
    size_t capacity;     /* solutions that fit in cols */
    bool out_of_memory;
};

static int svg_begin(struct format_run *run)
{
    struct svg_state *s = calloc(1, sizeof *s);
    if (s == NULL)
        return cli_error("out of memory");
    run->state = s;
    return 0;
}

static void svg_solution(struct format_run *run, const int *cols)
{
    struct svg_state *s = run->state;
    if (s->out_of_memory)
        return;
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 64;
        unsigned char *grown = realloc(s->cols, capacity * (size_t)run->n);
        if (grown == NULL) {
            s->out_of_memory = true;
            return;
        }
        s->cols = grown;
        s->capacity = capacity;
    }
    unsigned char *slot = s->cols + s->count * (size_t)run->n;
    for (int r = 0; r < run->n; r++)
        slot[r] = (unsigned char)cols[r];
    s->count++;
}

/* The shared definitions: the checkered squares and the queen. */
static void svg_defs(struct writer *w, const struct format_run *run)
{
    writer_printf(w,
                  "<defs>\n"
                  "<pattern id=\"squares\" width=\"%d\" height=\"%d\" "
                  "patternUnits=\"userSpaceOnUse\">\n"
                  "<rect width=\"%d\" height=\"%d\" fill=\"#f0d9b5\"/>\n"
                  "<rect x=\"%d\" width=\"%d\" height=\"%d\" "
                  "fill=\"#b58863\"/>\n"
                  "<rect y=\"%d\" width=\"%d\" height=\"%d\" "
                  "fill=\"#b58863\"/>\n"
                  "</pattern>\n",
                  2 * SVG_CELL, 2 * SVG_CELL, 2 * SVG_CELL, 2 * SVG_CELL,
                  SVG_CELL, SVG_CELL, SVG_CELL, SVG_CELL, SVG_CELL, SVG_CELL);
    /* A crown drawn in a 24 x 24 square. */
    writer_puts(w, "<g id=\"queen\">\n"
                   "<polygon points=\"4,8 8.5,13 12,5 15.5,13 20,8 18,19 "
                   "6,19\" fill=\"#1a1a1a\" stroke=\"#ffffff\" "
                   "stroke-width=\"1\"/>\n"
                   "<rect x=\"6\" y=\"19\" width=\"12\" height=\"2\" "
                   "fill=\"#1a1a1a\"/>\n"
                   "</g>\n");
    if (run->given == NULL && run->blocked == NULL) {
        writer_puts(w, "</defs>\n");
        return;
    }
    /* A given queen: the crown in red on a ring. */
    writer_puts(w, "<g id=\"given\">\n"
                   "<circle cx=\"12\" cy=\"12\" r=\"11\" fill=\"none\" "
                   "stroke=\"#c0392b\" stroke-width=\"2\"/>\n"
                   "<polygon points=\"4,8 8.5,13 12,5 15.5,13 20,8 18,19 "
                   "6,19\" fill=\"#c0392b\" stroke=\"#ffffff\" "
                   "stroke-width=\"1\"/>\n"
                   "<rect x=\"6\" y=\"19\" width=\"12\" height=\"2\" "
                   "fill=\"#c0392b\"/>\n"
                   "</g>\n");
    /* A square where no queen may stand: grey, crossed. */
    writer_printf(w,
                  "<g id=\"blocked\">\n"
                  "<rect width=\"%d\" height=\"%d\" fill=\"#6b6b6b\"/>\n"
                  "<path d=\"M4,4 L%d,%d M%d,4 L4,%d\" stroke=\"#e0e0e0\" "
                  "stroke-width=\"2\"/>\n"
                  "</g>\n"
                  "</defs>\n",
                  SVG_CELL, SVG_CELL, SVG_CELL - 4, SVG_CELL - 4, SVG_CELL - 4,
                  SVG_CELL - 4);
}

static void svg_board(struct writer *w, const struct format_run *run,
                      const unsigned char *cols, uint64_t number, int x, int y)
{
    int n = run->n;
    int side = n * SVG_CELL;
    writer_printf(w, "<g transform=\"translate(%d,%d)\">\n", x, y);
    writer_printf(w,
                  "<rect width=\"%d\" height=\"%d\" fill=\"url(#squares)\" "
                  "stroke=\"#333333\"/>\n",
                  side, side);
    for (int r = 0; run->blocked != NULL && r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (((run->blocked[r] >> c) & 1) && c != cols[r])
                writer_printf(w,
                              "<use xlink:href=\"#blocked\" x=\"%d\" "
                              "y=\"%d\"/>\n",
                              c * SVG_CELL, r * SVG_CELL);
        }
    }
    for (int r = 0; r < n; r++) {
        bool given = run->given != NULL && run->given[r] == cols[r];
        writer_printf(w, "<use xlink:href=\"#%s\" x=\"%d\" y=\"%d\"/>\n",
                      given ? "given" : "queen", cols[r] * SVG_CELL,
                      r * SVG_CELL);
    }
    writer_printf(w,
                  "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
                  "font-family=\"sans-serif\" font-size=\"14\">",
                  side / 2, side + SVG_LABEL - 4);
    writer_put_u64(w, number);
    writer_puts(w, "</text>\n</g>\n");
}

/* What the picture holds, as a reader takes it: "8 queens: 92
 * solutions", or "the first 5 solutions" when --limit cut the run. */
static void svg_title(struct writer *w, const struct format_run *run,
                      size_t count)
{
    const char *noun = run->completions ? "completion" : "solution";
    const char *plural = count == 1 ? "" : "s";
    const char *kind = run->unique ? "unique " : "";
    writer_printf(w, "<title>%d queen%s: ", run->n, run->n == 1 ? "" : "s");
    if (!run->limited)
        writer_printf(w, "%zu %s%s%s", count, kind, noun, plural);
    else if (count == 0)
        writer_printf(w, "no %s%ss shown (--limit 0)", kind, noun);
    else if (count == 1)
        writer_printf(w, "the first %s%s", kind, noun);
    else
        writer_printf(w, "the first %zu %s%ss", count, kind, noun);
    writer_puts(w, "</title>\n");
}

static int svg_end(struct format_run *run)
{
    struct svg_state *s = run->state;
    run->state = NULL;
    if (run->abandon || s->out_of_memory) {
        free(s->cols);
        free(s);
        return run->abandon ? 0 : cli_error("out of memory building the SVG");
    }
    struct writer *w = run->out;
    int n = run->n;
    /* A grid about as wide as it is tall. */
    int per_row = 1;
    while ((size_t)per_row * (size_t)per_row < s->count)
        per_row++;
    int rows = (int)((s->count + (size_t)per_row - 1) / (size_t)per_row);
    int board_w = n * SVG_CELL + SVG_GAP;
    int board_h = n * SVG_CELL + SVG_LABEL + SVG_GAP;
    int width = SVG_GAP + per_row * board_w;
    int height = SVG_GAP + (rows > 0 ? rows : 1) * board_h;

    writer_puts(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    writer_printf(w,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                  "xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
                  width, height, width, height);
    svg_title(w, run, s->count);
    writer_printf(w, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                  width, height);
    svg_defs(w, run);
    for (size_t i = 0; i < s->count; i++) {
        int x = SVG_GAP + (int)(i % (size_t)per_row) * board_w;
        int y = SVG_GAP + (int)(i / (size_t)per_row) * board_h;
        svg_board(w, run, s->cols + i * (size_t)n, i + 1, x, y);
    }
    writer_puts(w, "</svg>\n");
    free(s->cols);
    free(s);
    return 0;
}

const struct output_format format_svg = {
    .name = "svg",
    .begin = svg_begin,
    .solution = svg_solution,
    .end = svg_end,
};
