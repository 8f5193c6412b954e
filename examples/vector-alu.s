# The vector ALU in CLRX's dialect (gcnkit asm/run take it as it is; GCN 1.2 by default).
# Run it:  gcnkit run examples/vector-alu.s --state examples/state.json --format text
k = 0x3fc00000                              # a symbol: 1.5 as bits (CLRX expressions are integers)
v_add_f32 v4, v1, v2                        # VOP2
v_add_f32 v5, k, v3                         # the literal 1.5
v_add_f32 v6, -v1, abs(v2) mul:2 clamp      # modifiers: the VOP3 form
v_mov_b32 v7, s4                            # VOP1
v_cvt_i32_f32 v8, v2
v_add_u32 v9, vcc, v3, v3; v_addc_u32 v10, vcc, 0, v3, vcc   # two statements: carry in and out
v_cndmask_b32 v11, v1, v2, vcc
v_madmk_f32 v12, v3, 10.0, v1
v_cmp_lt_f32 vcc, v1, v3
v_cmp_lt_f32 s[6:7], v1, v3 vop3            # the compare to an SGPR pair
v_fma_f32 v13, v1, v2, v3
v_div_scale_f32 v14, s[10:11], v2, v2, v1
v_readlane_b32 s5, v3, 7
s_endpgm                                    # the end: run stops here
