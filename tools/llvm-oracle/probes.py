#!/usr/bin/env python3
"""Task 3: syntax probes.  Runs every probe through llvm-mc (one process per probe per arch)
and writes probes.md (tables: input -> printed text + encoding words, or error)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_lib import asm, dis, ARCHS

SI = ['tahiti', 'bonaire']; VI9 = ['fiji', 'gfx900']; ALL = ARCHS

# ---- word builders (VI/GFX9 layouts unless noted) ----
def vop2(op, vdst, src0, vsrc1): return (op << 25) | (vdst << 17) | (vsrc1 << 9) | src0
def vopc(op, src0, vsrc1): return (0x3e << 25) | (op << 17) | (vsrc1 << 9) | src0
def vop3(op, vdst, s0, s1=0, s2=0, abs_=0, neg=0, clamp=0, omod=0, opsel=0, hi=0):
    w0 = (0x34 << 26) | (op << 16) | (clamp << 15) | (opsel << 11) | (abs_ << 8) | vdst | hi
    w1 = (neg << 29) | (omod << 27) | (s2 << 18) | (s1 << 9) | s0
    return [w0, w1]
def vop3b(op, vdst, sdst, s0, s1=0, s2=0, clamp=0, neg=0, omod=0):
    return [(0x34 << 26) | (op << 16) | (clamp << 15) | (sdst << 8) | vdst,
            (neg << 29) | (omod << 27) | (s2 << 18) | (s1 << 9) | s0]
V = lambda n: 256 + n

SECTIONS = []
def A(title, cpus, lines, note=''):
    SECTIONS.append(('asm', title, cpus, lines, note))
def D(title, cpus, items, note=''):
    SECTIONS.append(('dis', title, cpus, items, note))

# 1. float VOP3 modifiers
A('VOP3 float modifiers: neg/abs spelling, clamp, omod order', ALL, [
    'v_add_f32_e64 v1, -v2, |v3|', 'v_add_f32_e64 v1, neg(v2), abs(v3)', 'v_add_f32_e64 v1, -|v2|, v3',
    'v_add_f32_e64 v1, neg(abs(v2)), v3', 'v_add_f32_e64 v1, -abs(v2), v3', 'v_add_f32_e64 v1, |-v2|, v3',
    'v_add_f32_e64 v1, abs(neg(v2)), v3', 'v_add_f32_e64 v1, v2, v3 clamp', 'v_add_f32_e64 v1, v2, v3 mul:2',
    'v_add_f32_e64 v1, v2, v3 mul:4', 'v_add_f32_e64 v1, v2, v3 div:2', 'v_add_f32_e64 v1, v2, v3 clamp mul:2',
    'v_add_f32_e64 v1, v2, v3 mul:2 clamp', 'v_add_f32_e64 v1, v2, v3 omod:1', 'v_add_f32_e64 v1, v2, v3 mul:1',
    'v_add_f32_e64 v1, v2, v3 div:1', 'v_add_f32 v1, -v2, v3', 'v_add_f32 v1, v2, v3 clamp',
    'v_add_f32_e32 v1, -v2, v3', 'v_add_f32_e64 v1, -s2, v3', 'v_add_f32_e64 v1, -1.0, v3', 'v_add_f32_e64 v1, neg(1.0), v3',
    'v_add_f32_e64 v1, |1.0|, v3', 'v_add_f32_e64 v1, -4.0, v3', 'v_add_f32_e64 v1, - v2, v3', 'v_add_f32_e64 v1, --v2, v3',
    'v_fma_f32 v1, -v2, -|v3|, |v4| clamp div:2', 'v_add_f64 v[1:2], -v[2:3], |v[4:5]| mul:2',
])
# 2. integer VOP3 modifiers
A('VOP3 integer ops: neg/abs/clamp/omod acceptance', ALL, [
    'v_and_b32_e64 v1, -v2, v3', 'v_and_b32_e64 v1, neg(v2), v3', 'v_and_b32_e64 v1, |v2|, v3',
    'v_and_b32_e64 v1, v2, v3 clamp', 'v_and_b32_e64 v1, v2, v3 mul:2',
    'v_min_i32_e64 v1, -v2, v3', 'v_min_i32_e64 v1, v2, v3 clamp',
    'v_mul_lo_u32 v1, -v2, v3', 'v_mul_lo_u32 v1, v2, v3 clamp', 'v_mul_hi_u32 v1, |v2|, v3',
    'v_mad_u32_u24 v1, v2, v3, v4 clamp', 'v_mad_u32_u24 v1, -v2, v3, v4', 'v_mad_i32_i24 v1, v2, v3, v4 clamp',
    'v_bfe_u32 v1, -v2, v3, v4', 'v_bfe_u32 v1, v2, v3, v4 clamp', 'v_sad_u32 v1, v2, v3, v4 clamp', 'v_msad_u8 v1, v2, v3, v4 clamp',
    'v_mul_u32_u24_e64 v1, v2, v3 clamp', 'v_mul_i32_i24_e64 v1, v2, v3 clamp',
    'v_add_u16_e64 v1, v2, v3 clamp', 'v_add_u16_e64 v1, -v2, v3', 'v_add_u32_e64 v1, v2, v3 clamp',
    'v_lshlrev_b32_e64 v1, v2, v3 clamp', 'v_mad_u64_u32 v[10:11], s[0:1], v2, v3, v[4:5] clamp',
    'v_cvt_pk_u16_u32 v1, v2, v3 clamp', 'v_cvt_pkrtz_f16_f32 v1, -v2, |v3|', 'v_cvt_pkrtz_f16_f32 v1, v2, v3 clamp',
    'v_bcnt_u32_b32_e64 v1, v2, v3 clamp', 'v_mbcnt_lo_u32_b32_e64 v1, -v2, v3', 'v_cvt_pk_u8_f32 v1, -v2, v3, v4',
    'v_max3_i32 v1, v2, v3, v4 clamp', 'v_med3_u32 v1, -v2, v3, v4', 'v_lshl_b64 v[1:2], -v[2:3], v4', 'v_ldexp_f32_e64 v1, -v2, -v3',
    'v_ldexp_f32_e64 v1, v2, v3 clamp mul:2', 'v_add_i32 v1, v2, v3 clamp', 'v_mad_u16 v1, v2, v3, v4 clamp',
])
# 3. carry ops
A('Carry-out / carry-in syntax (vcc operands)', ALL, [
    'v_add_i32_e32 v1, vcc, v2, v3', 'v_add_i32_e32 v1, v2, v3', 'v_add_i32 v1, v2, v3', 'v_add_i32 v1, vcc, v2, v3',
    'v_add_u32_e32 v1, vcc, v2, v3', 'v_add_u32_e32 v1, v2, v3', 'v_add_u32 v1, vcc, v2, v3',
    'v_add_co_u32_e32 v1, vcc, v2, v3', 'v_add_co_u32_e32 v1, v2, v3', 'v_add_co_u32 v1, vcc, v2, v3', 'v_add_co_u32 v1, s[4:5], v2, v3',
    'v_add_i32_e64 v1, s[4:5], v2, v3', 'v_add_i32_e64 v1, vcc, v2, v3', 'v_add_i32_e64 v1, s[4:5], v2, v3 clamp',
    'v_add_u32_e64 v1, s[4:5], v2, v3', 'v_add_u32_e64 v1, s[4:5], v2, v3 clamp', 'v_add_co_u32_e64 v1, s[4:5], v2, v3 clamp',
    'v_add_u32_e64 v1, s[4:5], -v2, v3', 'v_add_co_u32_e64 v1, s[4:5], v2, v3 mul:2',
    'v_addc_u32_e32 v1, vcc, v2, v3, vcc', 'v_addc_u32_e32 v1, v2, v3', 'v_addc_u32_e32 v1, vcc, v2, v3', 'v_addc_u32 v1, vcc, v2, v3, vcc',
    'v_addc_u32_e64 v1, s[4:5], v2, v3, s[6:7]', 'v_addc_u32_e64 v1, vcc, v2, v3, vcc', 'v_addc_u32_e64 v1, s[4:5], v2, v3, s[6:7] clamp',
    'v_addc_u32_e64 v1, s[4:5], -v2, v3, s[6:7]',
    'v_addc_co_u32_e32 v1, vcc, v2, v3, vcc', 'v_addc_co_u32_e64 v1, s[4:5], v2, v3, s[6:7]',
    'v_subb_u32_e32 v1, vcc, v2, v3, vcc', 'v_subbrev_co_u32 v1, vcc, v2, v3, vcc',
    'v_add_i32_e32 v1, vcc, s2, v3', 'v_addc_u32_e32 v1, vcc, s2, v3, vcc', 'v_addc_u32_e64 v1, s[4:5], s2, v3, s[6:7]',
    'v_add_i32_e32 v1, vcc_lo, v2, v3', 'v_add_i32_e64 v1, s[5:6], v2, v3', 'v_add_i32_e64 v1, s4, v2, v3',
    'v_add_i32_e64 v1, exec, v2, v3', 'v_add_i32_e64 v1, flat_scratch, v2, v3',
])
# 4. cndmask
A('v_cndmask_b32 e32/e64', ALL, [
    'v_cndmask_b32_e32 v1, v2, v3, vcc', 'v_cndmask_b32_e32 v1, v2, v3', 'v_cndmask_b32 v1, v2, v3, vcc',
    'v_cndmask_b32_e64 v1, v2, v3, s[4:5]', 'v_cndmask_b32_e64 v1, v2, v3, vcc', 'v_cndmask_b32 v1, v2, v3, s[4:5]',
    'v_cndmask_b32_e64 v1, -v2, |v3|, s[4:5]', 'v_cndmask_b32_e64 v1, neg(v2), v3, s[4:5]',
    'v_cndmask_b32_e64 v1, v2, v3, s[4:5] clamp', 'v_cndmask_b32_e64 v1, v2, v3, s[4:5] mul:2',
    'v_cndmask_b32_e64 v1, s2, v3, s[4:5]', 'v_cndmask_b32_e64 v1, s2, v3, vcc', 'v_cndmask_b32_e64 v1, 1.0, v3, s[4:5]',
    'v_cndmask_b32_e64 v1, v2, v3, s4', 'v_cndmask_b32_e32 v1, s2, v3, vcc', 'v_cndmask_b32_e32 v1, 0x12345678, v3, vcc',
    'v_cndmask_b32_e64 v1, v2, v3, exec', 'v_cndmask_b32_e64 v1, v2, v3, 0',
])
# 5. readlane/writelane
A('v_readlane_b32 / v_writelane_b32', ALL, [
    'v_readlane_b32 s1, v2, s3', 'v_readlane_b32 s1, v2, 5', 'v_readlane_b32 s1, v2, m0', 'v_readlane_b32 s1, v2, v3',
    'v_readlane_b32 s1, v2, 63', 'v_readlane_b32 s1, v2, 64', 'v_readlane_b32 vcc_lo, v2, s3', 'v_readlane_b32 m0, v2, s3',
    'v_readlane_b32 exec_lo, v2, s3', 'v_readlane_b32_e32 s1, v2, s3', 'v_readlane_b32_e64 s1, v2, s3',
    'v_writelane_b32 v1, s2, s3', 'v_writelane_b32 v1, s2, 5', 'v_writelane_b32 v1, 5, s3', 'v_writelane_b32 v1, s2, m0',
    'v_writelane_b32 v1, m0, s3', 'v_writelane_b32 v1, s2, s2', 'v_writelane_b32 v1, 1.0, 5', 'v_writelane_b32 v1, 0x12345678, 5',
    'v_writelane_b32_e64 v1, s2, 5', 'v_writelane_b32 v1, v2, 5', 'v_writelane_b32 v1, s2, m0 ',
])
# 6. madmk / madak
A('v_madmk / v_madak literal position', ALL, [
    'v_madmk_f32 v1, v2, 0x41200000, v3', 'v_madmk_f32 v1, v2, 10.0, v3', 'v_madak_f32 v1, v2, v3, 0x41200000',
    'v_madak_f32 v1, v2, v3, 10.0', 'v_madmk_f32 v1, 1.0, 0x41200000, v3', 'v_madmk_f32 v1, s2, 0x41200000, v3',
    'v_madmk_f32 v1, 0x41200000, 0x41200000, v3', 'v_madmk_f32 v1, v2, 1.0, v3', 'v_madak_f32 v1, v2, v3, 0.5',
    'v_madmk_f32_e32 v1, v2, 0x41200000, v3', 'v_madak_f32 v1, v2, v3, 1', 'v_madak_f32 v1, v2, v3, -1',
    'v_madmk_f16 v1, v2, 0x4900, v3', 'v_madak_f16 v1, v2, v3, 10.0', 'v_madak_f16 v1, v2, v3, 0x41200000',
    'v_madak_f32 v1, v2, s3, 10.0', 'v_madmk_f32 v1, v2, 10.0, s3',
])
# 7. VOPC syntax
A('VOPC e32/e64 syntax, CMPX destination, modifiers', ALL, [
    'v_cmp_lt_f32_e32 vcc, v1, v2', 'v_cmp_lt_f32_e32 v1, v2', 'v_cmp_lt_f32 vcc, v1, v2', 'v_cmp_lt_f32 s[2:3], v1, v2',
    'v_cmp_lt_f32_e64 vcc, v1, v2', 'v_cmp_lt_f32_e32 s[2:3], v1, v2', 'v_cmp_lt_f32_e64 s[2:3], v1, v2',
    'v_cmpx_lt_f32_e32 vcc, v1, v2', 'v_cmpx_lt_f32_e32 exec, v1, v2', 'v_cmpx_lt_f32_e32 v1, v2',
    'v_cmpx_lt_f32_e64 s[2:3], v1, v2', 'v_cmpx_lt_f32_e64 exec, v1, v2', 'v_cmpx_lt_f32_e64 vcc, v1, v2', 'v_cmpx_lt_f32 s[2:3], v1, v2',
    'v_cmp_lt_f32_e64 s[2:3], -v1, |v2|', 'v_cmp_lt_f32_e64 s[2:3], v1, v2 clamp', 'v_cmp_lt_f32_e64 s[2:3], v1, v2 mul:2',
    'v_cmp_lt_i32_e64 s[2:3], -v1, v2', 'v_cmp_lt_i32_e64 s[2:3], v1, v2 clamp', 'v_cmp_lt_i32_e64 s[2:3], |v1|, v2',
    'v_cmp_class_f32_e64 s[2:3], -v1, v2', 'v_cmp_class_f32_e64 s[2:3], v1, -v2', 'v_cmp_class_f32_e64 s[2:3], |v1|, v2',
    'v_cmp_lt_f32 vcc, v1, s2', 'v_cmp_lt_f32 vcc, s2, v1', 'v_cmp_lt_f32 vcc, v1, 1.0', 'v_cmp_lt_f32_e32 vcc, v1, s2',
    'v_cmp_lt_f32_e64 s[2:3], s4, s5', 'v_cmp_lt_f32_e64 s[2:3], s4, v1', 'v_cmp_lt_f32_e64 s[2:3], 0x12345678, v1',
    'v_cmp_lt_f32_e32 vcc, 0x12345678, v1', 'v_cmp_lt_f32_e64 s2, v1, v2', 'v_cmp_lt_f32_e64 s[3:4], v1, v2',
    'v_cmp_lt_f32_e64 ttmp[0:1], v1, v2', 'v_cmp_lt_f32_e64 exec, v1, v2', 'v_cmp_lt_f32_e64 flat_scratch, v1, v2',
    'v_cmps_lt_f32_e32 vcc, v1, v2', 'v_cmpsx_lt_f32_e64 s[2:3], v1, v2', 'v_cmpx_lt_f16_e64 s[2:3], -v1, v2 clamp',
    'v_cmp_lt_f16_e64 s[2:3], v1, v2 clamp', 'v_cmp_lt_u16_e64 s[2:3], -v1, v2',
])
A('v_cmp_class_* src1 width', ALL, [
    'v_cmp_class_f64_e32 vcc, v[2:3], v4', 'v_cmp_class_f64_e32 vcc, v[2:3], v[4:5]', 'v_cmp_class_f64_e64 s[2:3], v[2:3], v4',
    'v_cmp_class_f64_e64 s[2:3], v[2:3], s4', 'v_cmp_class_f64_e64 s[2:3], v[2:3], s[4:5]', 'v_cmp_class_f64_e64 s[2:3], v[2:3], 3',
    'v_cmp_class_f32_e32 vcc, v2, 0x3ff', 'v_cmp_class_f32_e32 vcc, 0x3ff, v2', 'v_cmp_class_f32_e64 s[2:3], v2, 0x3ff',
    'v_cmp_class_f64_e32 vcc, 1.0, v4', 'v_cmp_class_f16_e32 vcc, v2, v3',
])
# 8. literals and inline constants (assembler side)
A('Literals & inline constants: how the assembler prints them', ALL, [
    'v_add_f32 v1, 0x12345678, v2', 'v_add_f32 v1, 1.5, v2', 'v_add_f32 v1, 0.5, v2', 'v_add_f32 v1, 0x3f000000, v2',
    'v_add_f32 v1, -4.0, v2', 'v_add_f32 v1, 0xc0800000, v2', 'v_add_f32 v1, 0.15915494, v2', 'v_add_f32 v1, 0x3e22f983, v2',
    'v_add_f32 v1, 1, v2', 'v_add_f32 v1, -16, v2', 'v_add_f32 v1, -17, v2', 'v_add_f32 v1, 64, v2', 'v_add_f32 v1, 65, v2',
    'v_add_f32 v1, 0.1, v2', 'v_add_f32 v1, 1e10, v2', 'v_add_f32 v1, 2.0e0, v2',
    'v_and_b32 v1, 1.0, v2', 'v_and_b32 v1, 0x3f800000, v2', 'v_and_b32 v1, -1, v2', 'v_and_b32 v1, 0xffffffff, v2',
    'v_and_b32 v1, 4294967295, v2', 'v_and_b32 v1, -17, v2', 'v_and_b32 v1, 0xffffffef, v2', 'v_and_b32 v1, 1.5, v2',
    'v_and_b32 v1, 0x100000000, v2', 'v_and_b32 v1, -0x80000000, v2', 'v_and_b32 v1, 0.15915494, v2', 'v_and_b32 v1, 0x3e22f983, v2',
    'v_and_b32 v1, 123, v2', 'v_and_b32 v1, 0x7b, v2', 'v_and_b32 v1, -2147483648, v2',
    'v_add_f16 v1, 1.0, v2', 'v_add_f16 v1, 0x3c00, v2', 'v_add_f16 v1, 0x3e00, v2', 'v_add_f16 v1, 1.5, v2', 'v_add_f16 v1, 0.15915494, v2',
    'v_add_f16 v1, 0x3118, v2', 'v_add_f16 v1, 0x12345678, v2', 'v_add_u16 v1, -1, v2', 'v_add_u16 v1, 0xffff, v2', 'v_add_u16 v1, 0x1234, v2',
])
A('f64 operand literals', ALL, [
    'v_cmp_lt_f64_e32 vcc, 1.5, v[2:3]', 'v_cmp_lt_f64_e32 vcc, 0x3ff80000, v[2:3]', 'v_cmp_lt_f64_e32 vcc, 0x3ff8000000000000, v[2:3]',
    'v_cmp_lt_f64_e32 vcc, 0x12345678, v[2:3]', 'v_cmp_lt_f64_e32 vcc, 1.1, v[2:3]', 'v_cmp_lt_f64_e32 vcc, 0x3ff1999a00000000, v[2:3]',
    'v_cmp_lt_f64_e32 vcc, 0x3ff199999999999a, v[2:3]', 'v_cmp_lt_f64_e32 vcc, 0.5, v[2:3]', 'v_cmp_lt_f64_e32 vcc, 0x3fe0000000000000, v[2:3]',
    'v_cmp_lt_f64_e32 vcc, 0.15915494309189532, v[2:3]', 'v_cmp_lt_f64_e32 vcc, 0x3fc45f306dc9c882, v[2:3]', 'v_cmp_lt_f64_e32 vcc, -1, v[2:3]',
    'v_cmp_lt_f64_e32 vcc, 100, v[2:3]', 'v_cmp_lt_i64_e32 vcc, 0x12345678, v[2:3]', 'v_cmp_lt_i64_e32 vcc, 0x123456789, v[2:3]',
    'v_cmp_lt_i64_e32 vcc, -100, v[2:3]', 'v_cmp_lt_i64_e32 vcc, 1.5, v[2:3]', 'v_cmp_lt_u64_e32 vcc, 0xffffffff, v[2:3]',
    'v_add_f64 v[1:2], 1.5, v[2:3]', 'v_add_f64 v[1:2], 0.5, v[2:3]', 'v_ldexp_f64 v[1:2], v[2:3], 0.5', 'v_cmp_class_f64_e32 vcc, 0.5, v4',
])
# 9. special registers (assembler)
A('Special registers accepted/printed by the assembler (32-bit src)', ALL, [
    'v_add_f32 v1, vcc_lo, v2', 'v_add_f32 v1, vcc_hi, v2', 'v_add_f32 v1, exec_lo, v2', 'v_add_f32 v1, exec_hi, v2', 'v_add_f32 v1, m0, v2',
    'v_add_f32 v1, flat_scratch_lo, v2', 'v_add_f32 v1, flat_scratch_hi, v2', 'v_add_f32 v1, xnack_mask_lo, v2', 'v_add_f32 v1, tba_lo, v2',
    'v_add_f32 v1, tma_hi, v2', 'v_add_f32 v1, ttmp0, v2', 'v_add_f32 v1, ttmp11, v2', 'v_add_f32 v1, ttmp12, v2', 'v_add_f32 v1, ttmp15, v2',
    'v_add_f32 v1, src_shared_base, v2', 'v_add_f32 v1, shared_base, v2', 'v_add_f32 v1, src_private_limit, v2', 'v_add_f32 v1, src_pops_exiting_wave_id, v2',
    'v_add_f32 v1, vccz, v2', 'v_add_f32 v1, src_vccz, v2', 'v_add_f32 v1, execz, v2', 'v_add_f32 v1, src_execz, v2', 'v_add_f32 v1, scc, v2',
    'v_add_f32 v1, src_scc, v2', 'v_add_f32 v1, lds_direct, v2', 'v_add_f32 v1, src_lds_direct, v2', 'v_add_f32_e64 v1, lds_direct, v2',
    'v_add_f32 v1, s101, v2', 'v_add_f32 v1, s102, v2', 'v_add_f32 v1, s103, v2', 'v_add_f32 v1, s104, v2', 'v_add_f32 v1, s105, v2',
    'v_add_f32 v1, vcc, v2', 'v_add_f32 v1, s[2:3], v2', 'v_add_f32 v1, null, v2', 'v_add_f32 v1, off, v2',
])
A('Special registers: 64-bit pairs', ALL, [
    'v_add_f64 v[1:2], s[4:5], v[2:3]', 'v_add_f64 v[1:2], s[5:6], v[2:3]', 'v_add_f64 v[1:2], vcc, v[2:3]', 'v_add_f64 v[1:2], exec, v[2:3]',
    'v_add_f64 v[1:2], flat_scratch, v[2:3]', 'v_add_f64 v[1:2], xnack_mask, v[2:3]', 'v_add_f64 v[1:2], tba, v[2:3]', 'v_add_f64 v[1:2], tma, v[2:3]',
    'v_add_f64 v[1:2], ttmp[0:1], v[2:3]', 'v_add_f64 v[1:2], ttmp[12:13], v[2:3]', 'v_add_f64 v[1:2], [s4,s5], v[2:3]', 'v_add_f64 v[1:2], s[102:103], v[2:3]',
    'v_add_f64 v[1:2], src_shared_base, v[2:3]', 'v_add_f64 v[1:2], v[2:3], vccz', 'v_add_f64 v[1:2], [vcc_lo,vcc_hi], v[2:3]',
    'v_add_f64 v[1:2], v[3:4], v[2:3]', 'v_add_f64 v[2:3], v[2:3], v[4:5]', 'v_add_f64 v[1:2], v[2], v[2:3]',
])
# 10. op_sel on gfx900
A('op_sel on GFX9 VOP3', ['fiji', 'gfx900'], [
    'v_add_f32_e64 v1, v2, v3 op_sel:[1,0,0]', 'v_add_f16_e64 v1, v2, v3 op_sel:[1,0,0]', 'v_add_u16_e64 v1, v2, v3 op_sel:[1,0,0]',
    'v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]', 'v_mad_f16 v1, v2, v3, v4 op_sel:[0,0,0,1]', 'v_mad_legacy_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]',
    'v_mad_u16 v1, v2, v3, v4 op_sel:[1,1,1,1]', 'v_fma_f16 v1, v2, v3, v4 op_sel:[0,1,0,0]', 'v_div_fixup_f16 v1, v2, v3, v4 op_sel:[0,0,1,0]',
    'v_max3_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]', 'v_med3_i16 v1, v2, v3, v4 op_sel:[0,0,0,1]', 'v_mad_u32_u16 v1, v2, v3, v4 op_sel:[1,0,0,0]',
    'v_add_i16 v1, v2, v3 op_sel:[1,1,1]', 'v_pack_b32_f16 v1, v2, v3 op_sel:[1,0,0]', 'v_cvt_pknorm_i16_f16 v1, v2, v3 op_sel:[1,0,0]',
    'v_add_i32 v1, v2, v3 op_sel:[1,0,0]', 'v_alignbit_b32 v1, v2, v3, v4 op_sel:[1,0,0,0]', 'v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0]',
    'v_mad_f16 v1, v2, v3, v4 op_sel_hi:[1,0,0]', 'v_cmp_lt_f16_e64 s[2:3], v1, v2 op_sel:[1,0]', 'v_mad_mixlo_f16 v1, v2, v3, v4 op_sel:[1,0,0]',
    'v_xad_u32 v1, v2, v3, v4 clamp', 'v_add3_u32 v1, v2, v3, v4 clamp', 'v_add_i32 v1, v2, v3 clamp', 'v_add_u32_e64 v1, v2, v3 clamp',
])
# 11. constant bus & literal limits
A('Constant bus / literal limits', ALL, [
    'v_add_f32_e64 v1, v2, s3', 'v_add_f32_e64 v1, s2, s3', 'v_add_f32_e64 v1, s2, s2', 'v_add_f32_e64 v1, s2, 1.0',
    'v_add_f32_e64 v1, v2, 0x12345678', 'v_add_f32_e64 v1, 1.5, v2', 'v_add_f32_e64 v1, s2, 0x12345678', 'v_add_f32_e64 v1, 1.0, 2.0',
    'v_add_f32_e64 v1, vcc_lo, s2', 'v_add_f32_e64 v1, m0, s2', 'v_add_f32_e64 v1, vcc_lo, vcc_lo', 'v_add_f32_e64 v1, exec_lo, vcc_lo',
    'v_fma_f32 v1, s2, s3, v4', 'v_fma_f32 v1, s2, s2, s2', 'v_fma_f32 v1, s2, v3, 1.0', 'v_fma_f32 v1, s2, -s2, |s2|',
    'v_add_f32_e32 v1, s2, v3', 'v_add_f32_e32 v1, 0x12345678, v3', 'v_add_f32_e32 v1, v2, s3', 'v_add_f32 v1, v2, s3',
    'v_sub_f32 v1, v2, s3', 'v_add_f32 v1, v2, 1.0', 'v_add_f32 v1, v2, 0x12345678', 'v_sub_f32 v1, v2, 0x12345678',
    'v_add_f32_e32 v1, s2, s3', 'v_add_f32 v1, s2, s3', 'v_cndmask_b32_e64 v1, s2, s3, s[4:5]', 'v_cndmask_b32_e64 v1, s4, v3, s[4:5]',
    'v_addc_u32_e32 v1, vcc, s2, v3, vcc', 'v_addc_u32_e32 v1, vcc, 0x12345678, v3, vcc', 'v_madmk_f32 v1, s2, 10.0, v3',
    'v_madak_f32 v1, s2, v3, 10.0', 'v_add_f64 v[1:2], s[2:3], s[4:5]', 'v_add_f64 v[1:2], s[2:3], s[2:3]', 'v_cmp_lt_f32_e64 s[2:3], s4, s5',
    'v_readlane_b32 s1, v2, s3', 'v_writelane_b32 v1, s2, s3', 'v_mul_lo_u32 v1, s2, 0x40', 'v_mul_lo_u32 v1, s2, 64',
    'v_div_fmas_f32 v1, s2, v3, v4', 'v_div_scale_f32 v1, vcc, s2, v3, v4', 'v_add_f32_e32 v1, 0x12345678, s2',
])
# ---- disassembler probes (fiji, gfx900) ----
D('Disassembler: inline constants and literals (VOP2 v_add_f32 op1 / v_and_b32 op19 / VOPC f64 lt op97)', VI9, [
    ('v_add_f32 src0=128 (0)', [vop2(1, 1, 128, 2)]), ('v_add_f32 src0=192 (64)', [vop2(1, 1, 192, 2)]),
    ('v_add_f32 src0=193 (-1)', [vop2(1, 1, 193, 2)]), ('v_add_f32 src0=208 (-16)', [vop2(1, 1, 208, 2)]),
    ('v_add_f32 src0=240 (0.5)', [vop2(1, 1, 240, 2)]), ('v_add_f32 src0=241 (-0.5)', [vop2(1, 1, 241, 2)]),
    ('v_add_f32 src0=242 (1.0)', [vop2(1, 1, 242, 2)]), ('v_add_f32 src0=247 (-4.0)', [vop2(1, 1, 247, 2)]),
    ('v_add_f32 src0=248 (1/2pi)', [vop2(1, 1, 248, 2)]), ('v_add_f32 src0=209..239 (reserved 209)', [vop2(1, 1, 209, 2)]),
    ('v_add_f32 src0=255 lit 0x3fc00000', [vop2(1, 1, 255, 2), 0x3fc00000]),
    ('v_add_f32 src0=255 lit 0x3f800000 (=1.0, inlinable)', [vop2(1, 1, 255, 2), 0x3f800000]),
    ('v_add_f32 src0=255 lit 0x12345678', [vop2(1, 1, 255, 2), 0x12345678]), ('v_add_f32 src0=255 lit 0x00000040 (=64)', [vop2(1, 1, 255, 2), 0x40]),
    ('v_and_b32 src0=242 (1.0)', [vop2(19, 1, 242, 2)]), ('v_and_b32 src0=248 (1/2pi)', [vop2(19, 1, 248, 2)]),
    ('v_and_b32 src0=193 (-1)', [vop2(19, 1, 193, 2)]), ('v_and_b32 src0=255 lit 0xffffffff', [vop2(19, 1, 255, 2), 0xffffffff]),
    ('v_and_b32 src0=255 lit 0x3f800000', [vop2(19, 1, 255, 2), 0x3f800000]), ('v_and_b32 src0=255 lit 0x0000007b', [vop2(19, 1, 255, 2), 0x7b]),
    ('v_add_f16 src0=242 (1.0)', [vop2(31, 1, 242, 2)]), ('v_add_f16 src0=248', [vop2(31, 1, 248, 2)]),
    ('v_add_f16 src0=255 lit 0x00003e00', [vop2(31, 1, 255, 2), 0x3e00]), ('v_add_f16 src0=255 lit 0x12343e00', [vop2(31, 1, 255, 2), 0x12343e00]),
    ('v_add_u16 src0=193 (-1)', [vop2(38, 1, 193, 2)]), ('v_add_u16 src0=242 (1.0)', [vop2(38, 1, 242, 2)]),
    ('v_cmp_lt_f64 src0=240 (0.5)', [vopc(97, 240, 2)]), ('v_cmp_lt_f64 src0=248', [vopc(97, 248, 2)]),
    ('v_cmp_lt_f64 src0=255 lit 0x3ff80000', [vopc(97, 255, 2), 0x3ff80000]), ('v_cmp_lt_f64 src0=255 lit 0x12345678', [vopc(97, 255, 2), 0x12345678]),
    ('v_cmp_lt_i64 src0=255 lit 0x12345678', [vopc(225, 255, 2), 0x12345678]), ('v_cmp_lt_i64 src0=255 lit 0xffffff9c', [vopc(225, 255, 2), 0xffffff9c]),
    ('v_add_f32 src0=255 but no literal word follows', [vop2(1, 1, 255, 2)]),
])
D('Disassembler: special registers as src0 (v_add_f32 VOP2; v_add_f64 VOP3 op 640 for pairs)', VI9,
  [('v_add_f32 src0=%d' % s, [vop2(1, 1, s, 2)]) for s in [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 122, 123, 124, 125, 126, 127, 235, 236, 237, 238, 239, 249, 250, 251, 252, 253, 254]] +
  [('v_add_f64 src0=%d' % s, vop3(640, 1, s, V(2))) for s in [4, 5, 102, 104, 106, 108, 110, 112, 122, 126, 235, 251]] +
  [('v_add_f32_e64 src0=%d' % s, vop3(257, 1, s, V(2))) for s in [124, 125, 235, 249, 250, 251, 252, 253, 254, 255]])
D('Disassembler: modifier bits on integer / special VOP3 ops', VI9, [
    ('v_and_b32_e64 neg=1 (src0)', vop3(275, 1, V(2), V(3), neg=1)), ('v_and_b32_e64 abs=1', vop3(275, 1, V(2), V(3), abs_=1)),
    ('v_and_b32_e64 clamp', vop3(275, 1, V(2), V(3), clamp=1)), ('v_and_b32_e64 omod=1', vop3(275, 1, V(2), V(3), omod=1)),
    ('v_mul_lo_u32 neg=3', vop3(645, 1, V(2), V(3), neg=3)), ('v_mul_lo_u32 clamp', vop3(645, 1, V(2), V(3), clamp=1)),
    ('v_mad_u32_u24 clamp', vop3(451, 1, V(2), V(3), V(4), clamp=1)), ('v_mad_u32_u24 neg=1', vop3(451, 1, V(2), V(3), V(4), neg=1)),
    ('v_add_u16_e64 clamp', vop3(294, 1, V(2), V(3), clamp=1)), ('v_add_u16_e64 neg=1', vop3(294, 1, V(2), V(3), neg=1)),
    ('v_cndmask_b32_e64 neg=1 abs=2', vop3(256, 1, V(2), V(3), 4, neg=1, abs_=2)), ('v_cndmask_b32_e64 clamp', vop3(256, 1, V(2), V(3), 4, clamp=1)),
    ('v_cndmask_b32_e64 omod=1', vop3(256, 1, V(2), V(3), 4, omod=1)), ('v_cndmask_b32_e64 neg=4 (src2)', vop3(256, 1, V(2), V(3), 4, neg=4)),
    ('v_add_f32_e64 neg=4 (unused src2)', vop3(257, 1, V(2), V(3), neg=4)), ('v_add_f32_e64 abs=4 (unused src2)', vop3(257, 1, V(2), V(3), abs_=4)),
    ('v_add_f32_e64 bits 11-14 set', vop3(257, 1, V(2), V(3), opsel=0xf)), ('v_add_f32_e64 bit 11 set', vop3(257, 1, V(2), V(3), opsel=1)),
    ('v_add_f32_e64 src2=v4 (unused)', vop3(257, 1, V(2), V(3), V(4))), ('v_cmp_lt_f32_e64 clamp', vop3(65, 2, V(2), V(3), clamp=1)),
    ('v_cmp_lt_f32_e64 neg=3 abs=3', vop3(65, 2, V(2), V(3), neg=3, abs_=3)), ('v_cmp_lt_i32_e64 neg=1', vop3(193, 2, V(2), V(3), neg=1)),
    ('v_cmp_lt_f32_e64 omod=1', vop3(65, 2, V(2), V(3), omod=1)), ('v_cmp_lt_f32_e64 sdst=3 (odd)', vop3(65, 3, V(2), V(3))),
    ('v_cmp_lt_f32_e64 sdst=106 (vcc)', vop3(65, 106, V(2), V(3))), ('v_cmp_lt_f32_e64 sdst=126 (exec)', vop3(65, 126, V(2), V(3))),
    ('v_cmp_lt_f32_e64 sdst=128', vop3(65, 128, V(2), V(3))), ('v_cmp_lt_f32_e64 sdst=v? (vdst=255)', vop3(65, 255, V(2), V(3))),
    ('v_cmp_class_f32_e64 neg=3', vop3(16, 2, V(2), V(3), neg=3)),
    ('v_add_u32_e64 (VOP3B 281) clamp', vop3b(281, 1, 4, V(2), V(3), clamp=1)), ('v_add_u32_e64 neg=1', vop3b(281, 1, 4, V(2), V(3), neg=1)),
    ('v_add_u32_e64 sdst=106', vop3b(281, 1, 106, V(2), V(3))), ('v_add_u32_e64 sdst=5 (odd)', vop3b(281, 1, 5, V(2), V(3))),
    ('v_addc_u32_e64 src2=s[6:7]', vop3b(284, 1, 4, V(2), V(3), 6)), ('v_addc_u32_e64 src2=vcc', vop3b(284, 1, 106, V(2), V(3), 106)),
    ('v_addc_u32_e64 src2=v4', vop3b(284, 1, 4, V(2), V(3), V(4))), ('v_div_scale_f32 neg=1 clamp', vop3b(480, 1, 106, V(2), V(3), V(4), neg=1, clamp=1)),
    ('v_readlane_b32 vdst=s1 src1=v3', vop3(649, 1, V(2), V(3))), ('v_readlane_b32 src1=s3', vop3(649, 1, V(2), 3)),
    ('v_readlane_b32 neg=1 clamp', vop3(649, 1, V(2), 3, neg=1, clamp=1)), ('v_writelane_b32 src0=s2 src1=s3', vop3(650, 1, 2, 3)),
    ('v_writelane_b32 src0=v2', vop3(650, 1, V(2), 3)),
    ('v_mad_f16 (gfx9 515 / fiji ?) op_sel=1', vop3(515, 1, V(2), V(3), V(4), opsel=1)), ('v_mad_legacy_f16 490 op_sel=1', vop3(490, 1, V(2), V(3), V(4), opsel=1)),
    ('v_add_u16_e64 op_sel=1', vop3(294, 1, V(2), V(3), opsel=1)), ('v_mad_u32_u16 (497) op_sel=8', vop3(497, 1, V(2), V(3), V(4), opsel=8)),
    ('v_add_i16 (670) op_sel=7', vop3(670, 1, V(2), V(3), opsel=7)), ('v_max3_f16 (503) op_sel=15', vop3(503, 1, V(2), V(3), V(4), opsel=15)),
    ('VOP2 v_add_f32 src0=249 (SDWA) + sdwa dword', [vop2(1, 1, 249, 2), 0x06060602]), ('VOP2 v_add_f32 src0=250 (DPP) + dpp dword', [vop2(1, 1, 250, 2), 0xff00e402]),
    ('VOP3 v_add_f32_e64 src0=255 (literal) + lit', vop3(257, 1, 255, V(3)) + [0x3fc00000]),
])
D('Disassembler: VOP3 encoding of VOP2-class ops with odd/unused fields', VI9, [
    ('v_mac_f32_e64 src2=v4', vop3(278, 1, V(2), V(3), V(4))), ('v_mac_f32_e64', vop3(278, 1, V(2), V(3))),
    ('v_madmk_f32 as VOP3 (279)', vop3(279, 1, V(2), V(3))), ('v_ldexp_f32 (648) neg=2', vop3(648, 1, V(2), V(3), neg=2)),
    ('v_ldexp_f32 (648) clamp omod=1', vop3(648, 1, V(2), V(3), clamp=1, omod=1)),
    ('v_cvt_pkrtz_f16_f32 (662) neg=3 clamp', vop3(662, 1, V(2), V(3), neg=3, clamp=1)),
    ('v_bfm_b32 (659) neg=1', vop3(659, 1, V(2), V(3), neg=1)),
])

def fmt_asm(r):
    k, t, w = r
    return ('`%s` [%s]' % (t, w)) if k == 'ok' else ('ERR: %s' % t)

def main():
    out = ['# llvm-mc (LLVM 14.0.6) syntax probes', '',
           'Generated by `probes.py` (helpers in `probe_lib.py`). Assembler rows: `printf "<input>\\n" | llvm-mc -arch=amdgcn -mcpu=<cpu> -show-encoding`;',
           'result = printed text `[encoding words, little-endian dwords as hex]` or ERR: first error message.',
           'Disassembler rows: the words are fed as bytes to `llvm-mc -disassemble -show-encoding`; INVALID(wordN) = "invalid instruction encoding" warning at that dword;',
           '`{re-encodes as ...}` = the printed instruction re-encodes to different words (i.e. some input bits were dropped).', '']
    for kind, title, cpus, items, note in SECTIONS:
        out.append('## ' + title)
        if note:
            out.append(note)
        out.append('')
        out.append('| input | ' + ' | '.join(cpus) + ' |')
        out.append('|---|' + '---|' * len(cpus))
        for it in items:
            if kind == 'asm':
                cells = [fmt_asm(asm(c, it)) for c in cpus]
                label = '`%s`' % it
            else:
                name, words = it
                cells = ['<br>'.join('`%s`' % x for x in dis(c, words)) for c in cpus]
                label = '%s: %s' % (name, ' '.join('%08x' % w for w in words))
            out.append('| ' + label + ' | ' + ' | '.join(x.replace('|', '\\|') for x in cells) + ' |')
        out.append('')
    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes.md'), 'w').write('\n'.join(out) + '\n')

if __name__ == '__main__':
    main()
