# Shared by the benchmark scripts (sourced; needs `die` and `root`). CLRX's tools: when GCNKIT_CLRX_DIR is set,
# finds `$1` (clrxdisasm or clrxasm) in it, in its bin/ or in its programs/ (a CLRX build
# tree), and sets `clrx_tool` to its path and `clrx_ver` to its version; else `clrx_tool` is
# empty. A set GCNKIT_CLRX_DIR without the tool is an error (never a silent skip).
clrx_find() {
    clrx_tool= clrx_ver=
    [ -n "${GCNKIT_CLRX_DIR:-}" ] || return 0
    local d
    for d in "$GCNKIT_CLRX_DIR" "$GCNKIT_CLRX_DIR/bin" "$GCNKIT_CLRX_DIR/programs" "$GCNKIT_CLRX_DIR/build/programs"; do
        if [ -x "$d/$1" ]; then
            clrx_tool=$d/$1
            break
        fi
    done
    [ -n "$clrx_tool" ] || die "GCNKIT_CLRX_DIR=$GCNKIT_CLRX_DIR has no $1 (nor bin/$1, programs/$1, build/programs/$1)"
    clrx_ver=$("$clrx_tool" --version 2>&1 | head -n 1 || true)
}

# The stream's GPU from STREAM and MCPU (sets MCPU): fiji for the random stream, MCPU (default
# fiji) for the kernels stream, one of the GPUs the kernels corpus was compiled for. An LLVM
# processor name, which gcnkit's -a, clrxasm's and clrxdisasm's -g and llvm-mc's -mcpu all take.
stream_mcpu() {
    case $STREAM in
    random) MCPU=fiji ;;
    kernels)
        MCPU=${MCPU:-fiji}
        local have
        have=$(tail -n +2 "$root/crates/gcnkit/tests/data/kernels/kernels.tsv" | cut -f2 | sort -u | tr '\n' ' ')
        case " $have" in *" $MCPU "*) ;; *) die "MCPU=$MCPU: the kernels corpus has $have" ;; esac
        ;;
    *) die "STREAM=$STREAM: random or kernels" ;;
    esac
}
