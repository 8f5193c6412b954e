#!/usr/bin/env python3
"""Oracle data for gcnkit's syntax::special (s_waitcnt counters, hwreg(), sendmsg(), gpr_idx()).

Writes two files into crates/gcnkit/tests/data/ (or the directory given as the only argument):

special-print.tsv  One row per (kind, SIMM16 value) of a sample: the operand text clrxdisasm prints
                   on each arch, the text llvm-mc -disassemble prints on fiji and gfx900 (llvm-mc 14
                   cannot disassemble SI/CI), and whether each text reads back to the same value with
                   the same tool's assembler (clrxasm without warnings / llvm-mc).
special-parse.tsv  One row per (kind, operand text) of spellings: what clrxasm and llvm-mc make of the
                   text on each arch: a value, a rejection, or (clrxasm) a value with a warning.

Format: tab-separated, header row first; a cell `"` repeats the cell to its left. Values are 4
hex digits; readback is y/n per column (clrx gcn1.0..gcn1.4, llvm gcn1.2, gcn1.4); in the parse
file `!` is a rejection, `~VALUE` a value clrxasm took with a warning, `-` not applicable (no
s_set_gpr_idx_* on SI/CI). Operands are assembled as `s_waitcnt X`, `s_getreg_b32 s1, X`,
`s_sendmsg X`, `s_set_gpr_idx_mode X`. Spellings may use the symbols of probe.py (three=3, big=100,
minus=-1 defined before every line, later=2 only after them), and expressions: gcnkit's tests read
them with a small expression reader of their own.

Usage: GCNKIT_CLRX_DIR=/root/.cache/clrx/build/programs tools/special-oracle/gen.py [OUTDIR]
       tools/special-oracle/gen.py --full FILE   (every 16-bit value, not committed: see
       GCNKIT_SPECIAL_FULL in crates/gcnkit/tests/special.rs)
(llvm-mc 14 on PATH, or LLVM_MC=...). Deterministic: the random samples use a fixed seed.
"""
import os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe import ARCHS, clrx_asm, clrx_disasm, llvm_asm, llvm_disasm  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VI = ('gcn1.2', 'gcn1.4')
KINDS = ('waitcnt', 'hwreg', 'sendmsg', 'gpr_idx')


def is_vi(arch):
    return arch in VI


def instr(kind, arch, operand):
    """One instruction line that carries `operand` as its special operand."""
    return {'waitcnt': 's_waitcnt ', 'hwreg': 's_getreg_b32 s1, ', 'sendmsg': 's_sendmsg ',
            'gpr_idx': 's_set_gpr_idx_mode '}[kind] + operand


def word(kind, arch, v):
    return {'waitcnt': 0xbf8c0000, 'sendmsg': 0xbf900000, 'gpr_idx': 0xbf9d0000,
            'hwreg': 0xb8810000 if is_vi(arch) else 0xb9010000}[kind] | v


def operand(kind, text):
    """The special operand of a disassembled line (drops s_getreg_b32's `s1, `)."""
    return text[4:] if kind == 'hwreg' else text


def applies(kind, arch):
    return kind != 'gpr_idx' or is_vi(arch)


# ---------------------------------------------------------------- print samples

