/*
 * trace_html.c - `nqueens trace --format html`: one self-contained page
 * (inline style and script, nothing fetched from the network) that replays
 * the recorded search on a drawn board: play, pause, step forward and back,
 * a speed control, the attacking queen highlighted on a conflict, and the
 * counters under the board.
 *
 * The page is the template below with the events in between, as numbers:
 * five per event (kind, row, column, constraint, clashing row), which the
 * script replays and undoes. `?selftest=K` in the page's address makes it
 * step itself and write what it saw into the page, for the headless
 * browser test (tests/cli/test_trace_html.sh).
 */
#include <stdio.h>
#include <stdlib.h>

#include "json.h"
#include "trace.h"

/* One recorded event, small enough that 100000 of them stay cheap. */
struct trace_record {
    signed char kind;       /* nq_trace_kind */
    signed char constraint; /* nq_constraint */
    signed char row;        /* 0-based */
    signed char col;        /* 0-based, -1 if none */
    signed char clash_row;  /* 0-based, -1 if none */
};

struct trace_recording {
    struct trace_record *events;
    size_t len;
    size_t cap;
    bool out_of_memory;
    bool first;         /* stop at the first solution */
    uint64_t max_steps; /* stop after this many events */
    enum trace_end end;
};

static int trace_record_event(const nq_trace_event *e, int n, void *user)
{
    (void)n;
    struct trace_recording *rec = user;
    if (rec->len == rec->cap) {
        size_t cap = rec->cap != 0 ? 2 * rec->cap : 4096;
        struct trace_record *grown = realloc(rec->events, cap * sizeof *grown);
        if (grown == NULL) {
            rec->out_of_memory = true;
            return 1;
        }
        rec->events = grown;
        rec->cap = cap;
    }
    rec->events[rec->len++] =
        (struct trace_record){.kind = (signed char)e->kind,
                              .constraint = (signed char)e->constraint,
                              .row = (signed char)e->row,
                              .col = (signed char)e->col,
                              .clash_row = (signed char)e->clash_row};
    if (e->kind == NQ_TRACE_BACKTRACK && e->row == 0)
        return 0; /* the last event of the search: nothing is cut off */
    if (rec->first && e->kind == NQ_TRACE_SOLUTION) {
        rec->end = TRACE_END_FIRST;
        return 1;
    }
    if (e->step >= rec->max_steps) {
        rec->end = TRACE_END_MAX_STEPS;
        return 1;
    }
    return 0;
}

/* The page around the data, from the top to the data script, then from
 * after it to the end. */
