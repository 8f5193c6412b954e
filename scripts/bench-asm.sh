#!/usr/bin/env bash
# End-to-end assembly benchmark: `gcnkit asm` (CLRX text, LLVM text, auto; words and bin
# output) against `llvm-mc -show-encoding` and `llvm-mc -filetype=obj` on the same source,
# one instruction per line, printed from the 500k-instruction GCN 1.2 stream of
# crates/gcnkit/benches/disasm.rs (written by examples/gen_source.rs, the input of
# benches/asm.rs). gcnkit also runs on 2x and 4x longer CLRX files to show how its peak RSS
# grows with the input.
#
#   scripts/bench-asm.sh
#
# Environment (all optional):
#   N=500000        stream instructions drawn (files have fewer lines: see below)
#   RUNS=3          runs per gcnkit case; the best (fastest) one is reported
#   LLVM_RUNS=3     runs per llvm-mc case; the best one is reported
#   SCALES="2 4"    multiples of N for the RSS-scaling runs of gcnkit (empty: none)
#   LLVM_MC=llvm-mc the llvm-mc binary (LLVM 14 or later, with the AMDGPU target)
#   CPU=0           the core to pin every run to (when taskset exists)
#   KEEP=DIR        keep the sources and outputs in DIR instead of a temporary directory
#   RSS_VIA=python  measure with the python3 wait4() helper even where GNU time exists
#   CHECK=0         skip the (untimed) check that llvm-mc encodes the LLVM text to the
#                   same words as gcnkit
#
# The source files: a stream instruction becomes a line only if gcnkit assembles its text
# back to the same words (that drops words with two scalar reads and other deliberately odd
# words), and, in the LLVM text, only if LLVM prints it as an instruction (not `.long`);
# lines llvm-mc rejects are then dropped from the LLVM text too (found in one untimed run).
#
# Each run reads its input file and writes to /dev/null (stdout redirected; never `-o
# /dev/null`). Wall time is measured around the process; peak RSS comes from /usr/bin/time
# -v when it is GNU time, else from wait4() in a python3 helper.
set -euo pipefail
export LC_ALL=C

N=${N:-500000}
RUNS=${RUNS:-3}
LLVM_RUNS=${LLVM_RUNS:-3}
SCALES=${SCALES-2 4}
LLVM_MC=${LLVM_MC:-llvm-mc}
CPU=${CPU:-0}
CHECK=${CHECK:-1}

die() {
    echo "bench-asm: error: $*" >&2
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
if ! echo "v_add_f32 v1, v2, v3" | "$LLVM_MC" -arch=amdgcn -mcpu=fiji -show-encoding 2>&1 | grep -q "encoding: \[0x02,0x07,0x02,0x02\]"; then
    die "$LLVM_MC cannot assemble amdgcn/fiji (no AMDGPU target?)"
fi
llvm_mc=("$LLVM_MC" -arch=amdgcn -mcpu=fiji)

source "$root/scripts/lib/measure.sh"

# ---- build and generate ------------------------------------------------------------------
echo "== building (release)" >&2
cargo build --release -q -p gcnkit-cli
cargo build --release -q -p gcnkit --example gen_source
target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])' 2>/dev/null ||
    echo "$root/target")
gcnkit="$target_dir/release/gcnkit"
gen="$target_dir/release/examples/gen_source"
[ -x "$gcnkit" ] || die "$gcnkit was not built"
[ -x "$gen" ] || die "$gen was not built"

if [ -n "${KEEP:-}" ]; then
    work=$KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/bench-asm.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi

# gen FILE DIALECT N -> "drawn written dropped_long dropped_mismatch"
gen() {
    "$gen" "$@" || die "gen_source $* failed"
}

echo "== generating sources from $N gcn1.2 stream instructions in $work" >&2
read -r _ clrx_lines _ clrx_odd < <(gen "$work/clrx.s" clrx "$N")
read -r _ llvm_gen llvm_long llvm_odd < <(gen "$work/llvm.all.s" llvm "$N")

# Drop the lines llvm-mc rejects (one untimed run; errors are "FILE:LINE:COL: error: ...").
"${llvm_mc[@]}" -show-encoding "$work/llvm.all.s" >"$work/llvm-mc.all.out" 2>"$work/llvm-mc.all.err" || true
awk -F: '$4 ~ /^ error/ { print $2 }' "$work/llvm-mc.all.err" | sort -un >"$work/llvm-mc.rejected"
llvm_rejected=$(wc -l <"$work/llvm-mc.rejected")
awk -v rej="$work/llvm-mc.rejected" 'BEGIN { while ((getline l <rej) > 0) bad[l] = 1 } !(FNR in bad)' \
    "$work/llvm.all.s" >"$work/llvm.s"