def sample_values(kind, rng):
    vs = set()
    if kind == 'waitcnt':
        for vm in (0, 1, 9, 14, 15):
            for e in (0, 6, 7):
                for lg in (0, 7, 14, 15):
                    lo = vm | e << 4 | lg << 8
                    for hi in (0, 0x4000, 0x8000, 0xc000):
                        vs.add(lo | hi)
                    for extra in (0x80, 0x1000, 0x2000, 0x3000, 0xb080):
                        if rng.random() < 0.3:
                            vs.add(lo | extra)
        vs |= {0xf7f, 0xcf7f, 0xff7f, 0xffff, 0x3f7f, 0x4f7f, 0x8f7f, 0x0fff, 0xf0ff, 0x0f80, 0x1f7f, 0x2f7f}
        vs |= {rng.randrange(0x10000) for _ in range(150)}
    elif kind == 'hwreg':
        for rid in range(64):
            for off, size in ((0, 1), (0, 32), (0, 4), (31, 1), (31, 32), (7, 9)):
                vs.add(rid | off << 6 | (size - 1) << 11)
        vs |= {rng.randrange(0x10000) for _ in range(100)}
    elif kind == 'sendmsg':
        vs |= set(range(0x400))
        vs |= {rng.randrange(0x10000) for _ in range(120)}
        vs |= {0x400, 0x8000, 0xfc00, 0xffff, 0x401, 0x8012, 0x4f, 0x7f}
    elif kind == 'gpr_idx':
        vs |= set(range(0x40))
        vs |= {rng.randrange(0x10000) for _ in range(40)}
        vs |= {0x100, 0x8000, 0xffff, 0x10f, 0xfff0}
    return sorted(vs)


def print_rows(full=False):
    rng = random.Random(20240607)
    rows = []
    for kind in KINDS:
        vals = list(range(0x10000)) if full else sample_values(kind, rng)
        clrx, llvm, rt = {}, {}, {}
        for a in ARCHS:
            if not applies(kind, a):
                continue
            words = [word(kind, a, v) for v in vals]
            clrx[a] = [operand(kind, t) for _, t in clrx_disasm(a, words)]
            back = clrx_asm(a, [instr(kind, a, t) for t in clrx[a]])
            rt[('c', a)] = [st == 'ok' and (w & 0xffff) == v for (st, w, _), v in zip(back, vals)]
            if is_vi(a):
                llvm[a] = [operand(kind, t) for _, t in llvm_disasm(a, words)]
                back = llvm_asm(a, [instr(kind, a, t) for t in llvm[a]])
                rt[('l', a)] = [st == 'ok' and (w & 0xffff) == v for (st, w, _), v in zip(back, vals)]
        for k, v in enumerate(vals):
            cols = [clrx[a][k] if a in clrx else '-' for a in ARCHS]
            cols += [llvm[a][k] if a in llvm else '-' for a in VI]
            flags = ''.join(('y' if rt[(d, a)][k] else 'n') if (d, a) in rt else '-'
                            for d, archs in (('c', ARCHS), ('l', VI)) for a in archs)
            rows.append([kind, '%04x' % v] + cols + [flags])
    return rows


# ---------------------------------------------------------------- parse spellings

def waitcnt_spellings():
    out = []
    names = ['vmcnt', 'expcnt', 'lgkmcnt']
    for n in names:
        for spell in (n, n.upper(), n.capitalize(), n + '_sat', n.upper() + '_SAT', n + 'x'):
            for val in ('0', '1', '6', '7', '8', '14', '15', '16', '31', '62', '63', '64', '-1', '0x3',
                        '0X3', '010', '0b11', '08', '4294967296', '100000000000000000000'):
                if spell == n or val in ('1', '15', '16', '63', '64', '-1'):
                    out.append('%s(%s)' % (spell, val))
        out += ['%s (1)' % n, '%s( 1 )' % n, '%s(1' % n, '%s()' % n, '%s' % n, '%s(1))' % n,
                '%s(1.0)' % n, '%s(x)' % n, '%s(+1)' % n]
    pairs = [('vmcnt(1)', 'expcnt(2)'), ('lgkmcnt(3)', 'vmcnt(0)'), ('expcnt(0)', 'lgkmcnt(15)')]
    for a, b in pairs:
        for sep in (' ', ' & ', '&', ' &', '& ', ', ', ',', ' , ', '', ' && ', ' | ', ',&', ' : '):
            out.append(a + sep + b)
        out += [a + ' &', a + ',', '& ' + a, ', ' + a, a + ' 5', a + ' :0x1234']
    for order in (('vmcnt(1)', 'expcnt(2)', 'lgkmcnt(3)'), ('lgkmcnt(3)', 'expcnt(2)', 'vmcnt(1)')):
        for sep in (' ', ' & ', ', ', ',', '&'):
            out.append(sep.join(order))
    out += ['vmcnt(1) & expcnt(2), lgkmcnt(3)', 'VMCNT(1) & ExpCnt(2) & LGKMcnt(3)',
            'vmcnt(0) & expcnt(0) & lgkmcnt(0)', 'vmcnt(15) & expcnt(7) & lgkmcnt(15)',
            'vmcnt(63) & expcnt(7) & lgkmcnt(15)', 'vmcnt(0) expcnt(0) lgkmcnt(0)',
            'vmcnt(1) vmcnt(2)', 'vmcnt(1) & VMCNT(2)', 'expcnt(1) expcnt(1)', 'vmcnt(1) vmcnt_sat(2)',
            '', '0', '0xf7f', '65535', '-1', 'foo(1)', 'foo', '(1)', 'vmcnt(1) foo(2)', 'vmcnt(1)foo',
            'vmcnt(1)lgkmcnt(2)', 'vmcnt_sat(100) expcnt_sat(100) lgkmcnt_sat(100)', '@vmcnt(1)']
    return out


