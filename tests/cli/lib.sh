# Shared by the scripted command-line tests (sourced, POSIX sh).
# $NQUEENS is the tool, $NQ_TEST_DATA the data folder.
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

pass() {
    echo "ok"
    exit 0
}

# published_total N / published_unique N: from oeis-counts.tsv.
published_total() {
    awk -v n="$1" '$1 == n { print $2 }' "$NQ_TEST_DATA/oeis-counts.tsv"
}
published_unique() {
    awk -v n="$1" '$1 == n { print $3 }' "$NQ_TEST_DATA/oeis-counts.tsv"
}

# expect_exit CODE CMD...: runs CMD, fails unless it exits with CODE.
expect_exit() {
    want=$1
    shift
    got=0
    "$@" > "$TMP/stdout" 2> "$TMP/stderr" || got=$?
    [ "$got" = "$want" ] || fail "$* exited $got, expected $want: $(head -c 300 "$TMP/stderr")"
}

# check_readme_examples HEADING MIN: runs every `$ command` of the console
# blocks in the README section whose heading starts with "## HEADING" and
# fails unless it prints (stdout and stderr together) the lines the README
# shows under it, and unless at least MIN examples were checked. Examples
# that write a file (-o) are skipped. Every `nqueens` is the tool under test.
check_readme_examples() {
    awk -v heading="## $1" 'index($0, heading) == 1 { on = 1; next }
         /^## / { on = 0 }
         on && /^```console$/ { block = 1; next }
         on && /^```$/ { block = 0; next }
         on && block' "$NQ_SOURCE_DIR/README.md" > "$TMP/examples"
    [ -s "$TMP/examples" ] || fail "no examples under '## $1' in README.md"
    readme_checked=0
    readme_cmd=""
    : > "$TMP/want"
    while IFS= read -r line; do
        case $line in
        '$ '*)
            readme_run_example
            readme_cmd=${line#'$ '}
            : > "$TMP/want"
            ;;
        *) printf '%s\n' "$line" >> "$TMP/want" ;;
        esac
    done < "$TMP/examples"
    readme_run_example
    [ "$readme_checked" -ge "$2" ] || fail "only $readme_checked README examples checked under '## $1'"
}

readme_run_example() {
    [ -n "$readme_cmd" ] || return 0
    case $readme_cmd in *" -o "*) return 0 ;; esac
    run=$(printf '%s\n' "$readme_cmd" | sed 's/\(^\|| \)nqueens /\1"$NQUEENS" /g')
    sh -c "$run" > "$TMP/got" 2>&1 || true
    if ! cmp -s "$TMP/want" "$TMP/got"; then
        diff "$TMP/want" "$TMP/got" >&2 || true
        fail "README example: $readme_cmd"
    fi
    readme_checked=$((readme_checked + 1))
}

# wait_catching PID: waits until process PID catches SIGINT, SIGTERM and
# SIGHUP (its handlers, as Linux shows them in /proc/PID/status), which the
# tool does once it is ready to stop in order: a signal sent before would
# meet the default action and end it without a word. A shell catches
# SIGINT alone, so the three together are the tool's, not those of the sh
# that execs it. 60 s at most; fails if PID ends first. Not for a run under
# valgrind, which catches every signal itself from its start.
wait_catching() {
    tries=0
    while :; do
        # "State SigCgt-low-16-bits"; empty once the process is gone.
        seen=$(awk '/^State:/ { s = $2 } /^SigCgt:/ { c = substr($2, length($2) - 3) }
                    END { if (s != "") print s, c }' "/proc/$1/status" 2> /dev/null) ||
            seen=
        case $seen in
        "" | Z* | X*) fail "process $1 ended before it caught SIGINT, SIGTERM and SIGHUP" ;;
        esac
        [ $((0x${seen#* } & 0x4003)) = $((0x4003)) ] && return 0
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "process $1 did not catch SIGINT, SIGTERM and SIGHUP within 60 s"
        sleep 0.05
    done
}

# need_tool TOOL PACKAGE: fails at once, naming the Debian package to
# install, when TOOL is not on the PATH (make check installs it).
need_tool() {
    command -v "$1" > /dev/null 2>&1 || fail "$1 is missing: apt-get install $2"
}

# need_browser WHAT: sets $browser to Debian's chromium, or skips the test
# (status 77) saying that WHAT is not tested.
need_browser() {
    browser=""
    for candidate in chromium chromium-browser; do
        if command -v "$candidate" > /dev/null 2>&1; then
            browser=$candidate
            break
        fi
    done
    if [ -z "$browser" ]; then
        echo "SKIP: chromium is not installed (Debian package chromium;" \
            "make check installs it): $1 is not tested"
        exit 77
    fi
}

# headless_browser MS URL ARGS...: runs $browser headless on URL with a
# fresh profile and MS milliseconds of virtual time, its log appended to
# $TMP/browser.log.
headless_browser() {
    budget=$1
    url=$2
    shift 2
    profile=$(mktemp -d "$TMP/profile.XXXXXX")
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync \
        --user-data-dir="$profile" --enable-logging=stderr --v=0 \
        --virtual-time-budget="$budget" \
        "$@" "$url" 2>> "$TMP/browser.log"
}