static const char *const trace_page_head[] = {
    "<!DOCTYPE html>\n",
    "<html lang=\"en\">\n",
    "<head>\n",
    "<meta charset=\"utf-8\">\n",
    // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one line, two parts
    "<meta name=\"viewport\" content=\"width=device-width, "
    "initial-scale=1\">\n",
    "<title>nqueens trace</title>\n",
    "<style>\n",
    "body { font-family: sans-serif; margin: 1.5em; color: #222; background: "
    "#fafafa; }\n",
    "h1 { font-size: 1.3em; margin: 0 0 0.4em; }\n",
    "p.note { max-width: 46em; color: #444; margin: 0.3em 0; }\n",
    "#board { display: inline-grid; border: 2px solid #444; margin: 0.6em 0; "
    "}\n",
    ".cell { width: var(--size); height: var(--size); display: flex;\n",
    "        align-items: center; justify-content: center; position: "
    "relative;\n",
    "        font-weight: bold; font-size: calc(var(--size) * 0.5); }\n",
    ".light { background: #f0d9b5; }\n",
    ".dark { background: #b58863; }\n",
    ".attacked::after { content: \"\"; position: absolute; inset: 38%;\n",
    "                   border-radius: 50%; background: rgba(120, 0, 0, 0.35); "
    "}\n",
    ".queen span, .candidate span { display: flex; align-items: center;\n",
    "        justify-content: center; width: 78%; height: 78%; border-radius: "
    "50%;\n",
    "        background: #222; color: #fff; }\n",
    ".newest { background: #8fcf8f; }\n",
    ".candidate { background: #e04848; }\n",
    ".candidate span { background: #fff; color: #c00; border: 2px dashed #c00; "
    "}\n",
    ".clash { background: #f2c744; }\n",
    ".line { box-shadow: inset 0 0 0 4px #f2c744; }\n",
    ".clash span { background: #7a1010; }\n",
    ".solved { background: #58b858; }\n",
    "#controls button { font-size: 1em; min-width: 4.2em; margin: 0 0.2em "
    "0.3em 0; }\n",
    "#controls label { margin-left: 0.6em; }\n",
    "#event { font-family: monospace; font-size: 1.1em; margin: 0.4em 0;\n",
    "         min-height: 1.3em; }\n",
    "#vector { font-family: monospace; }\n",
    "table.counters { border-collapse: collapse; margin: 0.5em 0; }\n",
    "table.counters th { text-align: left; padding: 0.15em 1em 0.15em 0;\n",
    "                    font-weight: normal; color: #555; }\n",
    "table.counters td { text-align: right; padding: 0.15em 1em 0.15em 0;\n",
    "                    font-family: monospace; }\n",
    "#log { font-family: monospace; font-size: 0.9em; color: #555;\n",
    "       white-space: pre; margin-top: 0.5em; }\n",
    "#errors { color: #b00; font-weight: bold; }\n",
    "#selftest { display: none; }\n",
    "</style>\n",
    "<script>\n",
    "\"use strict\";\n",
    "/* Script errors are collected and shown, so that a broken page says so\n",
    " * (and the headless browser test can read them). */\n",
    "var traceErrors = [];\n",
    "window.addEventListener(\"error\", function (e) {\n",
    "  traceErrors.push(String(e.message));\n",
    "  var box = document.getElementById(\"errors\");\n",
    "  if (box) box.textContent = \"Script error: \" + traceErrors.join(\"; "
    "\");\n",
    "});\n",
    "</script>\n",
    "</head>\n",
    "<body>\n",
    "<h1 id=\"title\">The backtracking search</h1>\n",
    "<p class=\"note\">Row by row, columns tried from left to right: a queen "
    "goes\n",
    "on the first square no earlier queen attacks (<b>place</b>); an "
    "attacked\n",
    "square is pruned by its column, its diagonal \\ or its anti-diagonal /\n",
    "(<b>conflict</b>, the attacking queen in yellow); when a row has no "
    "square\n",
    "left, the search lifts the queen above it and moves that one on\n",
    "(<b>backtrack</b>). Keys: space play/pause, arrows step.</p>\n",
    "<p class=\"note\" id=\"truncated\"></p>\n",
    "<div id=\"errors\"></div>\n",
    "<div id=\"controls\">\n",
    "<button id=\"start\" title=\"back to the start (Home)\">Start</button>\n",
    "<button id=\"back\" title=\"one step back (Left arrow)\">Back</button>\n",
    "<button id=\"play\" title=\"play or pause (space)\">Play</button>\n",
    "<button id=\"forward\" title=\"one step forward (Right "
    "arrow)\">Step</button>\n",
    "<button id=\"end\" title=\"to the last step (End)\">End</button>\n",
    "<label>Speed <input type=\"range\" id=\"speed\" min=\"0\" max=\"10\" "
    "value=\"4\"></label>\n",
    "<span id=\"speed-text\"></span>\n",
    "</div>\n",
    "<div id=\"board\"></div>\n",
    "<div id=\"event\"></div>\n",
    "<div>Vector: <span id=\"vector\"></span></div>\n",
    "<table class=\"counters\">\n",
    "<tr><th>step</th><td id=\"c-step\"></td></tr>\n",
    "<tr><th>placements</th><td id=\"c-place\"></td></tr>\n",
    "<tr><th>conflicts</th><td id=\"c-conflict\"></td></tr>\n",
    "<tr><th>&nbsp;&nbsp;by column</th><td id=\"c-column\"></td></tr>\n",
    "<tr><th>&nbsp;&nbsp;by diagonal \\</th><td id=\"c-diagonal\"></td></tr>\n",
    "<tr><th>&nbsp;&nbsp;by anti-diagonal /</th><td id=\"c-anti\"></td></tr>\n",
    "<tr><th>backtracks</th><td id=\"c-backtrack\"></td></tr>\n",
    "<tr><th>solutions</th><td id=\"c-solution\"></td></tr>\n",
    "</table>\n",
    "<p class=\"note\" id=\"brute\"></p>\n",
    "<div id=\"log\"></div>\n",
    "<pre id=\"selftest\"></pre>\n",
    NULL};

