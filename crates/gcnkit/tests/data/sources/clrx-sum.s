/* A hand-written kernel in CLRX's dialect and ROCm form (code object v2): an included file
 * of register names and a macro, .rept unrolling, conditional assembly on a symbol that
 * --defsym may set, the kernel header from .config with the register counts left to the
 * assembler. gcnkit and clrxasm must build the same .text (tests/clrx_rocm.rs). */
.rocm
.gpu Fiji
.include "clrx-regs.inc"
.ifndef ROWS
    .set ROWS, 4
.endif
.kernel sum_rows
    .config
        .dims x
        .use_private_segment_buffer
        .use_kernarg_segment_ptr
        .kernarg_segment_size 16
.text
sum_rows:
    .skip 256
    s_load_dwordx2 s[0:1], s[sArg:sArg+1], 0x0
    v_mov_b32 v[vAcc], 0
    .set vrow, 20
    ADD_ROW vrow, ROWS
.if ROWS > 4
    v_mul_f32 v[vAcc], 2.0, v[vAcc]
.else
    v_mul_f32 v[vAcc], 0.5, v[vAcc]
.endif
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v1, s1
    flat_store_dword v[0:1], v[vAcc]
    s_endpgm
