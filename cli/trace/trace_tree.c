/*
 * trace_tree.c - `nqueens trace N --tree`: the search of the trace told as
 * the solution-space tree of the teaching texts. A node is a square tried
 * (a place or conflict event of nq_trace); its parent is the queen placed
 * in the row above, and the empty board is the root. Depth first, one line
 * a node, indented two spaces for each row above it; subtrees the search
 * never enters are not listed. The summary sets the nodes visited at each
 * depth against the full tree (n^d nodes at depth d, one queen a row) and
 * the permutation tree (n!/(n-d)!, one queen a row and a column).
 * With --json, one object a node with its parent's number.
 */
#include <stdio.h>
#include <string.h>

#include "output/json.h"
#include "trace/big.h"
#include "trace/trace.h"

struct tree_printer {
    struct writer *out;
    bool json;
    bool first;                     /* stop at the first solution */
    bool summary;                   /* the table alone, no tree */
    uint64_t max_steps;             /* 0: no limit */
    uint64_t nodes;                 /* nodes written so far */
    uint64_t solutions;             /* solutions met so far */
    uint64_t placed_node[NQ_MAX_N]; /* the node of the queen in each row */
    uint64_t tried[NQ_MAX_N];       /* nodes visited at each depth (row) */
    uint64_t pruned[NQ_MAX_N];      /* of which conflicts */
    enum trace_end end;
};

static void tree_write_vector(struct writer *w, const nq_trace_event *e)
{
    writer_putc(w, '[');
    for (int r = 0; r < e->depth; r++)
        writer_printf(w, r > 0 ? " %d" : "%d", e->cols[r] + 1);
    writer_putc(w, ']');
}

static void tree_write_text(struct tree_printer *p, const nq_trace_event *e,
                            int n)
{
    struct writer *w = p->out;
    for (int r = 0; r < e->row; r++)
        writer_puts(w, "  ");
    writer_printf(w, "(%d,%d) ", e->row + 1, e->col + 1);
    tree_write_vector(w, e);
    if (e->kind == NQ_TRACE_CONFLICT) {
        char reason[64];
        writer_printf(w, " conflict: %s\n",
                      trace_reason_text(e, reason, sizeof reason));
    } else if (e->row == n - 1) {
        writer_printf(w, " solution %llu\n", (unsigned long long)p->solutions);
    } else {
        writer_puts(w, " place\n");
    }
}

static void tree_write_json(struct tree_printer *p, const nq_trace_event *e,
                            int n, uint64_t parent)
{
    struct json j;
    json_start(&j, p->out);
    json_begin_object(&j);
    json_key(&j, "node");
    json_uint(&j, p->nodes);
    json_key(&j, "parent");
    json_uint(&j, parent);
    json_key(&j, "step");
    json_uint(&j, e->step);
    json_key(&j, "row");
    json_int(&j, e->row + 1);
    json_key(&j, "col");
    json_int(&j, e->col + 1);
    json_key(&j, "verdict");
    if (e->kind == NQ_TRACE_CONFLICT) {
        json_string(&j, "conflict");
        json_key(&j, "constraint");
        json_string(&j, nq_constraint_name(e->constraint));
        json_key(&j, "with");
        json_begin_object(&j);
        json_key(&j, "row");
        json_int(&j, e->clash_row + 1);
        json_key(&j, "col");
        json_int(&j, e->clash_col + 1);
        json_end_object(&j);
    } else if (e->row == n - 1) {
        json_string(&j, "solution");
        json_key(&j, "index");
        json_uint(&j, p->solutions);
    } else {
        json_string(&j, "place");
    }
    json_key(&j, "queens");
    json_int_array(&j, e->cols, (size_t)e->depth, 1);
    json_end_object(&j);
    json_end_line(&j);
}

static int tree_event(const nq_trace_event *e, int n, void *user)
{
    struct tree_printer *p = user;
    if (e->kind == NQ_TRACE_PLACE || e->kind == NQ_TRACE_CONFLICT) {
        uint64_t parent = e->row > 0 ? p->placed_node[e->row - 1] : 0;
        p->nodes++;
        p->tried[e->row]++;
        if (e->kind == NQ_TRACE_CONFLICT)
            p->pruned[e->row]++;
        else
            p->placed_node[e->row] = p->nodes;
        /* A queen placed in the last row completes a solution: the
         * solution event that follows belongs to this node. */
        if (e->kind == NQ_TRACE_PLACE && e->row == n - 1)
            p->solutions++;
        if (p->json)
            tree_write_json(p, e, n, parent);
        else if (!p->summary)
            tree_write_text(p, e, n);
    }
    if (p->out->err != 0)
        return 1; /* the output is gone: stop searching */
    return trace_stop(e, p->first, p->max_steps, &p->end);
}

/* The width of the widest of `count` texts of a column, or of its head. */
static int tree_width(const char *head, char texts[][BIG_TEXT_SIZE], int count)
{
    int width = (int)strlen(head);
    for (int i = 0; i < count; i++)
        if ((int)strlen(texts[i]) > width)
            width = (int)strlen(texts[i]);
    return width;
}