static const char *const trace_page_tail[] = {
    "<script>\n",
    "\"use strict\";\n",
    "(function () {\n",
    "  var n = TRACE.n;\n",
    "  var ev = TRACE.events;         /* 5 numbers an event: kind, row, col,\n",
    "                                    constraint, clashing row (0-based) "
    "*/\n",
    "  var total = ev.length / 5;     /* events recorded */\n",
    "  var KIND = [\"place\", \"conflict\", \"backtrack\", \"solution\"];\n",
    "  var LINE = [\"\", \"column\", \"diagonal \\\\\", \"anti-diagonal "
    "/\"];\n",
    "  var SPEEDS = [0.5, 1, 2, 4, 8, 15, 30, 60, 120, 250, 500];\n",
    "\n",
    "  /* The state after the first `pos` events, and what undoing needs. */\n",
    "  var cols = new Int16Array(n).fill(-1);\n",
    "  var depth = 0;\n",
    "  var pos = 0;\n",
    "  var prevDepth = new Int16Array(total);\n",
    "  var prevCol = new Int16Array(total);\n",
    "  var clashCol = new Int16Array(total);\n",
    "  var solutionNo = new Int32Array(total);\n",
    "  var count = { place: 0, conflict: [0, 0, 0, 0], backtrack: 0, solution: "
    "0 };\n",
    "\n",
    "  function field(i, k) { return ev[5 * i + k]; }\n",
    "\n",
    "  function apply(i) {\n",
    "    var kind = field(i, 0), row = field(i, 1), col = field(i, 2);\n",
    "    prevDepth[i] = depth;\n",
    "    if (kind === 0) {\n",
    "      prevCol[i] = cols[row];\n",
    "      cols[row] = col;\n",
    "      depth = row + 1;\n",
    "      count.place++;\n",
    "    } else if (kind === 1) {\n",
    "      depth = row;\n",
    "      clashCol[i] = cols[field(i, 4)];\n",
    "      count.conflict[field(i, 3)]++;\n",
    "    } else if (kind === 2) {\n",
    "      depth = row > 0 ? row - 1 : 0;\n",
    "      count.backtrack++;\n",
    "    } else {\n",
    "      depth = n;\n",
    "      count.solution++;\n",
    "      solutionNo[i] = count.solution;\n",
    "    }\n",
    "  }\n",
    "\n",
    "  function undo(i) {\n",
    "    var kind = field(i, 0), row = field(i, 1);\n",
    "    if (kind === 0) {\n",
    "      cols[row] = prevCol[i];\n",
    "      count.place--;\n",
    "    } else if (kind === 1) {\n",
    "      count.conflict[field(i, 3)]--;\n",
    "    } else if (kind === 2) {\n",
    "      count.backtrack--;\n",
    "    } else {\n",
    "      count.solution--;\n",
    "    }\n",
    "    depth = prevDepth[i];\n",
    "  }\n",
    "\n",
    "  function describe(i) {\n",
    "    var kind = field(i, 0), row = field(i, 1) + 1, col = field(i, 2) + "
    "1;\n",
    "    var text = \"step \" + (i + 1) + \": \" + KIND[kind] + \" \";\n",
    "    if (kind === 0) return text + \"(\" + row + \",\" + col + \") "
    "safe\";\n",
    "    if (kind === 1)\n",
    "      return text + \"(\" + row + \",\" + col + \") \" + LINE[field(i, "
    "3)] +\n",
    "        \" of (\" + (field(i, 4) + 1) + \",\" + (clashCol[i] + 1) + "
    "\")\";\n",
    "    if (kind === 2)\n",
    "      return text + \"row \" + row + \": no column left\" +\n",
    "        (row > 1 ? \", back to row \" + (row - 1) : \", search done\");\n",
    "    return text + \"solution \" + solutionNo[i];\n",
    "  }\n",
    "\n",
    "  /* ---- drawing ---- */\n",
    "  var board = document.getElementById(\"board\");\n",
    "  var size = Math.max(14, Math.min(56, Math.floor(560 / n)));\n",
    "  board.style.setProperty(\"--size\", size + \"px\");\n",
    "  board.style.gridTemplateColumns = \"repeat(\" + n + \", \" + size + "
    "\"px)\";\n",
    "  var cells = [];\n",
    "  for (var r = 0; r < n; r++) {\n",
    "    for (var c = 0; c < n; c++) {\n",
    "      var cell = document.createElement(\"div\");\n",
    "      cell.title = \"(\" + (r + 1) + \",\" + (c + 1) + \")\";\n",
    "      board.appendChild(cell);\n",
    "      cells.push(cell);\n",
    "    }\n",
    "  }\n",
    "\n",
    "  function attacked(row, col) {\n",
    "    for (var r = 0; r < depth; r++) {\n",
    "      var c = cols[r];\n",
    "      if (r === row && c === col) return false;\n",
    "      if (r === row || c === col || r - c === row - col || r + c === row "
    "+ col)\n",
    "        return true;\n",
    "    }\n",
    "    return false;\n",
    "  }\n",
    "\n",
    "  /* Between the attacking queen and the pruned square, on their line. "
    "*/\n",
    "  function onAttackLine(i, r, c) {\n",
    "    var row = field(i, 1), line = field(i, 3);\n",
    "    var qr = field(i, 4), qc = clashCol[i];\n",
    "    if (r <= qr || r >= row) return false;\n",
    "    if (line === 1) return c === qc;\n",
    "    if (line === 2) return r - c === qr - qc;\n",
    "    return r + c === qr + qc;\n",
    "  }\n",
    "\n",
    "  function text(id, value) { document.getElementById(id).textContent = "
    "value; }\n",
    "\n",
    "  function render() {\n",
    "    var i = pos - 1;\n",
    "    var kind = i >= 0 ? field(i, 0) : -1;\n",
    "    for (var r = 0; r < n; r++) {\n",
    "      for (var c = 0; c < n; c++) {\n",
    "        var cls = \"cell \" + ((r + c) % 2 === 0 ? \"light\" : "
    "\"dark\");\n",
    "        var queen = r < depth && cols[r] === c;\n",
    "        var candidate = kind === 1 && field(i, 1) === r && field(i, 2) "
    "=== c;\n",
    "        if (candidate) cls += \" candidate\";\n",
    "        else if (queen) {\n",
    "          cls += \" queen\";\n",
    "          if (kind === 3) cls += \" solved\";\n",
    "          else if (kind === 1 && field(i, 4) === r) cls += \" clash\";\n",
    "          else if (kind === 0 && field(i, 1) === r) cls += \" newest\";\n",
    "        } else if (attacked(r, c)) cls += \" attacked\";\n",
    "        if (kind === 1 && !queen && !candidate && onAttackLine(i, r, "
    "c))\n",
    "          cls += \" line\";\n",
    "        var cell = cells[r * n + c];\n",
    "        cell.className = cls;\n",
    "        cell.innerHTML = queen || candidate ? \"<span>Q</span>\" : "
    "\"\";\n",
    "      }\n",
    "    }\n",
    "    text(\"event\", i >= 0 ? describe(i) : \"Press Play or Step to "
    "start.\");\n",
    "    var vector = [];\n",
    "    for (var k = 0; k < depth; k++) vector.push(cols[k] + 1);\n",
    "    text(\"vector\", \"[\" + vector.join(\" \") + \"]\");\n",
    "    text(\"c-step\", pos + \" of \" + total);\n",
    "    text(\"c-place\", count.place);\n",
    "    text(\"c-conflict\", count.conflict[1] + count.conflict[2] + "
    "count.conflict[3]);\n",
    "    text(\"c-column\", count.conflict[1]);\n",
    "    text(\"c-diagonal\", count.conflict[2]);\n",
    "    text(\"c-anti\", count.conflict[3]);\n",
    "    text(\"c-backtrack\", count.backtrack);\n",
    "    text(\"c-solution\", count.solution);\n",
    "    var log = [];\n",
    "    for (var j = Math.max(0, pos - 8); j < pos; j++) "
    "log.push(describe(j));\n",
    "    text(\"log\", log.join(\"\\n\"));\n",
    "    document.getElementById(\"play\").textContent = timer ? \"Pause\" : "
    "\"Play\";\n",
    "  }\n",
    "\n",
    "  /* ---- moving ---- */\n",
    "  function forward() { if (pos < total) { apply(pos); pos++; return true; "
    "} return false; }\n",
    "  function back() { if (pos > 0) { pos--; undo(pos); return true; } "
    "return false; }\n",
    "  var timer = null;\n",
    "\n",
    "  function stop() { if (timer) { clearInterval(timer); timer = null; } "
    "}\n",
    "  function speed() { return "
    "SPEEDS[+document.getElementById(\"speed\").value]; }\n",
    "  function play() {\n",
    "    stop();\n",
    "    if (pos >= total) return;\n",
    "    var interval = Math.max(16, 1000 / speed());\n",
    "    var perTick = Math.max(1, Math.round(speed() * interval / 1000));\n",
    "    timer = setInterval(function () {\n",
    "      for (var s = 0; s < perTick; s++) {\n",
    "        if (!forward()) { stop(); break; }\n",
    "        if (field(pos - 1, 0) === 3) break; /* let a solution be seen "
    "*/\n",
    "      }\n",
    "      render();\n",
    "    }, interval);\n",
    "  }\n",
    "\n",
    "  function on(id, fn) { "
    "document.getElementById(id).addEventListener(\"click\", fn); }\n",
    "  on(\"start\", function () { stop(); while (back()) {} render(); });\n",
    "  on(\"back\", function () { stop(); back(); render(); });\n",
    "  on(\"forward\", function () { stop(); forward(); render(); });\n",
    "  on(\"end\", function () { stop(); while (forward()) {} render(); });\n",
    "  on(\"play\", function () { if (timer) stop(); else play(); render(); "
    "});\n",
    "  document.getElementById(\"speed\").addEventListener(\"input\", function "
    "() {\n",
    "    text(\"speed-text\", speed() + \" steps/s\");\n",
    "    if (timer) play();\n",
    "  });\n",
    "  document.addEventListener(\"keydown\", function (e) {\n",
    "    /* A focused control keeps its own keys (space presses a button). "
    "*/\n",
    "    var tag = e.target && e.target.tagName;\n",
    "    if (tag === \"INPUT\" || (tag === \"BUTTON\" && e.key === \" \")) "
    "return;\n",
    "    if (e.key === \" \") { e.preventDefault(); "
    "document.getElementById(\"play\").click(); }\n",
    "    else if (e.key === \"ArrowLeft\") "
    "document.getElementById(\"back\").click();\n",
    "    else if (e.key === \"ArrowRight\") "
    "document.getElementById(\"forward\").click();\n",
    "    else if (e.key === \"Home\") "
    "document.getElementById(\"start\").click();\n",
    "    else if (e.key === \"End\") "
    "document.getElementById(\"end\").click();\n",
    "  });\n",
    "\n",
    "  /* ---- what the whole search costs, and what brute force would ---- "
    "*/\n",
    "  var bn = BigInt(n), power = 1n, factorial = 1n;\n",
    "  for (var m = 1n; m <= bn; m++) { power *= bn; factorial *= m; }\n",
    "  document.title = \"nqueens trace \" + n;\n",
    "  text(\"title\", \"The backtracking search for \" + n + \" queens\");\n",
    "  var s = TRACE.stats;\n",
    "  text(\"brute\", (TRACE.truncated ? \"The recorded steps\" : \"The whole "
    "search\") +\n",
    "    \": \" + s.placements + \" placements, \" +\n",
    "    (s.conflicts[1] + s.conflicts[2] + s.conflicts[3]) + \" conflicts, \" "
    "+\n",
    "    s.backtracks + \" backtracks, \" + s.solutions + \" solutions. Brute "
    "force \" +\n",
    "    \"would visit \" + power + \" leaves with one queen a row (\" + n + "
    "\"^\" + n +\n",
    "    \"), or \" + factorial + \" with one a row and a column (\" + n + "
    "\"!).\");\n",
    "  if (TRACE.truncated) text(\"truncated\", TRACE.truncated);\n",
    "  text(\"speed-text\", speed() + \" steps/s\");\n",
    "\n",
    "  /* ---- ?selftest=K: the headless browser test drives the page ---- "
    "*/\n",
    "  function snapshot() {\n",
    "    return JSON.stringify([pos, depth, Array.from(cols.slice(0, depth)), "
    "count]);\n",
    "  }\n",
    "  function selftest(k) {\n",
    "    var failures = [];\n",
    "    var start = snapshot();\n",
    "    for (var a = 0; a < k; a++) "
    "document.getElementById(\"forward\").click();\n",
    "    var there = snapshot();\n",
    "    if (pos !== Math.min(k, total)) failures.push(\"forward reached \" + "
    "pos);\n",
    "    for (var b = 0; b < k; b++) "
    "document.getElementById(\"back\").click();\n",
    "    if (snapshot() !== start) failures.push(\"back did not return to the "
    "start\");\n",
    "    document.getElementById(\"end\").click();\n",
    "    if (count.place !== s.placements || count.backtrack !== s.backtracks "
    "||\n",
    "        count.solution !== s.solutions ||\n",
    "        count.conflict.join() !== s.conflicts.join())\n",
    "      failures.push(\"replayed counts differ from the library's\");\n",
    "    document.getElementById(\"start\").click();\n",
    "    for (var f = 0; f < k; f++) "
    "document.getElementById(\"forward\").click();\n",
    "    if (snapshot() !== there) failures.push(\"second pass differs\");\n",
    "    /* Play at full speed for a while, pause, and come back to step k. "
    "*/\n",
    "    document.getElementById(\"speed\").value = \"10\";\n",
    "    document.getElementById(\"play\").click();\n",
    "    setTimeout(function () {\n",
    "      var played = pos;\n",
    "      document.getElementById(\"play\").click();\n",
    "      if (timer) failures.push(\"pause did not stop the replay\");\n",
    "      if (played <= Math.min(k, total - 1)) failures.push(\"play did not "
    "advance\");\n",
    "      document.getElementById(\"start\").click();\n",
    "      for (var g = 0; g < k; g++) "
    "document.getElementById(\"forward\").click();\n",
    "      report(failures, played);\n",
    "    }, 300);\n",
    "  }\n",
    "  function report(failures, played) {\n",
    "    var result = {\n",
    "      status: failures.length === 0 && traceErrors.length === 0 ? \"ok\" "
    ": \"fail\",\n",
    "      failures: failures, errors: traceErrors, n: n, step: pos, steps: "
    "total,\n",
    "      played: played,\n",
    "      cells: board.querySelectorAll(\".cell\").length,\n",
    "      queens: board.querySelectorAll(\".queen\").length,\n",
    "      event: document.getElementById(\"event\").textContent,\n",
    "      vector: document.getElementById(\"vector\").textContent\n",
    "    };\n",
    "    text(\"selftest\", JSON.stringify(result));\n",
    "  }\n",
    "\n",
    "  render();\n",
    "  var asked = new "
    "URLSearchParams(window.location.search).get(\"selftest\");\n",
    "  if (asked !== null) selftest(Math.max(0, parseInt(asked, 10) || 0));\n",
    "})();\n",
    "</script>\n",
    "</body>\n",
    "</html>\n",
    NULL};

