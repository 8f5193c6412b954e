#!/usr/bin/env python3
"""Helpers: run llvm-mc (LLVM 14) on a single assembly line or a single instruction's bytes."""
import re, subprocess

LLVM_MC = '/usr/bin/llvm-mc'
ARCHS = ['tahiti', 'bonaire', 'fiji', 'gfx900']

def _words(enc):
    return ' '.join('%08x' % int.from_bytes(bytes(enc[k:k + 4]), 'little') for k in range(0, len(enc), 4))

def asm(cpu, line):
    """-> ('ok', printed, words) | ('err', message, '')  (warnings are appended to printed)"""
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-show-encoding'],
                       input=line + '\n', capture_output=True, text=True)
    errs = re.findall(r'<stdin>:\d+:\d+: (error|warning): (.*)', p.stderr)
    outs = []
    for l in p.stdout.splitlines():
        l = l.strip()
        if not l or l.startswith('.text'):
            continue
        m = re.match(r'(.*?)\s*;\s*encoding:\s*\[(.*)\]\s*$', l)
        if m:
            outs.append((m.group(1).strip(), [int(x, 16) for x in m.group(2).split(',')]))
        else:
            outs.append((l, []))
    if any(k == 'error' for k, _ in errs) or not outs:
        return ('err', '; '.join(m for k, m in errs if k == 'error') or p.stderr.strip()[:200], '')
    warn = ''.join(' [warning: %s]' % m for k, m in errs if k == 'warning')
    return ('ok', '; '.join(o[0] for o in outs) + warn, ' | '.join(_words(o[1]) for o in outs))

def dis(cpu, words):
    """words: list of 32-bit ints -> list of printed lines / warnings (in stream order approx)."""
    bs = []
    for w in words:
        bs += [(w >> (8 * i)) & 0xff for i in range(4)]
    src = ','.join('0x%02x' % b for b in bs) + '\n'
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-disassemble', '-show-encoding'],
                       input=src, capture_output=True, text=True)
    out = []
    for l in p.stdout.splitlines():
        l = l.strip()
        if not l or l.startswith('.text'):
            continue
        m = re.match(r'(.*?)\s*;\s*encoding:\s*\[(.*)\]\s*$', l)
        if m:
            enc = [int(x, 16) for x in m.group(2).split(',')]
            re_w = _words(enc)
            in_w = ' '.join('%08x' % w for w in words[:len(enc) // 4])
            out.append(m.group(1).strip() + ('' if re_w == in_w else '  {re-encodes as %s}' % re_w))
        else:
            out.append(l)
    nwarn = len(re.findall(r'warning: invalid instruction encoding', p.stderr))
    if nwarn:
        cols = [int(c) for c in re.findall(r'<stdin>:\d+:(\d+): warning', p.stderr)]
        out.insert(0, 'INVALID(%s)' % ','.join('word%d' % ((c - 1) // 20) for c in cols))
    return out
