#!/usr/bin/env bash
# End-to-end disassembly benchmark: `gcnkit disasm` (CLRX text, CLRX listing, LLVM text, JSON)
# against `llvm-mc -disassemble` (always) and CLRX's `clrxdisasm` (when GCNKIT_CLRX_DIR is
# set) on the same instructions, every tool pinned to one core, in one run.
#
#   scripts/bench-disasm.sh                          # 500k random GCN 1.2 instructions
#   STREAM=kernels scripts/bench-disasm.sh           # the real mixed stream, fiji
#   STREAM=kernels MCPU=gfx900 GCNKIT_CLRX_DIR=/root/.cache/clrx/build/programs scripts/bench-disasm.sh
#
# Streams (STREAM=):
#   random   the stream of crates/gcnkit/benches/disasm.rs (written by examples/gen_stream.rs):
#            N random GCN 1.2 instructions from every table row (vector and scalar), fixed
#            seed; the words gcnkit prints as data (.int) are a few percent.
#   kernels  the real mixed stream (examples/gen_stream.rs --kernels, benches/stream/kernels.rs):
#            the 31 clang-14 kernels of crates/gcnkit/tests/data/kernels/ compiled for MCPU,
#            their instructions only (no inter-kernel padding), whole kernels repeated until at
#            least N instructions; every class clang emits (scalar, vector, memory; the
#            report gives the share of the memory and SDWA classes, and checks that gcnkit
#            prints none of the stream's words as data lines).
#
# Environment (all optional):
#   STREAM=random   random | kernels
#   MCPU=fiji       kernels: tahiti | bonaire | fiji | gfx900 (random: always fiji / gcn1.2)
#   N=500000        instructions in the stream (kernels: at least, whole kernels)
#   RUNS=3          runs per gcnkit case; the best (fastest) one is reported
#   LLVM_RUNS=3     runs of llvm-mc; the best one is reported
#   CLRX_RUNS=$RUNS runs of clrxdisasm; the best one is reported
#   GCNKIT_CLRX_DIR CLRX's programs (DIR, DIR/bin or DIR/programs holding clrxdisasm): adds
#                   `clrxdisasm -r -g GPU` and the ratio column against it
#   LLVM_MC=llvm-mc the llvm-mc binary (LLVM 14 or later, with the AMDGPU target)
#   CPU=0           the core to pin every run to (sched_setaffinity)
#   KEEP=DIR        keep the stream and outputs in DIR instead of a temporary directory
#   RSS_VIA=python  peak RSS from the timed runs' wait4() even where GNU time exists
#   BIG=14          copies of the stream in the huge-input run (0: none): 14 copies are about
#                   40 MB, disassembled with -o to a file; its peak RSS must stay flat
#
# Each run reads its input file and writes to /dev/null (stdout redirected; never `-o
# /dev/null`, which the CLI would replace atomically with a regular file). Wall time is
# measured around the process alone, from its spawn to its exit (scripts/lib/measure.sh);
# peak RSS comes from one more run under /usr/bin/time -v when it is GNU time, else from
# wait4() in the timing helper (an upper bound). llvm-mc warnings (encodings it rejects) go to a
# file and are counted. Targets (kernels stream): gcnkit's CLRX text >= 3x clrxdisasm.
set -euo pipefail
export LC_ALL=C

STREAM=${STREAM:-random}
N=${N:-500000}
RUNS=${RUNS:-3}
LLVM_RUNS=${LLVM_RUNS:-3}
CLRX_RUNS=${CLRX_RUNS:-$RUNS}
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
source "$root/scripts/lib/clrx.sh"
stream_mcpu
clrx_find clrxdisasm
clrxdisasm=$clrx_tool clrxdisasm_ver=$clrx_ver
if ! command -v "$LLVM_MC" >/dev/null; then
    die "llvm-mc not found (LLVM_MC=$LLVM_MC); install it (Debian: apt-get install llvm) or set LLVM_MC=/path/to/llvm-mc"
fi
LLVM_MC=$(command -v "$LLVM_MC")
if ! echo "0x00,0x00,0x80,0xbf" | "$LLVM_MC" -arch=amdgcn -mcpu="$MCPU" -disassemble 2>&1 | grep -q s_nop; then
    die "$LLVM_MC cannot disassemble amdgcn/$MCPU (no AMDGPU target?)"
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

if [ "$STREAM" = random ]; then
    echo "== generating $N gcn1.2 instructions in $work" >&2
    read -r n_instr n_words n_vop3 < <("$gen" "$work/stream.bin" "$work/stream.llvm-mc.txt" "$N") ||
        die "gen_stream failed"
    [ "$n_instr" = "$N" ] || die "gen_stream wrote $n_instr instructions, wanted $N"
