# CLRX's tools for the benchmark scripts (sourced; needs `die`): when GCNKIT_CLRX_DIR is set,
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

# The CLRX GPU name (-g) for an LLVM MCPU name of the kernels corpus.
clrx_gpu() {
    case $1 in
    tahiti) echo tahiti ;;
    bonaire) echo bonaire ;;
    fiji) echo fiji ;;
    gfx900) echo gfx900 ;;
    *) echo "$1" ;;
    esac
}

# gcnkit's arch for an MCPU name of the kernels corpus.
gcnkit_arch() {
    case $1 in
    tahiti) echo gcn1.0 ;;
    bonaire) echo gcn1.1 ;;
    fiji) echo gcn1.2 ;;
    gfx900) echo gcn1.4 ;;
    *) die "MCPU=$1: the kernels corpus has tahiti, bonaire, fiji, gfx900" ;;
    esac
}
