#!/usr/bin/env python3
"""Task 1: brute-force llvm-mc -disassemble over VOP2 (0..63), VOPC (0..255),
VOP3 (0..1023) opcodes for fiji and gfx900.

Operands: VOP2: vdst=v1 src0=v2 vsrc1=v3; VOPC: src0=v2 vsrc1=v3;
VOP3: vdst=v1 src0=v2 src1=v3 src2=v4, no modifiers (sdst field=0 for VOP3B).
LLVM rejects VOP3 words whose unused src1/src2 fields are non-zero, so each
VOP3 opcode is probed 3 ways: src0,src1,src2 set; src2=0; src1=src2=0 (0 = s0).

llvm-mc concatenates all input bytes into ONE byte stream (line breaks are not
instruction boundaries), and on an invalid word it warns (line:col on stderr)
and skips 4 bytes.  We therefore reconstruct the decode by walking the stream:
at byte offset p, either there is a warning at p (skip 4) or the next stdout
instruction consumes len(encoding) bytes.  If an instruction consumes more
bytes than its input line had (literal-taking ops like v_madmk_f32), we re-run
with a literal word (0x3f800000 = 1.0) appended to that input.
"""
import re, subprocess, sys

LLVM_MC = '/usr/bin/llvm-mc'
LIT = 0x3f800000

def words_vop2(op):  return [(op << 25) | (1 << 17) | (3 << 9) | 258]
def words_vopc(op):  return [(0x3e << 25) | (op << 17) | (3 << 9) | 258]
def words_vop3(op, nsrc=3):
    s1 = 259 if nsrc >= 2 else 0
    s2 = 260 if nsrc >= 3 else 0
    # VOPC-in-VOP3 (op<256): vdst is an SGPR pair; odd numbers are silently rounded
    # down by LLVM (s1 -> s[0:1]), so use 2 -> s[2:3]
    vdst = 2 if op < 256 else 1
    return [(0x34 << 26) | (op << 16) | vdst, 258 | (s1 << 9) | (s2 << 18)]

def to_bytes(ws):
    b = []
    for w in ws:
        b += [(w >> (8 * i)) & 0xff for i in range(4)]
    return b

def run(cpu, items):
    """items: list of (enc, op, words). returns list of (text, consumed_hexbytes, note) per item."""
    lines, starts, off = [], [], 0
    for _, _, ws in items:
        bs = to_bytes(ws)
        starts.append(off)
        off += len(bs)
        lines.append(','.join('0x%02x' % x for x in bs))
    src = '\n'.join(lines) + '\n'
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-disassemble', '-show-encoding'],
                       input=src, capture_output=True, text=True)
    # stdout instructions
    outs = []
    for l in p.stdout.splitlines():
        l = l.strip()
        if not l or l.startswith('.text'):
            continue
        m = re.match(r'(.*?)\s*;\s*encoding:\s*\[(.*)\]\s*$', l)
        if not m:
            # no encoding shown (should not happen) - keep text
            raise SystemExit('unparsed stdout line: %r' % l)
        enc = [int(x, 16) for x in m.group(2).split(',')]
        outs.append((m.group(1).strip(), enc))
    # stderr warnings -> byte offsets
    warn_offs = set()
    line_off = {}
    for i, st in enumerate(starts):
        line_off[i + 1] = st
    for m in re.finditer(r'<stdin>:(\d+):(\d+): warning: (.*)', p.stderr):
        ln, col = int(m.group(1)), int(m.group(2))
        # column -> byte index within line (each byte is '0x..' + ',' = 5 chars)
        bi = (col - 1) // 5
        warn_offs.add(line_off[ln] + bi)
        if 'invalid instruction encoding' not in m.group(3):
            print('other warning:', m.group(0), file=sys.stderr)
    other = [l for l in p.stderr.splitlines() if 'warning' not in l and not l.startswith('0x') and l.strip() != '^']
    if other:
        print('stderr extra:', other[:5], file=sys.stderr)
    # walk stream
    total = off
    events = {}  # offset -> (text, enc) or None(invalid)
    pos, oi = 0, 0
    allbytes = []
    for _, _, ws in items:
        allbytes += to_bytes(ws)
    while pos < total:
        if pos in warn_offs:
            events[pos] = None
            pos += 4
            continue
        if oi >= len(outs):
            raise SystemExit('ran out of outputs at %d' % pos)
        t, enc = outs[oi]; oi += 1
        events[pos] = (t, enc)
        pos += len(enc)
    assert oi == len(outs), (oi, len(outs))
    res = []
    for i, (e, op, ws) in enumerate(items):
        st, n = starts[i], 4 * len(ws)
        ev = events.get(st, 'MISSING')
        if ev == 'MISSING':
            res.append(('', None, 'misaligned'))
        elif ev is None:
            # invalid first word; check what happened to the rest of the line
            extra = [events.get(st + k) for k in range(4, n, 4)]
            note = 'invalid'
            if any(x for x in extra):
                note += ' (trailing word decoded separately as: %s)' % '; '.join(x[0] for x in extra if x)
            res.append(('', None, note))
        else:
            t, enc = ev
            note = ''
            if len(enc) > n:
                note = 'overrun:%d' % len(enc)
            elif len(enc) < n:
                note = 'short:%d' % len(enc)
            elif enc != to_bytes(ws):
                note = 'reencodes-as:' + ' '.join('%08x' % int.from_bytes(bytes(enc[k:k+4]), 'little') for k in range(0, len(enc), 4))
            res.append((t, enc, note))
    return res

