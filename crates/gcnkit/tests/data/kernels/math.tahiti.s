	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx600"
	.protected	math_f32                ; -- Begin function math_f32
	.globl	math_f32
	.p2align	8
	.type	math_f32,@function
math_f32:                               ; @math_f32
; %bb.0:
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dword s12, s[4:5], 0x4
	s_lshl_b32 s0, s6, 6
	v_add_i32_e32 v0, vcc, s0, v0
	v_mov_b32_e32 v1, 0
	v_lshl_b64 v[0:1], v[0:1], 2
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s2, 0
	s_waitcnt lgkmcnt(0)
	s_mov_b64 s[0:1], s[8:9]
	buffer_load_dword v2, v[0:1], s[0:3], 0 addr64
	s_mov_b64 s[4:5], s[10:11]
	s_mov_b64 s[6:7], s[2:3]
	buffer_load_dword v3, v[0:1], s[4:7], 0 addr64
	v_mul_f32_e64 v4, 1.0, s12
	s_brev_b32 s4, -2
	s_waitcnt vmcnt(1)
	v_sqrt_f32_e64 v5, |v2|
	v_exp_f32_e32 v11, v2
	v_ceil_f32_e32 v7, v2
	s_waitcnt vmcnt(0)
	v_log_f32_e64 v12, |v3|
	v_add_f32_e64 v13, |v3|, 1.0
	v_floor_f32_e32 v6, v3
	v_mul_f32_e32 v9, 1.0, v3
	v_mul_f32_e32 v10, 1.0, v2
	v_rcp_f32_e32 v14, v2
	v_rsq_f32_e32 v13, v13
	v_trunc_f32_e32 v8, v3
	v_min_f32_e32 v9, v10, v9
	v_max_f32_e32 v4, v10, v4
	v_mac_f32_e32 v5, v6, v7
	v_fract_f32_e32 v15, v2
	v_ldexp_f32_e64 v16, v3, 3
	v_frexp_exp_i32_f32_e32 v18, v3
	v_sub_f32_e32 v4, v9, v4
	v_fma_f32 v5, v5, s12, v8
	v_frexp_mant_f32_e32 v17, v2
	v_add_f32_e32 v15, v15, v16
	v_cvt_f32_i32_e32 v16, v18
	v_add_f32_e32 v6, v11, v12
	v_add_f32_e32 v4, v4, v5
	v_sin_f32_e32 v19, v2
	v_cos_f32_e32 v10, v3
	v_add_f32_e32 v9, v17, v15
	v_add_f32_e32 v7, v14, v13
	v_add_f32_e32 v4, v6, v4
	v_mac_f32_e32 v9, v7, v4
	v_sub_f32_e32 v2, v2, v3
	v_bfi_b32 v3, s4, v9, v3
	v_add_f32_e32 v3, v3, v16
	v_mac_f32_e32 v3, v19, v10
	v_div_scale_f32 v4, s[4:5], v2, v2, v3
	v_rcp_f32_e32 v5, v4
	v_div_scale_f32 v6, vcc, v3, v2, v3
	s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3
	v_fma_f32 v7, -v4, v5, 1.0
	v_fma_f32 v5, v7, v5, v5
	v_mul_f32_e32 v7, v6, v5
	v_fma_f32 v8, -v4, v7, v6
	v_fma_f32 v7, v8, v5, v7
	v_fma_f32 v4, -v4, v7, v6
	s_setreg_b32 hwreg(HW_REG_MODE, 4, 2), s2
	v_div_fmas_f32 v4, v4, v5, v7
	v_div_fixup_f32 v2, v4, v2, v3
	buffer_store_dword v2, v[0:1], s[0:3], 0 addr64
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel math_f32
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 20
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 20
		.amdhsa_next_free_sgpr 13
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 0
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	math_f32, .Lfunc_end0-math_f32
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 424
; NumSgprs: 15
; NumVgprs: 20
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 15
; NumVGPRsForWavesPerEU: 20
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	math_f64                ; -- Begin function math_f64
	.globl	math_f64
	.p2align	8
	.type	math_f64,@function