else
    echo "== generating the kernels stream ($MCPU, >= $N instructions) in $work" >&2
    "$gen" --kernels "$MCPU" "$work/stream.bin" "$work/stream.llvm-mc.txt" "$N" >"$work/gen.txt" ||
        die "gen_stream --kernels $MCPU failed"
    { read -r n_instr n_words n_kinst n_copies n_data && read -r class_mix; } <"$work/gen.txt"
    [ "$n_instr" -ge "$N" ] || die "gen_stream wrote $n_instr instructions, wanted >= $N"
fi

# Untimed checks that gcnkit decodes the whole stream (one line per instruction, besides
# label lines `NAME:`) and, in the kernels stream, prints no data lines.
"$gcnkit" disasm -a "$MCPU" "$work/stream.bin" >"$work/gcnkit.s"
lines=$(grep -vc ':$' "$work/gcnkit.s" || true)
[ "$lines" = "$n_instr" ] || die "gcnkit printed $lines instruction lines for $n_instr instructions"
n_label_lines=$(grep -c ':$' "$work/gcnkit.s" || true)
if [ "$STREAM" = kernels ]; then
    n_gcnkit_data=$(grep -Ec '^\.(int|long)' "$work/gcnkit.s" || true)
    [ "$n_gcnkit_data" = 0 ] || die "gcnkit printed $n_gcnkit_data data lines for the kernels stream"
fi
rm -f "$work/gcnkit.s"
if [ -n "$clrxdisasm" ]; then
    # clrxdisasm -r writes a `/* Disassembling ... */` line, then `/*OFFSET*/ text` per
    # instruction.
    clines=$("$clrxdisasm" -r -g "$MCPU" "$work/stream.bin" | grep -c '^/\*[0-9a-f]*\*/' || true)
    [ "$clines" = "$n_instr" ] || die "clrxdisasm printed $clines instruction lines for $n_instr instructions"
fi

# ---- measuring ---------------------------------------------------------------------------
# measure LABEL RUNS ERRFILE CMD... -> appends a row "label secs rss_kb cpu_secs" (best wall
# time, max RSS, the least CPU time of the runs).
rows=()
measure() {
    local label=$1 runs=$2 err=$3
    shift 3
    local best= cpu= peak=0 k=0 SECS CPU_SECS RSS_KB
    while read -r SECS CPU_SECS RSS_KB; do
        k=$((k + 1))
        echo "   $label run $k: ${SECS}s (CPU ${CPU_SECS}s), $((RSS_KB / 1024)) MiB" >&2
        if [ -z "$best" ] || awk -v a="$SECS" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$SECS
        fi
        if [ -z "$cpu" ] || awk -v a="$CPU_SECS" -v b="$cpu" 'BEGIN { exit !(a < b) }'; then
            cpu=$CPU_SECS
        fi
        [ "$RSS_KB" -gt "$peak" ] && peak=$RSS_KB
    done < <(run_many "$err" "$runs" "$@")
    [ -n "$best" ] || die "no timing for $label"
    rows+=("$label $best $peak $cpu")
}

echo "== timing ($pinned; best of $RUNS for gcnkit, $LLVM_RUNS for llvm-mc)" >&2
measure "gcnkit-clrx-text" "$RUNS" "$work/err.txt" \
    "$gcnkit" disasm -a "$MCPU" --syntax clrx --format text "$work/stream.bin"
# With each instruction's offset and words in a comment (clrxdisasm -r prints the offset).
measure "gcnkit-clrx-addresses" "$RUNS" "$work/err.txt" \
    "$gcnkit" disasm -a "$MCPU" --syntax clrx --addresses "$work/stream.bin"
measure "gcnkit-llvm-text" "$RUNS" "$work/err.txt" \
    "$gcnkit" disasm -a "$MCPU" --syntax llvm --format text "$work/stream.bin"
measure "gcnkit-json" "$RUNS" "$work/err.txt" \
    "$gcnkit" disasm -a "$MCPU" --format json "$work/stream.bin"
measure "llvm-mc" "$LLVM_RUNS" "$work/llvm-mc.err" \
    "$LLVM_MC" -arch=amdgcn -mcpu="$MCPU" -disassemble "$work/stream.llvm-mc.txt"
rejected=$(grep -c "invalid instruction encoding" "$work/llvm-mc.err" || true)
if [ -n "$clrxdisasm" ]; then
    measure "clrxdisasm" "$CLRX_RUNS" "$work/clrx.err" \
        "$clrxdisasm" -r -g "$MCPU" "$work/stream.bin"
