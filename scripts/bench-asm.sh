#!/usr/bin/env bash
# End-to-end assembly benchmark: `gcnkit asm` (CLRX text, LLVM text, auto; words and bin
# output) against `llvm-mc -show-encoding` and `llvm-mc -filetype=obj` (always) and CLRX's
# `clrxasm` (when GCNKIT_CLRX_DIR is set) on the same source, every tool pinned to one core,
# in one run. gcnkit also runs on 2x and 4x longer CLRX files to show how its peak RSS grows
# with the input.
#
#   scripts/bench-asm.sh                             # random GCN 1.2 instruction lines
#   STREAM=kernels scripts/bench-asm.sh              # the real mixed stream, fiji
#   STREAM=kernels MCPU=gfx900 GCNKIT_CLRX_DIR=/root/.cache/clrx/build/programs scripts/bench-asm.sh
#
# Streams (STREAM=):
#   random   one instruction per line, printed from the 500k-instruction GCN 1.2 stream of
#            crates/gcnkit/benches/disasm.rs (examples/gen_source.rs; the input of
#            benches/asm.rs). A stream instruction becomes a line only if gcnkit assembles its
#            text back to the same words (that drops words with two scalar reads and other
#            deliberately odd words), and, in the LLVM text, only if LLVM prints it as an
#            instruction (not `.long`); lines llvm-mc rejects are then dropped from the LLVM
#            text too (found in one untimed run).
#   kernels  the real mixed stream of `gen_stream --kernels MCPU` (the 31 clang-14 kernels of
#            crates/gcnkit/tests/data/kernels/, whole kernels repeated until at least N
#            instructions), written by `gen_source --kernels`: the LLVM text is clang's own
#            lines of the kernel bodies (labels renamed per copy), the CLRX text is gcnkit's
#            CLRX-dialect disassembly of the same words (label lines at branch targets).
#            The memory classes (DS, MUBUF, FLAT/GLOBAL, SDWA: the ones gcnkit's assembler
#            took last) follow MEM: `instr` writes them as instructions like every other
#            class (clang's lines, gcnkit's CLRX text; every tool takes that text), `data` as
#            data lines (`.long`/`.int`); under both every tool assembles exactly the stream's
#            words (checked); `drop` leaves them out. Rates are stream instructions per second
#            (data lines included under MEM=data).
#
# Environment (all optional):
#   STREAM=random   random | kernels
#   MCPU=fiji       kernels: tahiti | bonaire | fiji | gfx900 (random: always fiji / gcn1.2)
#   MEM=instr       kernels: instr | data | drop (see above)
#   N=500000        stream instructions drawn (random: files have fewer lines, see above;
#                   kernels: at least N, whole kernels)
#   RUNS=3          runs per gcnkit case; the best (fastest) one is reported
#   LLVM_RUNS=3     runs per llvm-mc case; the best one is reported
#   CLRX_RUNS=$RUNS runs of clrxasm; the best one is reported
#   GCNKIT_CLRX_DIR CLRX's programs (DIR, DIR/bin or DIR/programs holding clrxasm): adds
#                   `clrxasm -b rawcode -g GPU -o FILE` on the CLRX text and the ratio column
#   SCALES="2 4"    multiples of N for the RSS-scaling runs of gcnkit (empty: none)
#   LLVM_MC=llvm-mc the llvm-mc binary (LLVM 14 or later, with the AMDGPU target)
#   CPU=0           the core to pin every run to (sched_setaffinity)
#   KEEP=DIR        keep the sources and outputs in DIR instead of a temporary directory
#   RSS_VIA=python  peak RSS from the timed runs' wait4() even where GNU time exists
#   CHECK=0         skip the (untimed) check that llvm-mc (and clrxasm) encode the text to
#                   the same words as gcnkit
#
# Each run reads its input file and writes to /dev/null (stdout redirected; never `-o
# /dev/null`), or, for the -file rows and clrxasm (which writes only to a file), to a file
# in the work directory. Wall time is measured around the process alone, from its spawn to
# its exit (scripts/lib/measure.sh); peak RSS comes from one more run under /usr/bin/time -v
# when it is GNU time, else from wait4() in the timing helper (an upper bound).
# Target (kernels stream): gcnkit asm (CLRX text, -o FILE) >= 2x clrxasm on the same file.
set -euo pipefail
export LC_ALL=C

