#!/usr/bin/env bash
# Builds the Python package gcnkit (crates/gcnkit-py) into a virtual environment and runs its
# tests: the Rust unit tests of the glue (cargo test -p gcnkit-py) and the pytest suite.
#
#   bash crates/gcnkit-py/test.sh [pytest arguments...]
#
# Works from any directory. Needs Python >= 3.9 with venv and pip (PYTHON picks the
# interpreter; default python3), cargo, and PyPI for maturin and pytest. The virtual
# environment is $CARGO_TARGET_DIR/py-venv (default: target/py-venv at the workspace root),
# kept between runs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
    case "$CARGO_TARGET_DIR" in /*) ;; *) CARGO_TARGET_DIR="$PWD/$CARGO_TARGET_DIR" ;; esac
    export CARGO_TARGET_DIR
fi
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/py-venv"
python="${PYTHON:-python3}"

cd "$root"

# The Rust side of the glue, on the ordinary (non-extension) build.
cargo test -q -p gcnkit-py

if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
    rm -rf "$venv"
    mkdir -p "$target"
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check 'maturin>=1.7,<2' pytest numpy mypy

# maturin develop builds the extension (the release profile, but unwinding: pyproject.toml's
# `profile`) and installs it into the active virtual environment.
VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" \
    "$venv/bin/maturin" develop --profile release-unwind -q -m "$here/Cargo.toml"

cd "$here"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" tests