def label(enc, op, cpu, text):
    if enc == 'VOP3':
        if 320 <= op < 448:
            return 'vop1-in-vop3'
        if op < 256:
            return 'vopc-in-vop3'
        if op < 320:
            return 'vop2-in-vop3'
        if cpu == 'gfx900' and op >= 896:
            return 'vop3p-space'
        if text.startswith('v_interp'):
            return 'vintrp-in-vop3'
        return 'vop3-only'
    return ''

def main():
    for cpu in sys.argv[1:] or ['fiji', 'gfx900']:
        items = [('VOP2', op, words_vop2(op)) for op in range(64)] + \
                [('VOPC', op, words_vopc(op)) for op in range(256)] + \
                [('VOP3', op, words_vop3(op, n)) for op in range(1024) for n in (3, 2, 1)]
        for it in range(5):
            res = run(cpu, items)
            fix = [i for i, r in enumerate(res) if r[2].startswith('overrun')]
            if not fix:
                break
            for i in fix:
                e, op, ws = items[i]
                items[i] = (e, op, ws + [LIT])
                print(cpu, 'adding literal to', e, op, res[i][0], file=sys.stderr)
        # raw: every probe (VOP3 has 3 probes per opcode: src0+src1+src2 / src2=0 / src1=src2=0)
        rows = []
        for (e, op, ws), (t, enc, note) in zip(items, res):
            nsrc = ''
            if e == 'VOP3':
                nsrc = '3' if (ws[1] >> 18) & 511 else ('2' if (ws[1] >> 9) & 511 else '1')
            rows.append((e, op, nsrc, ws, t, note))
        with open('disasm-%s-raw.tsv' % cpu, 'w') as f:
            f.write('encoding\topcode\tnsrc_set\twords\tllvm_text\tnote\n')
            for e, op, nsrc, ws, t, note in rows:
                f.write('\t'.join([e, str(op), nsrc, ' '.join('%08x' % w for w in ws), t, note]) + '\n')
        # main: one row per opcode; VOP3 = first probe that decodes (3 srcs, else 2, else 1)
        with open('disasm-%s.tsv' % cpu, 'w') as f:
            f.write('encoding\topcode\twords\tllvm_text\tkind\tvalid_probes\tnote\n')
            i = 0
            while i < len(rows):
                e, op = rows[i][0], rows[i][1]
                grp = [r for r in rows[i:i + 3] if r[0] == e and r[1] == op] if e == 'VOP3' else [rows[i]]
                i += len(grp)
                ok = [r for r in grp if r[4]]
                best = ok[0] if ok else grp[0]
                vp = ','.join('nsrc' + r[2] for r in ok) if e == 'VOP3' else ''
                kind = label(e, op, cpu, best[4]) if best[4] else ''
                if e == 'VOP2' and op in (62, 63):
                    kind = 'not-vop2 (%s prefix)' % ('VOPC' if op == 62 else 'VOP1')
                f.write('\t'.join([e, str(op), ' '.join('%08x' % w for w in best[3]), best[4], kind, vp, best[5]]) + '\n')
        nvalid = sum(1 for r in res if r[0])
        print(cpu, 'valid', nvalid, 'of', len(res), file=sys.stderr)

if __name__ == '__main__':
    main()