STREAM=${STREAM:-random}
MEM=${MEM:-instr}
N=${N:-500000}
RUNS=${RUNS:-3}
LLVM_RUNS=${LLVM_RUNS:-3}
CLRX_RUNS=${CLRX_RUNS:-$RUNS}
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
source "$root/scripts/lib/clrx.sh"
stream_mcpu
case $MEM in instr | data | drop) ;; *) die "MEM=$MEM: instr, data or drop" ;; esac
clrx_find clrxasm
clrxasm=$clrx_tool clrxasm_ver=$clrx_ver
command -v cargo >/dev/null || die "cargo not found"
if ! command -v "$LLVM_MC" >/dev/null; then
    die "llvm-mc not found (LLVM_MC=$LLVM_MC); install it (Debian: apt-get install llvm) or set LLVM_MC=/path/to/llvm-mc"
fi
LLVM_MC=$(command -v "$LLVM_MC")
if ! echo "s_nop 0" | "$LLVM_MC" -arch=amdgcn -mcpu="$MCPU" -show-encoding 2>&1 | grep -q "encoding: \[0x00,0x00,0x80,0xbf\]"; then
    die "$LLVM_MC cannot assemble amdgcn/$MCPU (no AMDGPU target?)"
fi
llvm_mc=("$LLVM_MC" -arch=amdgcn -mcpu="$MCPU")
# The .text of an ELF object as raw bytes (the untimed check of the kernels stream).
LLVM_OBJCOPY=${LLVM_OBJCOPY:-$(dirname "$LLVM_MC")/llvm-objcopy}
[ -x "$LLVM_OBJCOPY" ] || LLVM_OBJCOPY=$(command -v llvm-objcopy || command -v objcopy || true)

source "$root/scripts/lib/measure.sh"

# ---- build and generate ------------------------------------------------------------------
echo "== building (release)" >&2
cargo build --release -q -p gcnkit-cli
cargo build --release -q -p gcnkit --example gen_source --example gen_stream
target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])' 2>/dev/null ||
    echo "$root/target")
gcnkit="$target_dir/release/gcnkit"
gen="$target_dir/release/examples/gen_source"
gen_stream="$target_dir/release/examples/gen_stream"
[ -x "$gcnkit" ] || die "$gcnkit was not built"
[ -x "$gen" ] || die "$gen was not built"
[ -x "$gen_stream" ] || die "$gen_stream was not built"

if [ -n "${KEEP:-}" ]; then
    work=$KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/bench-asm.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi

# gen FILE DIALECT N -> random: "drawn written dropped_long dropped_mismatch words";
# kernels: "instructions lines instruction_lines data_lines dropped rejected"
gen() {
    if [ "$STREAM" = kernels ]; then
        "$gen" --kernels "$MCPU" --mem "$MEM" "$@" || die "gen_source --kernels $MCPU $* failed"
    else
        "$gen" "$@" || die "gen_source $* failed"
    fi
}

if [ "$STREAM" = random ]; then
    echo "== generating sources from $N gcn1.2 stream instructions in $work" >&2
    read -r _ clrx_lines _ clrx_odd clrx_words < <(gen "$work/clrx.s" clrx "$N")
    read -r _ llvm_gen llvm_long llvm_odd _ < <(gen "$work/llvm.all.s" llvm "$N")
else
    echo "== generating sources from the kernels stream ($MCPU, >= $N instructions, MEM=$MEM) in $work" >&2
    read -r n_instr clrx_lines clrx_ilines clrx_data _ _ < <(gen "$work/clrx.s" clrx "$N")
    read -r _ llvm_gen llvm_ilines llvm_data _ llvm_rej < <(gen "$work/llvm.all.s" llvm "$N")
    "$gen_stream" --kernels "$MCPU" "$work/stream.bin" - "$N" >"$work/gen.txt" || die "gen_stream failed"
    { read -r _ _ n_kinst n_copies n_data && read -r class_mix; } <"$work/gen.txt"
fi

# Drop the lines llvm-mc rejects (one untimed run; errors are "FILE:LINE:COL: error: ...").
"${llvm_mc[@]}" -show-encoding "$work/llvm.all.s" >"$work/llvm-mc.all.out" 2>"$work/llvm-mc.all.err" || true
awk -F: '$4 ~ /^ error/ { print $2 }' "$work/llvm-mc.all.err" | sort -un >"$work/llvm-mc.rejected"
llvm_rejected=$(wc -l <"$work/llvm-mc.rejected")
awk -v rej="$work/llvm-mc.rejected" 'BEGIN { while ((getline l <rej) > 0) bad[l] = 1 } !(FNR in bad)' \
    "$work/llvm.all.s" >"$work/llvm.s"
