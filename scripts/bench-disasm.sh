#!/usr/bin/env bash
# End-to-end disassembly benchmark: `gcnkit disasm` (CLRX text, LLVM text, JSON) against
# `llvm-mc -disassemble` on the same 500k random GCN 1.2 VOP2/VOPC/VOP3 instructions
# (the stream of crates/gcnkit/benches/disasm.rs, written by examples/gen_stream.rs).
#
#   scripts/bench-disasm.sh
#
# Environment (all optional):
#   N=500000        instructions in the stream
#   RUNS=3          runs per gcnkit case; the best (fastest) one is reported
#   LLVM_RUNS=3     runs of llvm-mc; the best one is reported
#   LLVM_MC=llvm-mc the llvm-mc binary (LLVM 14 or later, with the AMDGPU target)
#   CPU=0           the core to pin every run to (when taskset exists)
#   KEEP=DIR        keep the stream and outputs in DIR instead of a temporary directory
#   RSS_VIA=python  measure with the python3 wait4() helper even where GNU time exists
#   BIG=14          copies of the stream in the huge-input run (0: none): 14 copies are about
#                   40 MB, disassembled with -o to a file; its peak RSS must stay flat
#
# Each run reads its input file and writes to /dev/null (stdout redirected; never `-o
# /dev/null`, which the CLI would replace atomically with a regular file). Wall time is
# measured around the process; peak RSS comes from /usr/bin/time -v when it is GNU time,
# else from wait4() in a python3 helper. llvm-mc warnings (encodings it rejects) go to a
# file and are counted.
set -euo pipefail
export LC_ALL=C

N=${N:-500000}
RUNS=${RUNS:-3}
LLVM_RUNS=${LLVM_RUNS:-3}
LLVM_MC=${LLVM_MC:-llvm-mc}
CPU=${CPU:-0}
BIG=${BIG:-14}

die() {
    echo "bench-disasm: error: $*" >&2
    exit 1
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

# ---- tools -------------------------------------------------------------------------------
command -v cargo >/dev/null || die "cargo not found"
if ! command -v "$LLVM_MC" >/dev/null; then
    die "llvm-mc not found (LLVM_MC=$LLVM_MC); install it (Debian: apt-get install llvm) or set LLVM_MC=/path/to/llvm-mc"
fi
LLVM_MC=$(command -v "$LLVM_MC")
if ! echo "0x02,0x07,0x02,0x02" | "$LLVM_MC" -arch=amdgcn -mcpu=fiji -disassemble 2>&1 | grep -q v_add_f32; then
    die "$LLVM_MC cannot disassemble amdgcn/fiji (no AMDGPU target?)"
fi

source "$root/scripts/lib/measure.sh"

# ---- build and generate ------------------------------------------------------------------
echo "== building (release)" >&2
cargo build --release -q -p gcnkit-cli
cargo build --release -q -p gcnkit --example gen_stream
target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])' 2>/dev/null ||
    echo "$root/target")
gcnkit="$target_dir/release/gcnkit"
gen="$target_dir/release/examples/gen_stream"
[ -x "$gcnkit" ] || die "$gcnkit was not built"
[ -x "$gen" ] || die "$gen was not built"

if [ -n "${KEEP:-}" ]; then
    work=$KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/bench-disasm.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi

echo "== generating $N gcn1.2 instructions in $work" >&2
read -r n_instr n_words n_vop3 < <("$gen" "$work/stream.bin" "$work/stream.llvm-mc.txt" "$N") ||
    die "gen_stream failed"
[ "$n_instr" = "$N" ] || die "gen_stream wrote $n_instr instructions, wanted $N"

# Untimed check that gcnkit decodes the whole stream (one line per instruction).
lines=$("$gcnkit" disasm -a gcn1.2 "$work/stream.bin" | wc -l)
[ "$lines" = "$N" ] || die "gcnkit printed $lines lines for $N instructions"

# ---- measuring ---------------------------------------------------------------------------
# measure LABEL RUNS ERRFILE CMD... -> appends a row "label secs rss_kb" (best time, max RSS).
rows=()
measure() {
    local label=$1 runs=$2 err=$3
    shift 3
    local best= peak=0 k
    for ((k = 1; k <= runs; k++)); do
        run_once "$err" "$@"
        echo "   $label run $k: ${SECS}s, $((RSS_KB / 1024)) MiB" >&2
        if [ -z "$best" ] || awk -v a="$SECS" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$SECS
        fi
        [ "$RSS_KB" -gt "$peak" ] && peak=$RSS_KB
    done
    rows+=("$label $best $peak")
}

