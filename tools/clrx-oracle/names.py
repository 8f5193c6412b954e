#!/usr/bin/env python3
"""Which mnemonics clrxasm knows on each generation.

Every name the ISA table knows (`cargo run --example table_names`) is assembled alone by
clrxasm for one device of each generation; "Unknown instruction" means clrxasm does not know
the name there, any other message (missing operands) that it does.

Usage: GCNKIT_CLRX_DIR=.../build/programs tools/clrx-oracle/names.py > crates/gcnkit/tests/data/clrx-names.tsv
Output: name, then y/- for gcn1.0 (tahiti), gcn1.1 (hawaii), gcn1.2 (fiji), gcn1.4 (gfx900), gcn1.4.1 (gfx906).
"""
import os, subprocess, sys, tempfile

CLRX = os.path.join(os.environ['GCNKIT_CLRX_DIR'], 'clrxasm')
DEVICES = [('gcn1.0', 'tahiti'), ('gcn1.1', 'hawaii'), ('gcn1.2', 'fiji'), ('gcn1.4', 'gfx900'), ('gcn1.4.1', 'gfx906')]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def known(device, names):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, 'n.s')
        with open(src, 'w') as f:
            f.write('\n'.join(names) + '\n')
        p = subprocess.run([CLRX, '-b', 'rawcode', '-g', device, '-o', os.path.join(d, 'n.bin'), src],
                           capture_output=True, text=True)
    unknown = set()
    for line in p.stderr.splitlines():
        if 'Unknown instruction' in line:
            unknown.add(int(line.split(':')[1]) - 1)
    return [k not in unknown for k in range(len(names))]


def main():
    names = subprocess.run(['cargo', 'run', '-q', '--release', '-p', 'gcnkit', '--example', 'table_names'],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    cols = [known(dev, names) for _, dev in DEVICES]
    print('name\t' + '\t'.join(a for a, _ in DEVICES))
    for k, n in enumerate(names):
        print(n + '\t' + '\t'.join('y' if c[k] else '-' for c in cols))


if __name__ == '__main__':
    main()