HWREG_CLRX = ['mode', 'status', 'trapsts', 'hw_id', 'gpr_alloc', 'lds_alloc', 'ib_sts', 'pc_lo', 'pc_hi',
              'inst_dw0', 'inst_dw1', 'ib_dbg0', 'ib_dbg1', 'flush_ib', 'sh_mem_bases', 'sq_shader_tba_lo',
              'sq_shader_tba_hi', 'sq_shader_tma_lo', 'sq_shader_tma_hi', 'tba_lo', 'tba_hi', 'tma_lo',
              'tma_hi', 'flat_scr_lo', 'xnack_mask', 'foo']
HWREG_LLVM = ['HW_REG_' + n for n in ('MODE', 'STATUS', 'TRAPSTS', 'HW_ID', 'GPR_ALLOC', 'LDS_ALLOC', 'IB_STS',
                                      'PC_LO', 'IB_DBG0', 'IB_DBG1', 'SH_MEM_BASES', 'FLUSH_IB', 'TBA_LO',
                                      'TBA_HI', 'TMA_LO', 'TMA_HI', 'FLAT_SCR_LO', 'FLAT_SCR_HI', 'XNACK_MASK',
                                      'HW_ID1', 'HW_ID2', 'POPS_PACKER', 'SHADER_CYCLES', 'FOO')]


