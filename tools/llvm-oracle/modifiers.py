#!/usr/bin/env python3
"""Modifier acceptance matrix.
(a) assembler, all 4 archs: for every (arch, mnemonic) in opcodes.tsv that has a VOP3 form, try
    the canonical e64 operands with one modifier added: -src0, |src0|, -src1, |src1|, -src2, |src2|,
    sext(src0), sext(src1), clamp, mul:2, div:2 (and op_sel:[1,0,..] on gfx900).  -> modifiers-asm.tsv
    cell = 'Y' (accepted, printed identically), 'Y:<printed operands>' if printed differently, '-' rejected,
    '' if that source does not exist.
(b) disassembler, fiji/gfx900: for every VOP3 opcode that decodes in disasm-<cpu>.tsv, set one bit
    (neg0 bit61, abs0 bit8, neg1 bit62, abs1 bit9, clamp bit15, omod=1 bit59, bit11 (op_sel0 on gfx9))
    and record whether it still decodes and what is printed.  -> modifiers-dis-<cpu>.tsv
"""
import csv, os, re, subprocess, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
LLVM_MC = '/usr/bin/llvm-mc'

def split_ops(s):
    return [x.strip() for x in s.split(',')] if s else []

def run_lines(cpu, lines):
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-show-encoding'],
                       input='\n'.join(lines) + '\n', capture_output=True, text=True)
    bad = set(int(m.group(1)) for m in re.finditer(r'^<stdin>:(\d+):\d+: error:', p.stderr, re.M))
    outs = [l.strip() for l in p.stdout.splitlines() if l.strip() and not l.strip().startswith('.text')]
    good = [i for i in range(1, len(lines) + 1) if i not in bad]
    assert len(good) == len(outs), (cpu, len(good), len(outs))
    res = {}
    for i, o in zip(good, outs):
        res[i] = re.sub(r'\s*;\s*encoding:.*$', '', o)
    return res

MODS = ['neg0', 'abs0', 'neg1', 'abs1', 'neg2', 'abs2', 'sext0', 'sext1', 'clamp', 'mul:2', 'div:2', 'op_sel']

def asm_matrix():
    rows = list(csv.DictReader(open(os.path.join(HERE, 'opcodes.tsv')), delimiter='\t'))
    raw = list(csv.DictReader(open(os.path.join(HERE, 'opcodes-raw.tsv')), delimiter='\t'))
    out = open(os.path.join(HERE, 'modifiers-asm.tsv'), 'w')
    out.write('arch\tmnemonic\tenc\tbase_e64\t' + '\t'.join(MODS) + '\n')
    for cpu in ('tahiti', 'bonaire', 'fiji', 'gfx900'):
        lines, meta = [], []
        for r in rows:
            if r['arch'] != cpu or not r['e64_operands']:
                continue
            n = r['llvm_mnemonic']
            sufs = [x['suffix'] for x in raw if x['arch'] == cpu and x['mnemonic'] == n and x['enc'] == 'VOP3']
            suf = '_e64' if '_e64' in sufs else ''
            ops = split_ops(r['e64_operands'])
            ndst = 2 if r['enc'] == 'VOP3B' or (r['enc'] == 'VOP2' and 'e64=VOP3B' in r['notes']) else 1
            srcs = list(range(ndst, len(ops)))
            base = '%s%s %s' % (n, suf, ', '.join(ops))
            variants = {}
            for m in MODS:
                o = list(ops)
                tail = ''
                if m[:-1] in ('neg', 'abs', 'sext'):
                    k = int(m[-1])
                    if k >= len(srcs):
                        continue
                    j = srcs[k]
                    if not re.match(r'^[vs]', o[j]):   # immediate (e.g. lane select): '-3' would be a constant
                        continue
                    o[j] = {'neg': '-%s', 'abs': '|%s|', 'sext': 'sext(%s)'}[m[:-1]] % o[j]
                elif m == 'op_sel':
                    if cpu != 'gfx900':
                        continue
                    tail = ' op_sel:[%s]' % ','.join(['1'] + ['0'] * len(srcs))
                else:
                    tail = ' ' + m
                variants[m] = '%s%s %s%s' % (n, suf, ', '.join(o), tail)
            lines.append(base); meta.append((r, 'base', base))
            for m, l in variants.items():
                lines.append(l); meta.append((r, m, l))
        res = run_lines(cpu, lines)
        table = {}
        for i, (r, m, l) in enumerate(meta, 1):
            table.setdefault((r['llvm_mnemonic'], r['enc']), {})[m] = (l, res.get(i))
        for (n, enc), d in table.items():
            b = d['base'][1]
            cells = []
            for m in MODS:
                if m not in d:
                    cells.append('')
                    continue
                l, p = d[m]
                if p is None:
                    cells.append('-')
                else:
                    # compare printed operands with input operands (after mnemonic)
                    pin = l.split(None, 1)[1]
                    pout = p.split(None, 1)[1] if ' ' in p else ''
                    cells.append('Y' if pin == pout else 'Y:' + pout)
            out.write('\t'.join([cpu, n, enc, 'ok' if b else 'BASE-REJECTED'] + cells) + '\n')
    out.close()

