# Shared timing for the benchmark scripts (sourced; needs `die` and, when measuring, `$work`).
# Sets `pinned` (a note), `gnu_time`, and defines run_many and run_once.
#
# Time is taken by a python3 helper that pins itself to core $CPU (the child inherits it),
# starts the command with posix_spawn and waits for it, run after run: the timed window
# holds the command's own exec, run and exit and nothing of the harness (no /usr/bin/time
# or taskset exec'd per run, which cost 2-3 ms on a 12 ms run and so shrank every ratio
# against a slower tool). The runs of one command follow each other from one helper, as
# hyperfine runs them: no interpreter start-up between them clears the caches. The peak RSS
# comes from one more, untimed run per command under GNU time -v where it exists (a spawned
# child's high-water RSS starts at the spawning python's size).

command -v python3 >/dev/null || die "python3 is needed to time the runs"
if python3 -c "import os; os.sched_setaffinity(0, {$CPU})" 2>/dev/null; then
    pinned="core $CPU (sched_setaffinity)"
    pin_cpu=$CPU
else
    pinned="not pinned (sched_setaffinity fails on core $CPU)"
    pin_cpu=
fi

gnu_time=
if [ "${RSS_VIA:-}" != python ] && [ -x /usr/bin/time ] && /usr/bin/time -v -o /dev/stdout true 2>/dev/null | grep -q "Maximum resident set size"; then
    gnu_time=/usr/bin/time
fi

# The peak RSS of each command line measured so far (one GNU time run each).
declare -A rss_of=()

# The timing helper: ERRFILE CPU RUNS CMD... -> one line per run, "secs cpu_secs rss_kb rc".
timing_helper='
import os, shutil, sys, time
err, cpu, runs, cmd = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
if cpu:
    os.sched_setaffinity(0, {int(cpu)})
exe = shutil.which(cmd[0]) or cmd[0]
out = os.open(os.devnull, os.O_WRONLY)
fe = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
acts = [(os.POSIX_SPAWN_DUP2, out, 1), (os.POSIX_SPAWN_DUP2, fe, 2)]
for _ in range(runs):
    t0 = time.perf_counter()
    pid = os.posix_spawn(exe, cmd, os.environ, file_actions=acts)
    _, status, ru = os.wait4(pid, 0)
    t1 = time.perf_counter()
    rc = os.waitstatus_to_exitcode(status)
    print(f"{t1 - t0:.6f} {ru.ru_utime + ru.ru_stime:.6f} {ru.ru_maxrss} {rc}", flush=True)
    if rc != 0:
        break
'

# run_many ERRFILE RUNS CMD... -> prints one line per run, "secs cpu_secs rss_kb" (wall
# time, user+system time, peak RSS); stdout goes to /dev/null.
run_many() {
    local err=$1 runs=$2
    shift 2
    local out
    out=$(python3 -c "$timing_helper" "$err" "$pin_cpu" "$runs" "$@") || die "the timing helper failed on: $*"
    local rss=
    if [ -n "$gnu_time" ]; then
        local key="$*"
        if [ -z "${rss_of[$key]:-}" ]; then
            local tf="$work/time.txt"
            "$gnu_time" -v -o "$tf" "$@" >/dev/null 2>"$err" || die "exit $?: $* (see $err)"
            rss_of[$key]=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tf")
        fi
        rss=${rss_of[$key]}
    fi
    local secs cpu kb rc
    while read -r secs cpu kb rc; do
        [ "$rc" = 0 ] || die "exit $rc: $* (see $err)"
        echo "$secs $cpu ${rss:-$kb}"
    done <<<"$out"
}

# run_once ERRFILE CMD... -> sets SECS (wall time of the command), CPU_SECS (its user+system
# time) and RSS_KB (its peak RSS).
run_once() {
    local err=$1
    shift
    local line
    line=$(run_many "$err" 1 "$@")
    read -r SECS CPU_SECS RSS_KB <<<"$line"
    [ -n "$SECS" ] || die "no timing for: $*"
}