llvm_lines=$(wc -l <"$work/llvm.s")
[ "$llvm_lines" = $((llvm_gen - llvm_rejected)) ] || die "llvm text: $llvm_lines lines, expected $llvm_gen - $llvm_rejected"
[ "$STREAM" = random ] || [ "$llvm_rejected" = 0 ] ||
    die "llvm-mc rejects $llvm_rejected lines of the kernels' LLVM text (see $work/llvm-mc.all.err; KEEP=DIR keeps it)"

# What a rate counts: source lines (random), stream instructions (kernels).
if [ "$STREAM" = kernels ]; then
    clrx_count=$n_instr llvm_count=$n_instr unit=instr
else
    clrx_count=$clrx_lines llvm_count=$llvm_lines unit=lines
fi

scaled=()
for s in $SCALES; do
    read -r n1 l _ < <(gen "$work/clrx.x$s.s" clrx $((N * s)))
    [ "$STREAM" = kernels ] && l=$n1
    scaled+=("$s $l")
done

# Untimed checks.
if [ "$STREAM" = random ]; then
    # Every file assembles: the CLRX text to as many words as its lines were printed from
    # (its `.int` data lines hold several), the LLVM text (no data lines) to one words line
    # per source line.
    "$gcnkit" asm -a gcn1.2 --syntax clrx --format bin -o "$work/clrx.gcnkit.bin" "$work/clrx.s" 2>"$work/clrx.check.err" ||
        die "gcnkit asm fails on the clrx text (KEEP=DIR keeps it)"
    bytes=$(wc -c <"$work/clrx.gcnkit.bin")
    [ "$bytes" = $((clrx_words * 4)) ] || die "gcnkit asm wrote $bytes bytes for the $clrx_words words of the clrx text"
    lines=$("$gcnkit" asm -a gcn1.2 --syntax llvm "$work/llvm.s" 2>"$work/llvm.check.err" | tee "$work/llvm.words" | wc -l)
    [ "$lines" = "$llvm_lines" ] || die "gcnkit asm printed $lines lines for the $llvm_lines-line llvm text"
    cmp -s "$work/clrx.gcnkit.bin" <("$gcnkit" asm -a gcn1.2 --syntax auto --format bin "$work/clrx.s" 2>/dev/null) ||
        die "gcnkit asm --syntax auto gives other words than --syntax clrx on the clrx text"
else
    # Both texts assemble to the same bytes: the stream's (MEM=data), or the stream without
    # the data classes, branch distances adjusted (MEM=drop).
    for f in clrx llvm; do
        "$gcnkit" asm -a "$MCPU" --syntax "$f" --format bin -o "$work/$f.gcnkit.bin" "$work/$f.s" 2>"$work/$f.check.err" ||
            die "gcnkit asm fails on the $f text (KEEP=DIR keeps it)"
    done
    cmp -s "$work/clrx.gcnkit.bin" "$work/llvm.gcnkit.bin" ||
        die "gcnkit assembles the clrx and llvm texts to other bytes"
    cmp -s "$work/clrx.gcnkit.bin" <("$gcnkit" asm -a "$MCPU" --syntax auto --format bin "$work/clrx.s" 2>/dev/null) ||
        die "gcnkit asm --syntax auto gives other bytes than --syntax clrx on the clrx text"
    if [ "$MEM" != drop ]; then
        cmp -s "$work/clrx.gcnkit.bin" "$work/stream.bin" ||
            die "gcnkit asm: the kernels' texts do not assemble to the stream's words"
        same_note="gcnkit assembles both texts to the stream's $(($(wc -c <"$work/stream.bin") / 4)) words"
    else
        same_note="gcnkit assembles both texts to the same $(($(wc -c <"$work/clrx.gcnkit.bin") / 4)) words"
    fi