def hwreg_spellings():
    out = []
    for n in HWREG_CLRX:
        out += ['hwreg(%s, 0, 4)' % n, 'hwreg(%s, 3, 32)' % n.upper(), 'hwreg(hwreg_%s, 1, 1)' % n]
    for n in HWREG_LLVM:
        out += ['hwreg(%s, 0, 4)' % n, 'hwreg(%s)' % n, 'hwreg(%s, 31, 1)' % n.lower(), 'hwreg(%s, 2, 3)' % n.title()]
    for i in list(range(0, 25)) + [31, 32, 62, 63, 64, 100, -1]:
        out += ['hwreg(%d, 0, 4)' % i, 'hwreg(@%d, 5, 6)' % i]
        if i in (0, 1, 7, 15, 63, 64):
            out += ['hwreg(%d)' % i, 'hwreg(@%d)' % i, 'hwreg(0x%x, 0, 4)' % i if i >= 0 else 'hwreg(-0x1, 0, 4)',
                    'hwreg(@0x%x, 0, 4)' % i if i >= 0 else 'hwreg(@-0x1, 0, 4)']
    for rid in ('mode', 'HW_REG_MODE', '@1', '1'):
        for off in ('0', '31', '32', '-1', '0x1f', '0b11', '017', '08'):
            for size in ('1', '32', '0', '33', '-1', '0x20'):
                if off in ('0', '31') or size in ('1', '32'):
                    out.append('hwreg(%s, %s, %s)' % (rid, off, size))
        out += ['hwreg(%s, 0)' % rid, 'hwreg(%s,)' % rid, 'hwreg(%s, 0, 4' % rid, 'hwreg(%s 0 4)' % rid,
                'hwreg(%s,0,4)' % rid, 'hwreg( %s , 0 , 4 )' % rid, 'hwreg (%s, 0, 4)' % rid,
                'HWREG(%s, 0, 4)' % rid, 'Hwreg(%s, 0, 4)' % rid, 'hwreg(%s, 0, 4, 5)' % rid,
                'hwreg(%s, 1+2, 4)' % rid, 'hwreg(%s, 0, 4)x' % rid]
    out += ['hwreg()', 'hwreg', 'hwreg(', '0', '0x1801', '65535', 'mode', 'hwreg(@ 3, 0, 4)', 'hwreg(@, 0, 4)',
            'hwreg(hw_reg_mode, 0, 4)', 'hwreg(HWREG_MODE, 0, 4)', 'hwreg(Hw_Reg_Mode, 0, 4)', 'hwreg(mode',
            'hwreg(1, 0, 32)', 'hwreg(HW_REG_MODE, 0, 32)', 'hwreg(mode, 0, 32)']
    return out


MSG_CLRX = ['interrupt', 'gs', 'gs_done', 'savewave', 'stall_wave_gen', 'halt_waves', 'ordered_ps_done',
            'early_prim_dealloc', 'gs_alloc_req', 'get_doorbell', 'system', 'sysmsg', 'get_ddid', 'foo']
MSG_LLVM = ['MSG_' + n for n in ('INTERRUPT', 'GS', 'GS_DONE', 'SAVEWAVE', 'STALL_WAVE_GEN', 'HALT_WAVES',
                                 'ORDERED_PS_DONE', 'EARLY_PRIM_DEALLOC', 'GS_ALLOC_REQ', 'GET_DOORBELL',
                                 'GET_DDID', 'SYSMSG', 'FOO')]
GSOP_CLRX = ['nop', 'cut', 'emit', 'emit-cut', 'emit_cut', 'gs_op_cut', 'GS_OP_EMIT_CUT', 'EMIT-CUT', 'Cut',
             'gs_op_emit-cut', 'foo', '@0', '@1', '@3', '@4', '@7', '@8']
GSOP_LLVM = ['GS_OP_NOP', 'GS_OP_CUT', 'GS_OP_EMIT', 'GS_OP_EMIT_CUT', 'gs_op_cut', 'SYSMSG_OP_REG_RD', '0', '1',
             '3', '4', '7', '8', '-1']
SYSOP_LLVM = ['SYSMSG_OP_ECC_ERR_INTERRUPT', 'SYSMSG_OP_REG_RD', 'SYSMSG_OP_HOST_TRAP_ACK', 'SYSMSG_OP_TTRACE_PC',
              'sysmsg_op_reg_rd', 'GS_OP_CUT', '0', '1', '4', '5', '7', '8']


