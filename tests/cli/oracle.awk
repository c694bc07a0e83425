# oracle.awk - an independent n-queens oracle for the command-line tests:
# plain backtracking in awk, printing every solution as a 1-based vector in
# lexicographic order, or with unique=1 only those that are the smallest of
# their 8 images under the symmetries of the square.
#   awk -v n=8 [-v unique=1] -f oracle.awk
function place(row,    c, ok, r) {
    if (row > n) { emit(); return }
    for (c = 1; c <= n; c++) {
        ok = 1
        for (r = 1; r < row && ok; r++)
            if (q[r] == c || q[r] - c == row - r || c - q[r] == row - r) ok = 0
        if (ok) { q[row] = c; place(row + 1) }
    }
}
# img[1..n] := the image of q under symmetry s (0..7), moving each point.
function image(s,    r, c, nr, nc) {
    for (r = 1; r <= n; r++) {
        c = q[r]
        if (s == 0) { nr = r; nc = c }
        else if (s == 1) { nr = c; nc = n + 1 - r }
        else if (s == 2) { nr = n + 1 - r; nc = n + 1 - c }
        else if (s == 3) { nr = n + 1 - c; nc = r }
        else if (s == 4) { nr = r; nc = n + 1 - c }
        else if (s == 5) { nr = n + 1 - r; nc = c }
        else if (s == 6) { nr = c; nc = r }
        else { nr = n + 1 - c; nc = n + 1 - r }
        img[nr] = nc
    }
}
function smallest(    s, r) {
    for (s = 1; s < 8; s++) {
        image(s)
        for (r = 1; r <= n; r++) {
            if (img[r] < q[r]) return 0
            if (img[r] > q[r]) break
        }
    }
    return 1
}
function emit(    r, line) {
    if (unique && !smallest()) return
    line = q[1]
    for (r = 2; r <= n; r++) line = line " " q[r]
    print line
}
BEGIN { place(1) }