static void trace_write_lines(struct writer *w, const char *const *lines)
{
    for (; *lines != NULL; lines++)
        writer_puts(w, *lines);
}

/* The data script: board size, events, the library's counts and a note
 * when the recording is not the whole search. The events are a flat array
 * of numbers, a line break after every 16 events. */
static void trace_write_data(struct writer *w, int n,
                             const struct trace_recording *rec,
                             const nq_trace_stats *stats)
{
    const uint64_t *c = stats->conflicts;
    writer_puts(w, "<script>\nvar TRACE = ");
    struct json j;
    json_start(&j, w);
    json_begin_object(&j);
    json_key(&j, "n");
    json_int(&j, n);
    json_key(&j, "events");
    json_begin_array(&j);
    for (size_t i = 0; i < rec->len; i++) {
        const struct trace_record *r = &rec->events[i];
        int numbers[5] = {r->kind, r->row, r->col, r->constraint,
                          r->clash_row};
        json_ints(&j, numbers, 5, 0);
        /* A line break after every 16 events, before the comma. */
        if (i % 16 == 15)
            writer_putc(w, '\n');
    }
    json_end_array(&j);
    json_break(&j);
    json_key(&j, "stats");
    json_begin_object(&j);
    json_key(&j, "placements");
    json_uint(&j, stats->placements);
    json_key(&j, "conflicts");
    json_begin_array(&j);
    json_uint(&j, 0);
    json_uint(&j, c[NQ_CONSTRAINT_COLUMN]);
    json_uint(&j, c[NQ_CONSTRAINT_DIAGONAL]);
    json_uint(&j, c[NQ_CONSTRAINT_ANTIDIAGONAL]);
    json_end_array(&j);
    json_key(&j, "backtracks");
    json_uint(&j, stats->backtracks);
    json_key(&j, "solutions");
    json_uint(&j, stats->solutions);
    json_end_object(&j);
    json_break(&j);
    json_key(&j, "truncated");
    char note[128];
    switch (rec->end) {
    case TRACE_END_FIRST:
        json_string(&j, "The recording stops at the first solution "
                        "(--first).");
        break;
    case TRACE_END_MAX_STEPS:
        snprintf(note, sizeof note,
                 "The recording holds the first %llu steps of the search "
                 "(--max-steps).",
                 (unsigned long long)rec->max_steps);
        json_string(&j, note);
        break;
    case TRACE_END_COMPLETE:
    case TRACE_END_INTERRUPTED:
        json_string(&j, "");
        break;
    }
    json_end_object(&j);
    writer_puts(w, ";\n</script>\n");
}

int trace_html(int n, bool first, uint64_t max_steps, const char *path)
{
    struct trace_recording rec = {.first = first, .max_steps = max_steps};
    nq_trace_stats stats;
    int rc = nq_trace(n, trace_record_event, &rec, &stats);
    if (rec.out_of_memory) {
        free(rec.events);
        return cli_error("out of memory recording the trace (try a smaller "
                         "--max-steps)");
    }
    if (rc != NQ_OK && rc != NQ_E_STOPPED) {
        free(rec.events);
        return cli_error("%s", nq_strerror(rc));
    }
    struct writer out;
    if (writer_open(&out, path) != 0) {
        free(rec.events);
        return EXIT_USAGE;
    }
    trace_write_lines(&out, trace_page_head);
    trace_write_data(&out, n, &rec, &stats);
    trace_write_lines(&out, trace_page_tail);
    free(rec.events);
    return writer_close(&out, true);
}