def sendmsg_spellings():
    out = []
    for m in MSG_CLRX:
        out += ['sendmsg(%s)' % m, 'sendmsg(%s)' % m.upper(), 'sendmsg(msg_%s)' % m, 'sendmsg(%s, nop)' % m,
                'sendmsg(%s, cut, 1)' % m]
    for m in ('gs', 'gs_done', 'Msg_Gs', '@2', '@3', '@1', '@15'):
        for op in GSOP_CLRX:
            out.append('sendmsg(%s, %s)' % (m, op))
            for st in ('0', '1', '3', '4', '-1', '0x2'):
                if st in ('1', '4') or op in ('cut', '@0', 'nop', '@4'):
                    out.append('sendmsg(%s, %s, %s)' % (m, op, st))
    for i in list(range(0, 17)) + [-1, 0xf]:
        out += ['sendmsg(@%d)' % i, 'sendmsg(%d)' % i, 'sendmsg(@%d, nop)' % i]
    for m in MSG_LLVM:
        out += ['sendmsg(%s)' % m, 'sendmsg(%s)' % m.lower()]
        ops = SYSOP_LLVM if m == 'MSG_SYSMSG' else GSOP_LLVM
        for op in ops:
            out.append('sendmsg(%s, %s)' % (m, op))
            for st in ('0', '1', '3', '4'):
                if m in ('MSG_GS', 'MSG_GS_DONE', 'MSG_SYSMSG', 'MSG_INTERRUPT') and (st in ('0', '3') or op in ('GS_OP_CUT', '1')):
                    out.append('sendmsg(%s, %s, %s)' % (m, op, st))
    for mid in (0, 1, 2, 3, 4, 5, 10, 11, 14, 15, 16, -1):
        for op in ('0', '1', '3', '4', '7', '8', 'GS_OP_CUT', 'GS_OP_NOP', 'SYSMSG_OP_REG_RD'):
            out.append('sendmsg(%d, %s)' % (mid, op))
            for st in ('0', '1', '3', '4'):
                if op in ('0', '1', '7', 'GS_OP_CUT') or st == '1':
                    out.append('sendmsg(%d, %s, %s)' % (mid, op, st))
    out += ['sendmsg()', 'sendmsg', 'sendmsg(', '0', '0x12', '65535', 'interrupt', 'SENDMSG(interrupt)',
            'Sendmsg(MSG_INTERRUPT)', 'SENDMSG(MSG_INTERRUPT)', 'sendmsg (MSG_INTERRUPT)', 'sendmsg (gs, cut, 1)',
            'sendmsg( MSG_GS , GS_OP_CUT , 1 )', 'sendmsg(gs,cut,1)', 'sendmsg(MSG_INTERRUPT,)',
            'sendmsg(interrupt', 'sendmsg(MSG_GS, GS_OP_CUT, 1', 'sendmsg(gs, cut, 1, 2)',
            'sendmsg(MSG_GS, GS_OP_CUT, 1, 2)', 'sendmsg(@ 5)', 'sendmsg(gs, emit - cut, 1)',
            'sendmsg(gs, emit-cutx, 1)', 'sendmsg(gs, emit-cut1, 1)', 'sendmsg(MSG_GS, GS_OP_EMIT-CUT, 1)',
            'sendmsg(MSG_INTERRUPT)x', 'sendmsg(1+1)', 'sendmsg(MSG_GS, GS_OP_CUT, 1+1)']
    return out


def gpr_idx_spellings():
    out = []
    modes = ['SRC0', 'SRC1', 'SRC2', 'DST']
    for m in range(16):
        parts = [modes[k] for k in range(4) if m >> k & 1]
        out.append('gpr_idx(%s)' % ','.join(parts))
        if len(parts) >= 2:
            out.append('gpr_idx(%s)' % ', '.join(reversed(parts)))
            out.append('gpr_idx( %s )' % ' , '.join(parts))
    out += ['gpr_idx(src0)', 'gpr_idx(Src0)', 'GPR_IDX(SRC0)', 'Gpr_Idx(SRC0)', 'gpr_idx (SRC0)', 'gpr_idx(SRC0,SRC0)',
            'gpr_idx(SRC0,DST,SRC0)', 'gpr_idx(SRC3)', 'gpr_idx(SRC0,)', 'gpr_idx(,SRC0)', 'gpr_idx(SRC0',
            'gpr_idx(SRC0 DST)', 'gpr_idx(1)', 'gpr_idx(SRC0)x', 'gpr_idx', 'gpr_idx(', 'gpr_idx(VDST)',
            '0', '9', '15', '16', '0xffff', '-1', 'SRC0']
    return out


