// Both dialects in one file (gcnkit asm --syntax auto, the default), GCN 1.2.
k = 1.5                                     // a CLRX symbol
v_add_f32 v1, v2, v3                        // 32-bit VOP2
v_add_f32 v1, k, v3                         // literal 1.5
v_add_f32 v1, -v2, abs(v3) mul:2 clamp      // CLRX modifiers: VOP3
v_add_f32_e64 v1, -v2, |v3| clamp mul:2     // the same in LLVM's spelling
v_add_u32 v1, vcc, v2, v3; v_addc_u32 v4, vcc, v5, v6, vcc   // CLRX: two statements
v_add_u32 v1, s[4:5], v2, v3                // carry out to an SGPR pair: VOP3B
v_cndmask_b32 v1, v2, v3, vcc
v_madmk_f32 v1, v2, 10.0, v3
v_cmp_lt_f32 vcc, v2, v3
v_cmp_lt_f32_e64 s[4:5], v2, v3             ; an LLVM comment
v_fma_f32 v1, v2, v3, v4
v_div_scale_f32 v1, s[10:11], v2, v3, v4
v_readlane_b32 s5, v2, s3
.long 0xbf810000                            // data: s_endpgm