fi
# Random stream with clrxasm: drop the CLRX lines clrxasm rejects (gcnkit's raw-field notes
# on odd words, forms clrxasm does not take), found in one untimed run as for llvm-mc.
clrx_rejected=0
if [ "$STREAM" = random ] && [ -n "$clrxasm" ]; then
    mv "$work/clrx.s" "$work/clrx.all.s"
    "$clrxasm" -b rawcode -g fiji -o "$work/clrxasm.all.bin" "$work/clrx.all.s" 2>"$work/clrxasm.all.err" || true
    awk -F: '$4 ~ /^ Error/ { print $2 }' "$work/clrxasm.all.err" | sort -un >"$work/clrxasm.rejected"
    clrx_rejected=$(wc -l <"$work/clrxasm.rejected")
    awk -v rej="$work/clrxasm.rejected" 'BEGIN { while ((getline l <rej) > 0) bad[l] = 1 } !(FNR in bad)' \
        "$work/clrx.all.s" >"$work/clrx.s"
    clrx_lines=$(wc -l <"$work/clrx.s")
    clrx_count=$clrx_lines
    "$gcnkit" asm -a gcn1.2 --syntax clrx --format bin -o "$work/clrx.gcnkit.bin" "$work/clrx.s" 2>/dev/null ||
        die "gcnkit asm fails on the clrx text without clrxasm's rejected lines"
fi

# The comparison is fair only if llvm-mc (and clrxasm) read the text as the same instructions.
check_note="llvm-mc's encodings not compared (CHECK=0 or no python3)"
if [ "$CHECK" != 0 ] && [ "$STREAM" = random ] && command -v python3 >/dev/null; then
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
elif [ "$CHECK" != 0 ] && [ "$STREAM" = kernels ]; then
    if [ -n "$LLVM_OBJCOPY" ]; then
        "${llvm_mc[@]}" -filetype=obj -o "$work/llvm-mc.o" "$work/llvm.s" 2>/dev/null || die "llvm-mc fails on llvm.s"
        "$LLVM_OBJCOPY" -O binary --only-section=.text "$work/llvm-mc.o" "$work/llvm-mc.bin"
        cmp -s "$work/llvm-mc.bin" "$work/llvm.gcnkit.bin" ||
            die "llvm-mc assembles the LLVM text to other bytes than gcnkit (KEEP=DIR keeps them)"
        check_note="llvm-mc -filetype=obj assembles the LLVM text to the same .text bytes"
    else
        check_note="llvm-mc's bytes not compared (no llvm-objcopy)"
    fi
fi
if [ -n "$clrxasm" ]; then
    "$clrxasm" -b rawcode -g "$MCPU" -o "$work/clrxasm.bin" "$work/clrx.s" 2>"$work/clrxasm.err" ||
        die "clrxasm fails on the clrx text (see $work/clrxasm.err; KEEP=DIR keeps it)"
    clrx_warn=$(grep -ci warning "$work/clrxasm.err" || true)
    if cmp -s "$work/clrxasm.bin" "$work/clrx.gcnkit.bin"; then
        clrx_check="clrxasm assembles the CLRX text to the same bytes as gcnkit ($clrx_warn warnings)"
    else
        ndiff=$(cmp -l "$work/clrxasm.bin" "$work/clrx.gcnkit.bin" 2>/dev/null |
            awk '{ w[int(($1 - 1) / 4)] = 1 } END { print length(w) }' || true)
        clrx_check="clrxasm's bytes DIFFER from gcnkit's: ${ndiff:-?} words, sizes $(wc -c <"$work/clrxasm.bin") / $(wc -c <"$work/clrx.gcnkit.bin") bytes ($clrx_warn warnings)"
        [ "$STREAM" = kernels ] && die "$clrx_check"
    fi
fi

# ---- measuring ---------------------------------------------------------------------------
# measure LABEL COUNT RUNS ERRFILE CMD... -> appends a row "label count secs rss_kb"
# (best time, max RSS).
rows=()
measure() {
    local label=$1 lines=$2 runs=$3 err=$4
    shift 4
    local best= peak=0 k=0 SECS CPU_SECS RSS_KB
    while read -r SECS CPU_SECS RSS_KB; do
        k=$((k + 1))
        echo "   $label run $k: ${SECS}s, $((RSS_KB / 1024)) MiB" >&2
        if [ -z "$best" ] || awk -v a="$SECS" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$SECS
        fi
        [ "$RSS_KB" -gt "$peak" ] && peak=$RSS_KB
    done < <(run_many "$err" "$runs" "$@")
    [ -n "$best" ] || die "no timing for $label"
    rows+=("$label $lines $best $peak")
}