def expression_spellings(kind):
    """Symbols and expressions inside the syntax: values in and out of range, forward symbols, `&`
    inside a counter's parentheses and between counters, repeated counters."""
    if kind == 'waitcnt':
        return ['vmcnt(1+2)', 'vmcnt(three)', 'vmcnt(three) & expcnt(three-1)', 'vmcnt(1&3)', 'vmcnt(1)&expcnt(2)',
                'vmcnt((1+2)&3)&lgkmcnt(three&1)', 'vmcnt((1))', 'vmcnt(-1+2)', 'vmcnt(0x10-1)', 'vmcnt( three + 1 )',
                'vmcnt(big)', 'vmcnt(minus)', 'expcnt(big)', 'lgkmcnt(big)', 'lgkmcnt(minus)', 'vmcnt(three+60)',
                'vmcnt_sat(big)', 'vmcnt_sat(minus)', 'lgkmcnt_sat(three)', 'vmcnt(later)', 'expcnt(later+1)',
                'vmcnt(1 2)', 'vmcnt(1,2)', 'vmcnt(1)&(expcnt(2))', 'vmcnt(three) & three', 'vmcnt(1)&&expcnt(2)',
                'vmcnt(33) & expcnt(10) & lgkmcnt(27)', 'vmcnt(14) & expcnt(2)&expcnt(3)',
                'vmcnt(14) & expcnt(2)&vmcnt(12)', 'lgkmcnt(13) & expcnt(2) & lgkmcnt(11)',
                'vmcnt(1) & lgkmcnt(2) & vmcnt(3)', 'vmcnt(63) vmcnt(1)', 'vmcnt(1) vmcnt(63)', 'vmcnt(1) vmcnt_sat(big)',
                'vmcnt(big) vmcnt(1)', 'vmcnt(1) vmcnt(big)', 'vmcnt(18446744073709551615)',
                'vmcnt_sat(18446744073709551615)', 'vmcnt(18446744073709551616)', 'expcnt(-9223372036854775808)']
    if kind == 'hwreg':
        out = []
        for rid in ('HW_REG_MODE', 'mode', '@1', '1', 'three', '@three'):
            out += ['hwreg(%s, three, three+1)' % rid, 'hwreg(%s, big, 1)' % rid, 'hwreg(%s, 0, big)' % rid,
                    'hwreg(%s, minus, 1)' % rid, 'hwreg(%s, later, 1)' % rid, 'hwreg(%s, 0x100000000, 1)' % rid,
                    'hwreg(%s, 0, 0x100000001)' % rid, 'hwreg(%s, (1), (2))' % rid, 'hwreg(%s, 1, 2 3)' % rid]
        return out + ['hwreg(three)', 'hwreg(three+1)', 'hwreg(1+1, 0, 4)', 'hwreg(HW_REG_MODE+1)', 'hwreg(big)',
                      'hwreg(minus)', 'hwreg(later)', 'hwreg(foo+1)', 'hwreg(@ three+1, 0, 1)', 'hwreg(@big, 0, 1)',
                      'hwreg(@minus, 0, 1)', 'hwreg(@later, 0, 1)', 'hwreg(@(1), 0, 1)', 'hwreg(@1 & 3, 0, 1)',
                      'hwreg(@18446744073709551615, 0, 1)', 'hwreg(@1, 18446744073709551615, 1)']
    if kind == 'sendmsg':
        return ['sendmsg(three)', 'sendmsg(three-1, 1, 1)', 'sendmsg(2, three, 1)', 'sendmsg(MSG_GS, three, 1)',
                'sendmsg(MSG_GS, GS_OP_CUT, three)', 'sendmsg(MSG_GS, GS_OP_CUT, big)', 'sendmsg(MSG_GS, GS_OP_CUT, minus)',
                'sendmsg(MSG_GS, big)', 'sendmsg(big)', 'sendmsg(minus)', 'sendmsg(later)', 'sendmsg(MSG_GS, later)',
                'sendmsg(MSG_GS, GS_OP_CUT, later)', 'sendmsg(2, 1, big)', 'sendmsg(MSG_INTERRUPT, three)',
                'sendmsg(MSG_SYSMSG, three)', 'sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD+1)', 'sendmsg(MSG_GS+0, 1, 1)',
                'sendmsg(@three)', 'sendmsg(@ three-1, nop)', 'sendmsg(@big)', 'sendmsg(@minus)', 'sendmsg(@later)',
                'sendmsg(gs, @three)', 'sendmsg(gs, @big)', 'sendmsg(gs, @minus, 1)', 'sendmsg(gs, @later, 1)',
                'sendmsg(gs, cut, three)', 'sendmsg(gs, cut, big)', 'sendmsg(gs, cut, minus)', 'sendmsg(gs, cut, later)',
                'sendmsg(gs, cut, 122)', 'sendmsg(gs, @8, 1)', 'sendmsg(gs, @9, 1)', 'sendmsg(@18, @1, 1)',
                'sendmsg(gs, three, 1)', 'sendmsg(gs, cut, (1)+1)', 'sendmsg(@2+0, cut, 1)',
                'sendmsg(gs, cut, 18446744073709551614)']
    return ['gpr_idx(three)', 'three', 'later']