llvm_lines=$(wc -l <"$work/llvm.s")
[ "$llvm_lines" = $((llvm_gen - llvm_rejected)) ] || die "llvm text: $llvm_lines lines, expected $llvm_gen - $llvm_rejected"

scaled=()
for s in $SCALES; do
    read -r _ l _ _ < <(gen "$work/clrx.x$s.s" clrx $((N * s)))
    scaled+=("$s $l")
done

# Untimed checks: every file assembles, one words line per source line.
for f in clrx llvm; do
    lines=$("$gcnkit" asm -a gcn1.2 --syntax "$f" "$work/$f.s" | tee "$work/$f.words" | wc -l)
    want=$([ "$f" = clrx ] && echo "$clrx_lines" || echo "$llvm_lines")
    [ "$lines" = "$want" ] || die "gcnkit asm printed $lines lines for the $want-line $f text"
done
cmp -s "$work/clrx.words" <("$gcnkit" asm -a gcn1.2 --syntax auto "$work/clrx.s") ||
    die "gcnkit asm --syntax auto gives other words than --syntax clrx on the clrx text"
# The comparison is fair only if llvm-mc reads the text as the same instructions.
if [ "$CHECK" != 0 ] && command -v python3 >/dev/null; then
    "${llvm_mc[@]}" -show-encoding "$work/llvm.s" >"$work/llvm-mc.out" 2>/dev/null || die "llvm-mc fails on llvm.s"
    same=$(python3 - "$work/llvm-mc.out" "$work/llvm.words" <<'EOF'
import re, sys
enc = []
for line in open(sys.argv[1]):
    m = re.search(r"encoding: \[([^\]]*)\]", line)
    if m:
        b = [int(x, 16) for x in m.group(1).split(",")]
        enc.append(" ".join("%08x" % int.from_bytes(bytes(b[i:i + 4]), "little") for i in range(0, len(b), 4)))
ours = [l.strip() for l in open(sys.argv[2])]
diff = sum(a != b for a, b in zip(enc, ours)) + abs(len(enc) - len(ours))
print(f"{len(enc) - diff} {diff}")
EOF
    )
    read -r enc_same enc_diff <<<"$same"
    check_note="llvm-mc encodes $enc_same of the $llvm_lines LLVM lines to the same words as gcnkit ($enc_diff differ)"
else
    check_note="encodings not compared (CHECK=0 or no python3)"
fi

# ---- measuring ---------------------------------------------------------------------------
# measure LABEL LINES RUNS ERRFILE CMD... -> appends a row "label lines secs rss_kb"
# (best time, max RSS).
rows=()
measure() {
    local label=$1 lines=$2 runs=$3 err=$4
    shift 4
    local best= peak=0 k
    for ((k = 1; k <= runs; k++)); do
        run_once "$err" "$@"
        echo "   $label run $k: ${SECS}s, $((RSS_KB / 1024)) MiB" >&2
        if [ -z "$best" ] || awk -v a="$SECS" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$SECS
        fi
        [ "$RSS_KB" -gt "$peak" ] && peak=$RSS_KB
    done
    rows+=("$label $lines $best $peak")
}

echo "== timing ($pinned; best of $RUNS for gcnkit, $LLVM_RUNS for llvm-mc)" >&2
err="$work/err.txt"
for fmt in words bin; do
    measure "gcnkit-clrx-$fmt" "$clrx_lines" "$RUNS" "$err" \
        "$gcnkit" asm -a gcn1.2 --syntax clrx --format "$fmt" "$work/clrx.s"
done
# `-o FILE`: written to a temporary file as it is assembled, renamed at the end.
measure "gcnkit-clrx-file" "$clrx_lines" "$RUNS" "$err" \
    "$gcnkit" asm -a gcn1.2 --syntax clrx --format bin -o "$work/out.bin" "$work/clrx.s"
measure "gcnkit-auto-clrx-words" "$clrx_lines" "$RUNS" "$err" \
    "$gcnkit" asm -a gcn1.2 --syntax auto --format words "$work/clrx.s"
for fmt in words bin; do
    measure "gcnkit-llvm-$fmt" "$llvm_lines" "$RUNS" "$err" \
        "$gcnkit" asm -a gcn1.2 --syntax llvm --format "$fmt" "$work/llvm.s"