echo "== timing ($pinned; best of $RUNS for gcnkit, $LLVM_RUNS for llvm-mc, $CLRX_RUNS for clrxasm)" >&2
err="$work/err.txt"
for fmt in words bin; do
    measure "gcnkit-clrx-$fmt" "$clrx_count" "$RUNS" "$err" \
        "$gcnkit" asm -a "$MCPU" --syntax clrx --format "$fmt" "$work/clrx.s"
done
# `-o FILE`: written to a temporary file as it is assembled, renamed at the end.
measure "gcnkit-clrx-file" "$clrx_count" "$RUNS" "$err" \
    "$gcnkit" asm -a "$MCPU" --syntax clrx --format bin -o "$work/out.bin" "$work/clrx.s"
if [ -n "$clrxasm" ]; then
    measure "clrxasm" "$clrx_count" "$CLRX_RUNS" "$work/clrxasm.err" \
        "$clrxasm" -b rawcode -g "$MCPU" -o "$work/clrxasm.out.bin" "$work/clrx.s"
fi
measure "gcnkit-auto-clrx-words" "$clrx_count" "$RUNS" "$err" \
    "$gcnkit" asm -a "$MCPU" --syntax auto --format words "$work/clrx.s"
for fmt in words bin; do
    measure "gcnkit-llvm-$fmt" "$llvm_count" "$RUNS" "$err" \
        "$gcnkit" asm -a "$MCPU" --syntax llvm --format "$fmt" "$work/llvm.s"
done
measure "gcnkit-llvm-file" "$llvm_count" "$RUNS" "$err" \
    "$gcnkit" asm -a "$MCPU" --syntax llvm --format bin -o "$work/out.bin" "$work/llvm.s"
measure "llvm-mc-show-enc" "$llvm_count" "$LLVM_RUNS" "$work/llvm-mc.err" \
    "${llvm_mc[@]}" -show-encoding "$work/llvm.s"
measure "llvm-mc-obj" "$llvm_count" "$LLVM_RUNS" "$work/llvm-mc.err" \
    "${llvm_mc[@]}" -filetype=obj -o - "$work/llvm.s"
for sl in "${scaled[@]}"; do
    read -r s l <<<"$sl"
    for fmt in words bin; do
        measure "gcnkit-clrx-$fmt-${s}x" "$l" "$RUNS" "$err" \
            "$gcnkit" asm -a "$MCPU" --syntax clrx --format "$fmt" "$work/clrx.x$s.s"
    done
    measure "gcnkit-clrx-file-${s}x" "$l" "$RUNS" "$err" \
        "$gcnkit" asm -a "$MCPU" --syntax clrx --format bin -o "$work/out.bin" "$work/clrx.x$s.s"
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
if [ "$STREAM" = random ]; then
    echo "gcn1.2 source from $N stream instructions, one per line; $pinned"
    echo "  clrx text: $clrx_lines lines, $(wc -c <"$work/clrx.s") bytes ($clrx_odd odd words dropped: gcnkit rejects, re-encodes or warns on their text;"
    echo "    $clrx_rejected lines clrxasm rejects dropped$([ -n "$clrxasm" ] || echo ": clrxasm not run"))"
    echo "  llvm text: $llvm_lines lines, $(wc -c <"$work/llvm.s") bytes ($llvm_long printed as .long, $llvm_odd odd, $llvm_rejected rejected by llvm-mc: dropped)"
else
    echo "kernels stream, $MCPU: $n_instr instructions, $n_kinst kernel instances ($n_copies copies of the 31"
    echo "  clang-14 kernels of crates/gcnkit/tests/data/kernels, no padding); $pinned"
    echo "  class mix: $class_mix"
    if [ "$MEM" = instr ]; then
        echo "  MEM=instr: the $n_data instructions of the memory classes (DS, MUBUF, FLAT/GLOBAL, SDWA) are"
        echo "  instructions in both texts, as every other class: every tool assembles the same words"
    elif [ "$MEM" = data ]; then
        echo "  MEM=data: the $n_data instructions of the memory classes (DS, MUBUF, FLAT/GLOBAL, SDWA) are"
        echo "  KEPT as data lines (.long in the LLVM text, .int in the CLRX text): every tool"
        echo "  assembles the same words; rates count all $n_instr stream instructions"
    else
        echo "  MEM=drop: the $n_data instructions of the memory classes (DS, MUBUF, FLAT/GLOBAL,"
        echo "  SDWA) are DROPPED from both texts; rates count the $n_instr stream instructions all the same"
    fi
    echo "  clrx text: $clrx_lines lines, $(wc -c <"$work/clrx.s") bytes: $clrx_ilines instructions, $clrx_data data lines, the rest labels (gcnkit's disassembly)"
    echo "  llvm text: $llvm_lines lines, $(wc -c <"$work/llvm.s") bytes: $llvm_ilines instructions (clang's lines), $llvm_data data lines, the rest labels;"
    echo "    $llvm_rej clang lines of the assembled classes that gcnkit does not assemble alone to their words (written as data)"
    echo "  $same_note"