math_f64:                               ; @math_f64
; %bb.0:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_lshl_b32 s4, s6, 6
	v_add_i32_e32 v0, vcc, s4, v0
	v_mov_b32_e32 v1, 0
	s_mov_b32 s7, 0x100f000
	s_mov_b32 s6, 0
	v_lshl_b64 v[0:1], v[0:1], 3
	s_waitcnt lgkmcnt(0)
	s_mov_b64 s[4:5], s[0:1]
	s_mov_b64 s[0:1], s[2:3]
	s_mov_b64 s[2:3], s[6:7]
	buffer_load_dwordx2 v[4:5], v[0:1], s[0:3], 0 addr64
	buffer_load_dwordx2 v[2:3], v[0:1], s[4:7], 0 addr64
	v_mov_b32_e32 v6, -1
	v_mov_b32_e32 v7, 0x3fefffff
	s_movk_i32 s8, 0xfc01
	s_mov_b32 s2, -1
	s_mov_b32 s3, 0xfffff
	s_mov_b32 s1, 0x3ff80000
	s_mov_b32 s0, s6
	s_waitcnt vmcnt(1)
	v_fract_f64_e32 v[18:19], v[4:5]
	v_cmp_class_f64_e64 vcc, v[4:5], 3
	v_min_f64 v[6:7], v[18:19], v[6:7]
	v_max_f64 v[12:13], v[4:5], v[4:5]
	s_waitcnt vmcnt(0)
	v_max_f64 v[14:15], v[2:3], v[2:3]
	v_max_f64 v[16:17], -v[4:5], -v[4:5]
	v_cndmask_b32_e32 v6, v6, v4, vcc
	v_cndmask_b32_e32 v7, v7, v5, vcc
	v_min_f64 v[12:13], v[14:15], v[12:13]
	v_max_f64 v[14:15], v[14:15], v[16:17]
	v_bfe_u32 v20, v3, 20, 11
	v_add_f64 v[6:7], v[4:5], -v[6:7]
	v_add_i32_e32 v18, vcc, s8, v20
	v_fma_f64 v[6:7], v[12:13], v[14:15], v[6:7]
	v_lshr_b64 v[14:15], s[2:3], v18
	v_sqrt_f64_e64 v[8:9], |v[2:3]|
	v_rsq_f64_e32 v[16:17], v[4:5]
	v_rcp_f64_e32 v[12:13], v[2:3]
	v_not_b32_e32 v15, v15
	v_not_b32_e32 v14, v14
	v_fma_f64 v[10:11], v[2:3], v[4:5], s[0:1]
	v_and_b32_e32 v21, 0x80000000, v3
	v_and_b32_e32 v15, v3, v15
	v_and_b32_e32 v14, v2, v14
	v_cmp_gt_i32_e32 vcc, 0, v18
	v_cndmask_b32_e32 v15, v15, v21, vcc
	v_cndmask_b32_e64 v14, v14, 0, vcc
	v_cmp_lt_i32_e32 vcc, 51, v18
	v_add_f64 v[8:9], v[8:9], v[10:11]
	v_ldexp_f64 v[10:11], v[2:3], 5
	v_cndmask_b32_e32 v3, v15, v3, vcc
	v_cndmask_b32_e32 v2, v14, v2, vcc
	v_add_f64 v[12:13], v[12:13], v[16:17]
	v_add_f64 v[2:3], v[2:3], v[6:7]
	v_add_f64 v[6:7], v[10:11], v[12:13]
	v_add_f64 v[2:3], v[8:9], v[2:3]
	v_add_f64 v[2:3], v[6:7], v[2:3]
	v_div_scale_f64 v[6:7], s[0:1], v[4:5], v[4:5], v[2:3]
	v_rcp_f64_e32 v[8:9], v[6:7]
	v_fma_f64 v[10:11], -v[6:7], v[8:9], 1.0
	v_fma_f64 v[8:9], v[8:9], v[10:11], v[8:9]
	v_div_scale_f64 v[10:11], s[0:1], v[2:3], v[4:5], v[2:3]
	v_fma_f64 v[12:13], -v[6:7], v[8:9], 1.0
	v_cmp_eq_u32_e64 s[0:1], v5, v7
	v_fma_f64 v[8:9], v[8:9], v[12:13], v[8:9]
	v_cmp_eq_u32_e32 vcc, v3, v11
	v_mul_f64 v[12:13], v[10:11], v[8:9]
	s_xor_b64 vcc, vcc, s[0:1]
	v_fma_f64 v[6:7], -v[6:7], v[12:13], v[10:11]
	s_nop 0
	v_div_fmas_f64 v[6:7], v[6:7], v[8:9], v[12:13]
	v_div_fixup_f64 v[2:3], v[6:7], v[4:5], v[2:3]
	buffer_store_dwordx2 v[2:3], v[0:1], s[4:7], 0 addr64
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel math_f64
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 22
		.amdhsa_next_free_sgpr 9
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 0
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end1:
	.size	math_f64, .Lfunc_end1-math_f64
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 588
; NumSgprs: 11
; NumVgprs: 22
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 11
; NumVGPRsForWavesPerEU: 22
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	math_mixed              ; -- Begin function math_mixed
	.globl	math_mixed
	.p2align	8
	.type	math_mixed,@function
