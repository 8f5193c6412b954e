#!/usr/bin/env python3
"""Task 2: VOP2/VOPC/VOP3 mnemonic -> opcode table for tahiti, bonaire, fiji, gfx900
by *assembling* candidate mnemonics with llvm-mc -show-encoding (one llvm-mc call
per arch).  Candidates = mnemonics seen in disasm-{fiji,gfx900}.tsv (minus VOP1,
VOP3P, VINTRP) + SI/CI-specific names + v_cmps/v_cmpsx families.
Every candidate is tried with suffix '', '_e32', '_e64' and a list of operand
templates; the first template that assembles wins (per mnemonic+suffix).
Outputs:
  opcodes.tsv      one row per (arch, mnemonic)
  opcodes-raw.tsv  every successful (arch, mnemonic, suffix) with input/printed text/encoding
"""
import re, subprocess, sys, os, csv

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM_MC = '/usr/bin/llvm-mc'
ARCHS = ['tahiti', 'bonaire', 'fiji', 'gfx900']

SI_EXTRA = '''v_readlane_b32 v_writelane_b32 v_mac_legacy_f32 v_min_legacy_f32 v_max_legacy_f32
v_lshr_b32 v_ashr_i32 v_lshl_b32 v_lshrrev_b32 v_ashrrev_i32 v_lshlrev_b32 v_bfm_b32 v_bcnt_u32_b32
v_mbcnt_lo_u32_b32 v_mbcnt_hi_u32_b32 v_add_i32 v_sub_i32 v_subrev_i32 v_ldexp_f32
v_cvt_pkaccum_u8_f32 v_cvt_pknorm_i16_f32 v_cvt_pknorm_u16_f32 v_cvt_pkrtz_f16_f32
v_cvt_pk_u16_u32 v_cvt_pk_i16_i32 v_mullit_f32 v_lshl_b64 v_lshr_b64 v_ashr_i64 v_mul_lo_i32
v_qsad_pk_u16_u8 v_mqsad_pk_u16_u8 v_mqsad_u32_u8 v_mad_u64_u32 v_mad_i64_i32
v_cmp_class_f32 v_cmp_class_f64 v_cmpx_class_f32 v_cmpx_class_f64 v_mac_f32 v_madmk_f32 v_madak_f32
v_addc_u32 v_subb_u32 v_subbrev_u32 v_qsad_u8 v_mqsad_u8 v_trig_preop_f64 v_fma_legacy_f32'''.split()
CONDS_F = 'f lt eq le gt lg ge o u nge nlg ngt nle neq nlt tru'.split()
CONDS_I = 'f lt eq le gt ne ge t'.split()

def candidates():
    names = set(SI_EXTRA)
    for c in CONDS_F:
        for t in ('f32', 'f64'):
            for p in ('v_cmps_', 'v_cmpsx_', 'v_cmp_', 'v_cmpx_'):
                names.add(p + c + '_' + t)
    for c in CONDS_I:
        for t in ('i32', 'i64', 'u32', 'u64'):
            for p in ('v_cmp_', 'v_cmpx_'):
                names.add(p + c + '_' + t)
    for cpu in ('fiji', 'gfx900'):
        with open(os.path.join(HERE, 'disasm-%s.tsv' % cpu)) as f:
            for row in csv.DictReader(f, delimiter='\t'):
                t, k = row['llvm_text'], row['kind']
                if not t or k in ('vop1-in-vop3', 'vop3p-space', 'vintrp-in-vop3') or k.startswith('not-vop2'):
                    continue
                m = t.split()[0]
                names.add(re.sub(r'_e(32|64)$', '', m))
    return sorted(names)

VOPC_T = ['vcc, v2, v3', 'vcc, v[2:3], v[4:5]', 'vcc, v[2:3], v4',
          's[2:3], v2, v3', 's[2:3], v[2:3], v[4:5]', 's[2:3], v[2:3], v4']