fi
if [ "$BIG" -gt 0 ]; then
    for ((k = 0; k < BIG; k++)); do cat "$work/stream.bin"; done >"$work/big.bin"
    echo "== huge input: $BIG copies, $(wc -c <"$work/big.bin") bytes, -o to a file" >&2
    run_once "$work/err.txt" "$gcnkit" disasm -a "$MCPU" -o "$work/big.s" "$work/big.bin"
    big_secs=$SECS big_rss=$RSS_KB
    big_lines=$(grep -vc ':$' "$work/big.s" || true)
    [ "$big_lines" = $((n_instr * BIG)) ] || die "huge input: $big_lines lines for $((n_instr * BIG)) instructions"
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
if [ "$STREAM" = random ]; then
    echo "random gcn1.2 stream: $n_instr instructions ($n_words words, $((n_words * 4)) bytes, $n_vop3 VOP3); $pinned"
else
    echo "kernels stream, $MCPU: $n_instr instructions ($n_words words, $((n_words * 4)) bytes), $n_kinst kernel instances"
    echo "  ($n_copies copies of the 31 clang-14 kernels of crates/gcnkit/tests/data/kernels, no padding); $pinned"
    echo "  class mix: $class_mix"
    awk -v d="$n_data" -v g="$n_gcnkit_data" -v n="$n_instr" 'BEGIN {
        printf "  memory and SDWA classes (DS, MUBUF, FLAT/GLOBAL, SDWA): %d instructions (%.1f%%); gcnkit prints %d data lines\n", d, 100 * d / n, g
    }'
    echo "  $n_label_lines label lines besides the instruction lines"
fi
echo "$rss_note"
echo "llvm-mc ${llvm_ver:-?} ($LLVM_MC -mcpu=$MCPU) reads the same instructions as text, one per line; it rejected $rejected of them as invalid encodings"
if [ -n "$clrxdisasm" ]; then
    echo "$clrxdisasm_ver ($clrxdisasm -r -g $MCPU) reads the same binary; it prints each instruction's offset in a comment"
else
    echo "clrxdisasm: not run (set GCNKIT_CLRX_DIR to CLRX's programs directory)"
fi
echo
rate_of() { # LABEL -> instructions/s of that row (empty if absent)
    local r label secs rss
    for r in "${rows[@]}"; do
        read -r label secs rss _ <<<"$r"
        [ "$label" = "$1" ] && awk -v n="$n_instr" -v s="$secs" 'BEGIN { print n / s }'
    done
    return 0
}
llvm_rate=$(rate_of llvm-mc)
clrx_rate=$([ -n "$clrxdisasm" ] && rate_of clrxdisasm || true)
printf '%-22s %12s %10s %9s %14s %13s %10s %14s\n' tool instructions seconds "CPU s" "instr/s" "peak RSS MiB" "x llvm-mc" "x clrxdisasm"
for r in "${rows[@]}"; do
    read -r label secs rss cpu <<<"$r"
    awk -v l="$label" -v n="$n_instr" -v s="$secs" -v c="$cpu" -v k="$rss" -v lr="$llvm_rate" -v cr="$clrx_rate" 'BEGIN {
        rate = n / s
        printf "%-22s %12d %10.4f %9.4f %14.0f %13.1f %10.2f %14s\n", l, n, s, c, rate, k / 1024, rate / lr, (cr == "" ? "-" : sprintf("%.2f", rate / cr))
    }'
done
if [ -n "$clrx_rate" ]; then
    echo
    awk -v g="$(rate_of gcnkit-clrx-text)" -v a="$(rate_of gcnkit-clrx-addresses)" -v cr="$clrx_rate" -v s="$STREAM" 'BEGIN {
        r = g / cr
        printf "target (%s stream): gcnkit disasm (CLRX text) >= 3x clrxdisasm: %.2fx -> %s (with --addresses: %.2fx)\n", s, r, (r >= 3 ? "MET" : "MISSED"), a / cr
    }'
fi
if [ "$BIG" -gt 0 ]; then
    echo
    awk -v c="$BIG" -v b="$(wc -c <"$work/big.bin")" -v n=$((n_instr * BIG)) -v s="$big_secs" -v k="$big_rss" 'BEGIN {
        printf "huge input (%d copies, %.1f MB, %d instructions) -> gcnkit disasm -o FILE: %.2f s, %.0f instr/s, peak RSS %.1f MiB\n",
            c, b / 1e6, n, s, n / s, k / 1024
    }'
fi