done
measure "llvm-mc-show-enc" "$llvm_lines" "$LLVM_RUNS" "$work/llvm-mc.err" \
    "${llvm_mc[@]}" -show-encoding "$work/llvm.s"
measure "llvm-mc-obj" "$llvm_lines" "$LLVM_RUNS" "$work/llvm-mc.err" \
    "${llvm_mc[@]}" -filetype=obj -o - "$work/llvm.s"
for sl in "${scaled[@]}"; do
    read -r s l <<<"$sl"
    for fmt in words bin; do
        measure "gcnkit-clrx-$fmt-${s}x" "$l" "$RUNS" "$err" \
            "$gcnkit" asm -a gcn1.2 --syntax clrx --format "$fmt" "$work/clrx.x$s.s"
    done
    measure "gcnkit-clrx-file-${s}x" "$l" "$RUNS" "$err" \
        "$gcnkit" asm -a gcn1.2 --syntax clrx --format bin -o "$work/out.bin" "$work/clrx.x$s.s"
done
rss_note="peak RSS: GNU time -v"
if [ -z "$gnu_time" ]; then
    # A forked child's high-water RSS starts at the forking python's size and survives exec,
    # so the helper's figures are upper bounds: show that floor, measured on `true`.
    run_once "$err" true
    rss_note="peak RSS: python3 wait4(), an upper bound (floor $((RSS_KB / 1024)) MiB measured on 'true')"
fi

# ---- report ------------------------------------------------------------------------------
llvm_ver=$("$LLVM_MC" --version | awk '/LLVM version/ { for (i = 1; i < NF; i++) if ($i == "version") { print $(i + 1); exit } }')
echo
echo "gcn1.2 source from $N stream instructions, one per line; $pinned"
echo "  clrx text: $clrx_lines lines, $(wc -c <"$work/clrx.s") bytes ($clrx_odd odd words dropped: gcnkit rejects or re-encodes their text)"
echo "  llvm text: $llvm_lines lines, $(wc -c <"$work/llvm.s") bytes ($llvm_long printed as .long, $llvm_odd odd, $llvm_rejected rejected by llvm-mc: dropped)"
echo "  $check_note"
echo "llvm-mc ${llvm_ver:-?} ($LLVM_MC): -show-encoding writes the text with encodings; -filetype=obj -o - writes an ELF object (both to /dev/null)"
echo "$rss_note; outputs go to /dev/null (stdout: gcnkit holds the file's items until its end, so"
echo "  that nothing is written on error) or, for the -file rows, to a file with -o (streamed to a"
echo "  temporary file, renamed at the end)"
echo
printf '%-24s %10s %9s %12s %13s %15s\n' tool lines seconds "lines/s" "peak RSS MiB" "x llvm-mc enc"
llvm_rate=
for r in "${rows[@]}"; do
    read -r label lines secs rss <<<"$r"
    [ "$label" = llvm-mc-show-enc ] && llvm_rate=$(awk -v n="$lines" -v s="$secs" 'BEGIN { print n / s }')
done
for r in "${rows[@]}"; do
    read -r label lines secs rss <<<"$r"
    awk -v l="$label" -v n="$lines" -v s="$secs" -v k="$rss" -v lr="$llvm_rate" 'BEGIN {
        rate = n / s
        printf "%-24s %10d %9.3f %12.0f %13.1f %15.1f\n", l, n, s, rate, k / 1024, rate / lr
    }'
done

# RSS growth with the input: the slope between the 1x and the largest file, per format.
if [ "${#scaled[@]}" -gt 0 ]; then
    echo
    read -r smax lmax <<<"${scaled[-1]}"
    for fmt in words bin file; do
        r1= rn=
        for r in "${rows[@]}"; do
            read -r label lines secs rss <<<"$r"
            [ "$label" = "gcnkit-clrx-$fmt" ] && r1=$rss
            [ "$label" = "gcnkit-clrx-$fmt-${smax}x" ] && rn=$rss
        done
        awk -v f="$fmt" -v a="$r1" -v b="$rn" -v la="$clrx_lines" -v lb="$lmax" -v s="$smax" \
            -v ba="$(wc -c <"$work/clrx.s")" -v bb="$(wc -c <"$work/clrx.x$smax.s")" 'BEGIN {
            per = (b - a) * 1024 / (lb - la)
            printf "gcnkit %-5s peak RSS 1x -> %dx: %.1f -> %.1f MiB, %.0f bytes per extra line (source: %.1f bytes per line)\n",
                f, s, a / 1024, b / 1024, per, (bb - ba) / (lb - la)
        }'
    done
fi