GEN_T = ['v1, v2, v3', 'v1, v2, v3, v4',
         'v1, vcc, v2, v3', 'v1, vcc, v2, v3, vcc', 'v1, v2, v3, vcc',
         'v1, s[0:1], v2, v3', 'v1, s[0:1], v2, v3, s[4:5]', 'v1, v2, v3, s[4:5]',
         'v[1:2], v[2:3], v[4:5]', 'v[1:2], v[2:3], v4', 'v[1:2], v2, v[4:5]',
         'v[1:2], v[2:3], v[4:5], v[6:7]',
         'v1, s[0:1], v2, v3, v4', 'v[1:2], s[0:1], v[2:3], v[4:5], v[6:7]',
         'v[10:11], v[2:3], v4, v[6:7]', 'v[10:13], v[2:3], v4, v[6:9]',  # early-clobber: dst must not overlap srcs
         'v[10:11], s[0:1], v2, v3, v[4:5]',
         's1, v2, s3', 'v1, s2, 3',
         'v1, v2, 0x3f800000, v3', 'v1, v2, v3, 0x3f800000', 'v1, v2, 0x3c00, v3', 'v1, v2, v3, 0x3c00',
         'v1, v[2:3], v4', 'v1, v2, v[4:5]']

def templates(name):
    return VOPC_T if name.startswith('v_cmp') else GEN_T

def run(cpu, lines):
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-show-encoding'],
                       input='\n'.join(lines) + '\n', capture_output=True, text=True)
    bad = set(int(m.group(1)) for m in re.finditer(r'^<stdin>:(\d+):\d+: error:', p.stderr, re.M))
    outs = []
    for l in p.stdout.splitlines():
        l = l.strip()
        if not l or l.startswith('.text'):
            continue
        m = re.match(r'(.*?)\s*;\s*encoding:\s*\[(.*)\]\s*$', l)
        assert m, l
        outs.append((m.group(1).strip(), [int(x, 16) for x in m.group(2).split(',')]))
    good = [i for i in range(1, len(lines) + 1) if i not in bad]
    assert len(good) == len(outs), (cpu, len(good), len(outs))
    return dict(zip(good, outs))

def words(enc):
    return [int.from_bytes(bytes(enc[k:k + 4]), 'little') for k in range(0, len(enc), 4)]

def classify(cpu, enc):
    w = words(enc)[0]
    if (w >> 25) == 0x3e:
        return 'VOPC', (w >> 17) & 0xff
    if (w >> 25) == 0x3f:
        return 'VOP1', (w >> 9) & 0xff
    if (w >> 31) == 0:
        return 'VOP2', (w >> 25) & 0x3f
    if (w >> 26) == 0x34:
        if cpu in ('tahiti', 'bonaire'):
            return 'VOP3', (w >> 17) & 0x1ff
        return 'VOP3', (w >> 16) & 0x3ff
    return 'other:%08x' % w, None

def is_vop3b(text):
    ops = [o.strip() for o in text.split(None, 1)[1].split(',')] if ' ' in text else []
    return len(ops) >= 2 and ops[0].startswith('v') and re.match(r'^(s\[|vcc$|vcc_|ttmp|exec|flat)', ops[1])