def dis_matrix():
    from probe_lib import dis
    BITS = [('neg0', 1, 1 << 29), ('abs0', 0, 1 << 8), ('neg1', 1, 1 << 30), ('abs1', 0, 1 << 9),
            ('clamp', 0, 1 << 15), ('omod1', 1, 1 << 27), ('bit11', 0, 1 << 11)]
    for cpu in ('fiji', 'gfx900'):
        probes = []
        for r in csv.DictReader(open(os.path.join(HERE, 'disasm-%s.tsv' % cpu)), delimiter='\t'):
            if r['encoding'] != 'VOP3' or not r['llvm_text'] or r['kind'] in ('vop3p-space',):
                continue
            ws = [int(x, 16) for x in r['words'].split()]
            probes.append((int(r['opcode']), r['llvm_text'], ws))
        # batch: one llvm-mc call per modifier (stream approach, all 8-byte VOP3 words)
        results = {}
        for name, wi, bit in BITS:
            items = []
            for op, t, ws in probes:
                w = list(ws); w[wi] |= bit
                items.append(w)
            texts = batch_dis(cpu, items)
            for (op, t, ws), tx in zip(probes, texts):
                results.setdefault(op, {})[name] = tx
        with open(os.path.join(HERE, 'modifiers-dis-%s.tsv' % cpu), 'w') as f:
            f.write('opcode\tbase_text\t' + '\t'.join(b[0] for b in BITS) + '\n')
            for op, t, ws in probes:
                f.write('\t'.join([str(op), t] + [results[op][b[0]] for b in BITS]) + '\n')

def batch_dis(cpu, items):
    """items: list of word lists (all the same length 2, no literal). Returns printed text or 'INVALID' per item."""
    bs_lines, starts, off = [], [], 0
    for ws in items:
        bs = []
        for w in ws:
            bs += [(w >> (8 * i)) & 0xff for i in range(4)]
        starts.append(off); off += len(bs)
        bs_lines.append(','.join('0x%02x' % b for b in bs))
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-disassemble', '-show-encoding'],
                       input='\n'.join(bs_lines) + '\n', capture_output=True, text=True)
    outs = []
    for l in p.stdout.splitlines():
        l = l.strip()
        if not l or l.startswith('.text'):
            continue
        m = re.match(r'(.*?)\s*;\s*encoding:\s*\[(.*)\]\s*$', l)
        outs.append((m.group(1).strip(), len(m.group(2).split(','))))
    warn = set()
    for m in re.finditer(r'<stdin>:(\d+):(\d+): warning: invalid instruction encoding', p.stderr):
        warn.add(starts[int(m.group(1)) - 1] + (int(m.group(2)) - 1) // 5)
    ev, pos, oi = {}, 0, 0
    while pos < off:
        if pos in warn:
            ev[pos] = None; pos += 4; continue
        t, n = outs[oi]; oi += 1
        ev[pos] = t; pos += n
    res = []
    for st in starts:
        e = ev.get(st, 'MISALIGNED')
        res.append('INVALID' if e is None else e)
    return res

if __name__ == '__main__':
    asm_matrix()
    dis_matrix()