/* The per-depth table: nodes visited, placed and pruned, against the full
 * tree and the permutation tree, with a line of totals. Depth 0 is the
 * root, the empty board (visited and placed once), so that the placed
 * column adds up to the textbooks' count of the backtrack tree's nodes
 * (Knuth's 2,057 for 8 queens). */
static void tree_write_summary(const struct tree_printer *p, int n,
                               const nq_trace_stats *stats)
{
    struct writer *w = p->out;
    /* Rows 0..n are the depths 0..n; row n + 1 is the total. */
    char full[NQ_MAX_N + 2][BIG_TEXT_SIZE];
    char perm[NQ_MAX_N + 2][BIG_TEXT_SIZE];
    struct big power, falling, full_sum, perm_sum;
    big_set(&power, 1);
    big_set(&falling, 1);
    big_set(&full_sum, 1);
    big_set(&perm_sum, 1);
    big_text(&power, full[0], BIG_TEXT_SIZE);
    big_text(&falling, perm[0], BIG_TEXT_SIZE);
    uint64_t tried = 1, pruned = 0; /* the root */
    for (int d = 0; d < n; d++) {
        big_mul(&power, (uint32_t)n);
        big_mul(&falling, (uint32_t)(n - d));
        big_add(&full_sum, &power);
        big_add(&perm_sum, &falling);
        big_text(&power, full[d + 1], BIG_TEXT_SIZE);
        big_text(&falling, perm[d + 1], BIG_TEXT_SIZE);
        tried += p->tried[d];
        pruned += p->pruned[d];
    }
    big_text(&full_sum, full[n + 1], BIG_TEXT_SIZE);
    big_text(&perm_sum, perm[n + 1], BIG_TEXT_SIZE);

    char full_head[32];
    char perm_head[48];
    snprintf(full_head, sizeof full_head, "full tree %d^d", n);
    snprintf(perm_head, sizeof perm_head, "permutations %d!/(%d-d)!", n, n);
    int full_width = tree_width(full_head, full, n + 2);
    int perm_width = tree_width(perm_head, perm, n + 2);

    writer_printf(w, "%sSummary for %d %s", p->summary ? "" : "\n", n,
                  n == 1 ? "queen" : "queens");
    switch (p->end) {
    case TRACE_END_FIRST:
        writer_puts(w, " (stopped at the first solution):\n");
        break;
    case TRACE_END_MAX_STEPS:
        writer_printf(w, " (stopped after %llu step%s):\n",
                      (unsigned long long)p->max_steps,
                      p->max_steps == 1 ? "" : "s");
        break;
    case TRACE_END_COMPLETE:
    case TRACE_END_INTERRUPTED:
        writer_puts(w, " (the whole search):\n");
        break;
    }
    writer_puts(w, "  depth 0 is the root, the empty board; depth d, the "
                   "squares tried in row d and the queens placed there\n");
    writer_printf(w, "  %-5s %10s %10s %10s  %*s  %*s\n", "depth", "visited",
                  "placed", "pruned", full_width, full_head, perm_width,
                  perm_head);
    for (int d = 0; d <= n + 1; d++) {
        char depth[16];
        uint64_t t = d == 0 ? 1 : d <= n ? p->tried[d - 1] : tried;
        uint64_t x = d == 0 ? 0 : d <= n ? p->pruned[d - 1] : pruned;
        if (d <= n)
            snprintf(depth, sizeof depth, "%d", d);
        else
            snprintf(depth, sizeof depth, "all");
        writer_printf(w, "  %-5s %10llu %10llu %10llu  %*s  %*s\n", depth,
                      (unsigned long long)t, (unsigned long long)(t - x),
                      (unsigned long long)x, full_width, full[d], perm_width,
                      perm[d]);
    }
    writer_printf(w, "  solutions %llu; steps %llu\n",
                  (unsigned long long)stats->solutions,
                  (unsigned long long)stats->steps);
}

int trace_tree(int n, bool json, bool first, bool summary, uint64_t max_steps,
               const char *path)
{
    struct writer out;
    if (writer_open(&out, path) != 0)
        return EXIT_USAGE;
    struct tree_printer p = {.out = &out,
                             .json = json,
                             .first = first,
                             .summary = summary,
                             .max_steps = max_steps};
    nq_trace_stats stats;
    if (!json && !summary)
        writer_printf(&out,
                      "The search tree of %d %s, depth first: a line per "
                      "square tried,\nindented by its row, with the vector "
                      "after it and the verdict.\n",
                      n, n == 1 ? "queen" : "queens");
    int rc = nq_trace(n, tree_event, &p, &stats);
    if (rc != NQ_OK && rc != NQ_E_STOPPED) {
        writer_close(&out, false);
        return cli_error("%s", nq_strerror(rc));
    }
    if (!json)
        tree_write_summary(&p, n, &stats);
    int status = writer_close(&out, true);
    if (status == 0 && p.end == TRACE_END_MAX_STEPS)
        trace_note_cut(n, max_steps, false);
    return status;
}