def main():
    names = candidates()
    raw = open(os.path.join(HERE, 'opcodes-raw.tsv'), 'w')
    raw.write('arch\tmnemonic\tsuffix\tinput\tprinted\tencoding_words\tenc\topcode\n')
    out = open(os.path.join(HERE, 'opcodes.tsv'), 'w')
    out.write('arch\tllvm_mnemonic\tenc\tnative_opcode\tvop3_opcode\te32_operands\te64_operands\tbare_mnemonic_gives\tnotes\n')
    for cpu in ARCHS:
        lines, keys = [], []
        for n in names:
            for suf in ('', '_e32', '_e64'):
                ts = templates(n)
                if suf == '_e64':   # prefer explicit SGPR-pair sdst/carry operands for e64
                    ts = [t for t in ts if 'vcc' not in t] + [t for t in ts if 'vcc' in t]
                for t in ts:
                    lines.append('%s%s %s' % (n, suf, t))
                    keys.append((n, suf, t))
        res = run(cpu, lines)
        first = {}
        for i, k in enumerate(keys, 1):
            if i in res and (k[0], k[1]) not in first:
                first[(k[0], k[1])] = (k[2], res[i])
        for n in names:
            info = {}
            for suf in ('', '_e32', '_e64'):
                if (n, suf) not in first:
                    continue
                t, (txt, enc) = first[(n, suf)]
                e, op = classify(cpu, enc)
                info[suf] = (t, txt, enc, e, op)
                raw.write('\t'.join([cpu, n, suf or '(none)', '%s%s %s' % (n, suf, t), txt,
                                     ' '.join('%08x' % w for w in words(enc)), e, str(op)]) + '\n')
            if not info:
                continue
            # the printed mnemonic (LLVM may canonicalise aliases, e.g. v_add_i32 -> ?)
            def opnds(txt):
                return txt.split(None, 1)[1] if ' ' in txt else ''
            notes = []
            printed = set(re.sub(r'_e(32|64)$', '', v[1].split()[0]) for v in info.values())
            if printed != {n}:
                notes.append('prints-as:' + '/'.join(sorted(printed)))
            e32 = e64 = None
            for suf in ('_e32', '', '_e64'):
                v = info.get(suf)
                if v and v[3] in ('VOP2', 'VOPC'):
                    e32 = e32 or v
            for suf in ('_e64', '', '_e32'):
                v = info.get(suf)
                if v and v[3] == 'VOP3':
                    e64 = e64 or v
            native_enc = e32[3] if e32 else None
            if e64:
                kind3 = 'VOP3B' if is_vop3b(e64[1]) else 'VOP3A'
            enc_col = native_enc if native_enc else (kind3 if e64 else '?')
            if native_enc is None and e64 and native_enc is None:
                enc_col = kind3
            native = e32[4] if e32 else (e64[4] if e64 else '')
            vop3op = e64[4] if e64 else ''
            if e32 and e64 and native_enc == 'VOP2' and kind3 == 'VOP3B':
                notes.append('e64=VOP3B')
            if e32 and len(e32[2]) > 4:
                notes.append('e32 has literal')
            bare = info.get('')
            bare_s = ''
            if bare:
                bare_s = bare[3] + (':' + bare[1].split()[0])
            # which explicit suffixes were accepted
            acc = [s or '(none)' for s in ('', '_e32', '_e64') if s in info]
            notes.append('accepts:' + ','.join(acc))
            if '_e32' in info and info['_e32'][3] == 'VOP3':
                notes.append('_e32-suffix-gives-VOP3')
            if '_e64' in info and info['_e64'][3] != 'VOP3':
                notes.append('_e64-suffix-gives-' + info['_e64'][3])
            out.write('\t'.join([cpu, n, enc_col, str(native), str(vop3op),
                                 opnds(e32[1]) if e32 else '', opnds(e64[1]) if e64 else '',
                                 bare_s, ' '.join(notes)]) + '\n')
        print(cpu, 'mnemonics found:', sum(1 for n in names if any((n, s) in first for s in ('', '_e32', '_e64'))), file=sys.stderr)
    raw.close(); out.close()

if __name__ == '__main__':
    main()

def crosscheck():
    """fiji/gfx900: compare assembled opcodes with disassembler brute force."""
    rows = list(csv.DictReader(open(os.path.join(HERE, 'opcodes.tsv')), delimiter='\t'))
    rawrows = list(csv.DictReader(open(os.path.join(HERE, 'opcodes-raw.tsv')), delimiter='\t'))
    lines = []
    for cpu in ('fiji', 'gfx900'):
        dis = {}
        for r in csv.DictReader(open(os.path.join(HERE, 'disasm-%s.tsv' % cpu)), delimiter='\t'):
            if r['llvm_text']:
                enc = 'VOP3' if r['encoding'] == 'VOP3' else r['encoding']
                dis[(enc, int(r['opcode']))] = r['llvm_text'].split()[0]
        seen = set()
        for r in rawrows:
            if r['arch'] != cpu:
                continue
            key = (r['enc'], int(r['opcode']))
            seen.add(key)
            pm = r['printed'].split()[0]
            d = dis.get(key)
            if d is None:
                lines.append('%s: %s (%s) assembles to %s %s but disassembler rejects those words with our probe operands' % (cpu, r['input'], pm, *key))
            elif d != pm:
                lines.append('%s: %s prints %s but disasm of %s %d prints %s' % (cpu, r['input'], pm, key[0], key[1], d))
        for key, d in sorted(dis.items()):
            if key not in seen and key[0] in ('VOP2', 'VOPC', 'VOP3') and not (
                    key[0] == 'VOP2' and key[1] >= 62) and not (key[0] == 'VOP3' and (320 <= key[1] < 448 or key[1] >= 896)) \
                    and not d.startswith('v_interp'):
                lines.append('%s: disasm-only %s %d -> %s (not produced by any assembled candidate)' % (cpu, key[0], key[1], d))
    open(os.path.join(HERE, 'crosscheck.txt'), 'w').write('\n'.join(lines) + '\n')
    print('crosscheck lines:', len(lines), file=sys.stderr)

if __name__ == '__main__':
    crosscheck()