def spellings(kind):
    seen, out = set(), []
    for t in {'waitcnt': waitcnt_spellings, 'hwreg': hwreg_spellings, 'sendmsg': sendmsg_spellings,
              'gpr_idx': gpr_idx_spellings}[kind]() + expression_spellings(kind):
        if t not in seen and '\t' not in t:
            seen.add(t)
            out.append(t)
    return out


def result(st, w):
    if st == 'err':
        return '!'
    return ('~' if st == 'warn' else '') + '%04x' % (w & 0xffff)


def parse_rows():
    rows = []
    for kind in KINDS:
        texts = spellings(kind)
        cols = []
        for fn in (clrx_asm, llvm_asm):
            for a in ARCHS:
                if not applies(kind, a):
                    cols.append(['-'] * len(texts))
                    continue
                cols.append([result(st, w) for st, w, _ in fn(a, [instr(kind, a, t) for t in texts])])
        for k, t in enumerate(texts):
            rows.append([kind, t] + [c[k] for c in cols])
    return rows


def write(path, header, rows, ditto_from=None):
    """Tab-separated; in columns from `ditto_from` on, `"` stands for the column to its left."""
    with open(path, 'w') as f:
        f.write('\t'.join(header) + '\n')
        for r in rows:
            r = list(r)
            if ditto_from is not None:
                for k in range(len(r) - 1, ditto_from, -1):
                    if r[k] == r[k - 1] and r[k] not in ('-',):
                        r[k] = '"'
            f.write('\t'.join(r) + '\n')


def main():
    if sys.argv[1:2] == ['--full']:
        # Every 16-bit value, for GCNKIT_SPECIAL_FULL=FILE cargo test --test special (~22 MB).
        write(sys.argv[2], ['kind', 'value'] + ['clrx ' + a for a in ARCHS] + ['llvm ' + a for a in VI] + ['readback'],
              print_rows(full=True), ditto_from=2)
        return
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'crates', 'gcnkit', 'tests', 'data')
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, 'special-print.tsv'),
          ['kind', 'value'] + ['clrx ' + a for a in ARCHS] + ['llvm ' + a for a in VI] + ['readback'],
          print_rows(), ditto_from=2)
    write(os.path.join(out, 'special-parse.tsv'),
          ['kind', 'text'] + ['clrx ' + a for a in ARCHS] + ['llvm ' + a for a in ARCHS],
          parse_rows(), ditto_from=2)


if __name__ == '__main__':
    main()