fi
echo "  $check_note"
if [ -n "$clrxasm" ]; then
    echo "  $clrx_check"
    echo "$clrxasm_ver ($clrxasm -b rawcode -g $MCPU -o FILE) on the clrx text"
else
    echo "clrxasm: not run (set GCNKIT_CLRX_DIR to CLRX's programs directory)"
fi
echo "llvm-mc ${llvm_ver:-?} ($LLVM_MC -mcpu=$MCPU): -show-encoding writes the text with encodings; -filetype=obj -o - writes an ELF object (both to /dev/null)"
echo "$rss_note; outputs go to /dev/null (stdout: gcnkit holds the file's items until its end, so"
echo "  that nothing is written on error) or, for the -file rows, to a file with -o (streamed to a"
echo "  temporary file, renamed at the end); clrxasm writes a file"
echo
rate_of() { # LABEL -> rate of that row (empty if absent)
    local r label lines secs rss
    for r in "${rows[@]}"; do
        read -r label lines secs rss <<<"$r"
        [ "$label" = "$1" ] && awk -v n="$lines" -v s="$secs" 'BEGIN { print n / s }'
    done
    return 0
}
llvm_rate=$(rate_of llvm-mc-show-enc)
clrx_rate=
[ -n "$clrxasm" ] && clrx_rate=$(rate_of clrxasm)
printf '%-24s %10s %9s %12s %13s %14s %10s\n' tool "$unit" seconds "$unit/s" "peak RSS MiB" "x llvm-mc enc" "x clrxasm"
for r in "${rows[@]}"; do
    read -r label lines secs rss <<<"$r"
    awk -v l="$label" -v n="$lines" -v s="$secs" -v k="$rss" -v lr="$llvm_rate" -v cr="$clrx_rate" 'BEGIN {
        rate = n / s
        printf "%-24s %10d %9.3f %12.0f %13.1f %14.2f %10s\n", l, n, s, rate, k / 1024, rate / lr, (cr == "" ? "-" : sprintf("%.2f", rate / cr))
    }'
done
if [ -n "$clrx_rate" ]; then
    echo
    awk -v f="$(rate_of gcnkit-clrx-file)" -v b="$(rate_of gcnkit-clrx-bin)" -v cr="$clrx_rate" -v s="$STREAM" 'BEGIN {
        r = f / cr
        printf "target (%s stream): gcnkit asm (CLRX text, -o FILE) >= 2x clrxasm: %.2fx -> %s (bin to stdout: %.2fx)\n", s, r, (r >= 2 ? "MET" : "MISSED"), b / cr
    }'
fi

# RSS growth with the input: the slope between the 1x and the largest file, per format.
if [ "${#scaled[@]}" -gt 0 ]; then
    echo
    read -r smax lmax <<<"${scaled[-1]}"
    what=$([ "$unit" = instr ] && echo instruction || echo line)
    for fmt in words bin file; do
        r1= rn=
        for r in "${rows[@]}"; do
            read -r label lines secs rss <<<"$r"
            [ "$label" = "gcnkit-clrx-$fmt" ] && r1=$rss
            [ "$label" = "gcnkit-clrx-$fmt-${smax}x" ] && rn=$rss
        done
        awk -v f="$fmt" -v a="$r1" -v b="$rn" -v la="$clrx_count" -v lb="$lmax" -v s="$smax" -v w="$what" \
            -v ba="$(wc -c <"$work/clrx.s")" -v bb="$(wc -c <"$work/clrx.x$smax.s")" 'BEGIN {
            per = (b - a) * 1024 / (lb - la)
            printf "gcnkit %-5s peak RSS 1x -> %dx: %.1f -> %.1f MiB, %.0f bytes per extra %s (source: %.1f bytes per %s)\n",
                f, s, a / 1024, b / 1024, per, w, (bb - ba) / (lb - la), w
        }'
    done
fi
