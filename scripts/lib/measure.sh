# Shared timing for the benchmark scripts (sourced; needs `die` and, when measuring, `$work`).
# Sets `pin` (taskset on core $CPU), `pinned` (a note), `gnu_time`, and defines run_once.

pin=()
if command -v taskset >/dev/null; then
    pin=(taskset -c "$CPU")
    "${pin[@]}" true 2>/dev/null || die "taskset -c $CPU fails (no such CPU?); set CPU="
    pinned="core $CPU (taskset)"
else
    pinned="not pinned (no taskset)"
fi

gnu_time=
if [ "${RSS_VIA:-}" != python ] && [ -x /usr/bin/time ] && /usr/bin/time -v -o /dev/stdout true 2>/dev/null | grep -q "Maximum resident set size"; then
    gnu_time=/usr/bin/time
else
    command -v python3 >/dev/null || die "neither GNU /usr/bin/time nor python3 is available to measure peak RSS"
fi

# run_once ERRFILE CMD... -> sets SECS, RSS_KB; stdout goes to /dev/null.
run_once() {
    local err=$1
    shift
    if [ -n "$gnu_time" ]; then
        local tf="$work/time.txt" t0 t1 rc=0
        t0=$EPOCHREALTIME
        "$gnu_time" -v -o "$tf" "${pin[@]}" "$@" >/dev/null 2>"$err" || rc=$?
        t1=$EPOCHREALTIME
        [ "$rc" = 0 ] || die "exit $rc: $* (see $err)"
        SECS=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
        RSS_KB=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tf")
    else
        local out
        out=$(python3 - "$err" "${pin[@]}" "$@" <<'EOF'
import os, sys, time
err, cmd = sys.argv[1], sys.argv[2:]
t0 = time.perf_counter()
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1)
    fe = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644); os.dup2(fe, 2)
    try:
        os.execvp(cmd[0], cmd)
    finally:
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
t1 = time.perf_counter()
print(f"{t1 - t0:.6f} {ru.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
EOF
        )
        local rc
        read -r SECS RSS_KB rc <<<"$out"
        [ "$rc" = 0 ] || die "exit $rc: $* (see $err)"
    fi
}