echo "== timing ($pinned; best of $RUNS for gcnkit, $LLVM_RUNS for llvm-mc)" >&2
measure "gcnkit-clrx-text" "$RUNS" "$work/err.txt" \
    "$gcnkit" disasm -a gcn1.2 --syntax clrx --format text "$work/stream.bin"
measure "gcnkit-llvm-text" "$RUNS" "$work/err.txt" \
    "$gcnkit" disasm -a gcn1.2 --syntax llvm --format text "$work/stream.bin"
measure "gcnkit-json" "$RUNS" "$work/err.txt" \
    "$gcnkit" disasm -a gcn1.2 --format json "$work/stream.bin"
measure "llvm-mc" "$LLVM_RUNS" "$work/llvm-mc.err" \
    "$LLVM_MC" -arch=amdgcn -mcpu=fiji -disassemble "$work/stream.llvm-mc.txt"
rejected=$(grep -c "invalid instruction encoding" "$work/llvm-mc.err" || true)
if [ "$BIG" -gt 0 ]; then
    for ((k = 0; k < BIG; k++)); do cat "$work/stream.bin"; done >"$work/big.bin"
    echo "== huge input: $BIG copies, $(wc -c <"$work/big.bin") bytes, -o to a file" >&2
    run_once "$work/err.txt" "$gcnkit" disasm -a gcn1.2 -o "$work/big.s" "$work/big.bin"
    big_secs=$SECS big_rss=$RSS_KB
    big_lines=$(wc -l <"$work/big.s")
    [ "$big_lines" = $((N * BIG)) ] || die "huge input: $big_lines lines for $((N * BIG)) instructions"
    rm -f "$work/big.s"
fi
rss_note="peak RSS: GNU time -v"
if [ -z "$gnu_time" ]; then
    # A forked child's high-water RSS starts at the forking python's size and survives exec,
    # so the helper's figures are upper bounds: show that floor, measured on `true`.
    run_once "$work/err.txt" true
    rss_note="peak RSS: python3 wait4(), an upper bound (floor $((RSS_KB / 1024)) MiB measured on 'true')"
fi

# ---- report ------------------------------------------------------------------------------
llvm_ver=$("$LLVM_MC" --version | awk '/LLVM version/ { for (i = 1; i < NF; i++) if ($i == "version") { print $(i + 1); exit } }')
echo
echo "gcn1.2 stream: $n_instr instructions ($n_words words, $((n_words * 4)) bytes, $n_vop3 VOP3); $pinned"
echo "$rss_note"
echo "llvm-mc ${llvm_ver:-?} ($LLVM_MC) reads the same instructions as text, one per line; it rejected $rejected of them as invalid encodings"
echo
printf '%-18s %12s %10s %14s %14s %16s\n' tool instructions seconds "instr/s" "peak RSS MiB" "x llvm-mc (i/s)"
llvm_rate=
for r in "${rows[@]}"; do
    read -r label secs rss <<<"$r"
    [ "$label" = llvm-mc ] && llvm_rate=$(awk -v n="$n_instr" -v s="$secs" 'BEGIN { print n / s }')
done
for r in "${rows[@]}"; do
    read -r label secs rss <<<"$r"
    awk -v l="$label" -v n="$n_instr" -v s="$secs" -v k="$rss" -v lr="$llvm_rate" 'BEGIN {
        rate = n / s
        printf "%-18s %12d %10.3f %14.0f %14.1f %16.1f\n", l, n, s, rate, k / 1024, rate / lr
    }'
done
if [ "$BIG" -gt 0 ]; then
    echo
    awk -v c="$BIG" -v b="$(wc -c <"$work/big.bin")" -v n=$((N * BIG)) -v s="$big_secs" -v k="$big_rss" 'BEGIN {
        printf "huge input (%d copies, %.1f MB, %d instructions) -> gcnkit disasm -o FILE: %.2f s, %.0f instr/s, peak RSS %.1f MiB\n",
            c, b / 1e6, n, s, n / s, k / 1024
    }'
fi
