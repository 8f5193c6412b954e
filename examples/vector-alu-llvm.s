// The same in LLVM's dialect (llvm-mc 14 assembles it to the same words):
//   gcnkit asm examples/vector-alu-llvm.s      llvm-mc -arch=amdgcn -mcpu=fiji -show-encoding ...
.amdgcn_target "amdgcn-amd-amdhsa--fiji"
v_add_f32_e32 v4, v1, v2
v_add_f32_e32 v5, 0x3fc00000, v3
v_add_f32_e64 v6, -v1, |v2| clamp mul:2
v_mov_b32_e32 v7, s4
v_cvt_i32_f32_e32 v8, v2
v_add_u32_e32 v9, vcc, v3, v3
v_addc_u32_e32 v10, vcc, 0, v3, vcc
v_cndmask_b32_e32 v11, v1, v2, vcc
v_madmk_f32 v12, v3, 0x41200000, v1
v_cmp_lt_f32_e32 vcc, v1, v3
v_cmp_lt_f32_e64 s[6:7], v1, v3
v_fma_f32 v13, v1, v2, v3
v_div_scale_f32 v14, s[10:11], v2, v2, v1
v_readlane_b32 s5, v3, 7
s_endpgm