math_mixed:                             ; @math_mixed
; %bb.0:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	s_load_dwordx2 s[4:5], s[4:5], 0x2
	s_lshl_b32 s2, s6, 6
	v_add_i32_e32 v0, vcc, s2, v0
	v_mov_b32_e32 v1, 0
	v_lshl_b64 v[0:1], v[0:1], 2
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s2, 0
	s_waitcnt lgkmcnt(0)
	buffer_load_dword v2, v[0:1], s[0:3], 0 addr64
	v_mul_f32_e64 v3, 1.0, s4
	s_mov_b32 s6, 0x7f800000
	v_mul_f32_e64 v4, 1.0, s5
	v_mov_b32_e32 v5, s5
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v6, 1.0, v2
	v_max_f32_e32 v3, v6, v3
	v_min_f32_e32 v3, v3, v4
	v_cmp_neq_f32_e64 vcc, |v2|, s6
	v_cndmask_b32_e32 v3, 1.0, v3, vcc
	v_cmp_o_f32_e32 vcc, v2, v2
	v_mad_f32 v7, v2, 0.5, s5
	v_cndmask_b32_e32 v3, 0, v3, vcc
	v_sub_f32_e32 v3, v7, v3
	v_med3_f32 v2, v2, s4, v5
	v_add_f32_e32 v2, v2, v3
	buffer_store_dword v2, v[0:1], s[0:3], 0 addr64
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel math_mixed
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 7
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 0
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end2:
	.size	math_mixed, .Lfunc_end2-math_mixed
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 172
; NumSgprs: 9
; NumVgprs: 8
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 9
; NumVGPRsForWavesPerEU: 8
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack"
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      float
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           math_f32
    .private_segment_fixed_size: 0
    .sgpr_count:     15
    .sgpr_spill_count: 0
    .symbol:         math_f32.kd
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'double*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'double*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           math_f64
    .private_segment_fixed_size: 0
    .sgpr_count:     11
    .sgpr_spill_count: 0
    .symbol:         math_f64.kd
    .vgpr_count:     22
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .type_name:      float
        .value_kind:     by_value
      - .offset:         12
        .size:           4
        .type_name:      float
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           math_mixed
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .symbol:         math_mixed.kd
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
