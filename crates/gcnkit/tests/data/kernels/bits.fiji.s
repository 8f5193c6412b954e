	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx803"
	.protected	bits32                  ; -- Begin function bits32
	.globl	bits32
	.p2align	8
	.type	bits32,@function
bits32:                                 ; @bits32
; %bb.0:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s4, s[4:5], 0x10
	s_lshl_b32 s5, s6, 6
	v_add_u32_e32 v0, vcc, s5, v0
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v3, s1
	v_add_u32_e32 v2, vcc, s0, v0
	v_addc_u32_e32 v3, vcc, v3, v1, vcc
	v_mov_b32_e32 v5, s3
	v_add_u32_e32 v0, vcc, s2, v0
	flat_load_dword v4, v[2:3]
	v_addc_u32_e32 v1, vcc, v5, v1, vcc
	flat_load_dword v0, v[0:1]
	s_or_b32 s0, s4, 1
	s_ashr_i32 s1, s4, 31
	s_add_i32 s0, s0, s1
	s_xor_b32 s2, s0, s1
	v_cvt_f32_u32_e32 v1, s2
	s_sub_i32 s0, 0, s2
	s_mov_b32 s5, 0x24924925
	s_mov_b32 s6, 0x4ec4ec4f
	v_rcp_iflag_f32_e32 v1, v1
	s_sub_i32 s7, 0, s4
	s_mov_b32 s3, 0x10203
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	v_mul_lo_u32 v5, s0, v1
	s_movk_i32 s0, 0xf00f
	v_mul_hi_u32 v5, v1, v5
	v_add_u32_e32 v1, vcc, v5, v1
	s_waitcnt vmcnt(1)
	v_lshlrev_b32_e32 v11, 4, v4
	v_ashrrev_i32_e32 v17, 31, v4
	v_bfe_u32 v10, v4, 5, 10
	v_mul_hi_u32 v15, v4, s5
	s_waitcnt vmcnt(0)
	v_bfi_b32 v11, s0, v0, v11
	v_add_u32_e32 v19, vcc, v4, v17
	v_mul_hi_u32 v16, v0, s6
	v_xor_b32_e32 v10, v11, v10
	v_xor_b32_e32 v11, v19, v17
	v_ffbh_u32_e32 v5, v4
	v_mul_hi_u32 v1, v11, v1
	v_ffbl_b32_e32 v6, v0
	v_min_u32_e32 v5, 32, v5
	v_alignbit_b32 v7, v4, v4, s7
	v_mul_hi_u32 v8, v0, v4
	v_mad_u32_u24 v9, v0, v4, s4
	v_bfrev_b32_e32 v13, v4
	v_bfe_i32 v14, v4, 12, 12
	v_min_u32_e32 v6, 32, v6
	v_bcnt_u32_b32 v5, v4, v5
	v_sub_u32_e32 v4, vcc, v4, v15
	v_add_u32_e32 v5, vcc, v5, v6
	v_lshrrev_b32_e32 v6, 2, v16
	v_lshrrev_b32_e32 v4, 1, v4
	v_xor_b32_e32 v5, v5, v7
	v_mul_lo_u32 v6, v6, 13
	v_add_u32_e32 v4, vcc, v4, v15
	v_mul_lo_u32 v7, v1, s2
	v_lshrrev_b32_e32 v4, 2, v4
	v_perm_b32 v12, 0, v0, s3
	v_add_u32_e32 v4, vcc, v4, v13
	v_add_u32_e32 v5, vcc, v9, v5
	v_add_u32_e32 v4, vcc, v4, v12
	v_add_u32_e32 v5, vcc, v5, v8
	v_add_u32_e32 v8, vcc, 1, v1
	v_sub_u32_e32 v0, vcc, v0, v6
	v_add_u32_e32 v4, vcc, v4, v14
	v_sub_u32_e32 v6, vcc, v11, v7
	v_cmp_le_u32_e32 vcc, s2, v6
	v_xor_b32_e32 v18, s1, v17
	v_cndmask_b32_e32 v1, v1, v8, vcc
	v_subrev_u32_e64 v7, s[0:1], s2, v6
	v_cndmask_b32_e32 v6, v6, v7, vcc
	v_add_u32_e32 v7, vcc, 1, v1
	v_cmp_le_u32_e32 vcc, s2, v6
	v_cndmask_b32_e32 v1, v1, v7, vcc
	v_xor_b32_e32 v1, v1, v18
	v_sub_u32_e32 v1, vcc, v1, v18
	v_add_u32_e32 v0, vcc, v4, v0
	v_xor_b32_e32 v5, v10, v5
	v_add_u32_e32 v0, vcc, v0, v1
	v_add_u32_e32 v0, vcc, v0, v5
	flat_store_dword v[2:3], v0
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel bits32
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
		.amdhsa_next_free_sgpr 8
		.amdhsa_reserve_flat_scratch 0
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
	.size	bits32, .Lfunc_end0-bits32
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 468
; NumSgprs: 10
; NumVgprs: 20
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 10
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
	.protected	bits64                  ; -- Begin function bits64
	.globl	bits64
	.p2align	8
	.type	bits64,@function
bits64:                                 ; @bits64
; %bb.0:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s4, s[4:5], 0x10
	s_lshl_b32 s5, s6, 6
	v_add_u32_e32 v1, vcc, s5, v0
	v_mov_b32_e32 v2, 0
	v_lshlrev_b64 v[0:1], 3, v[1:2]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v3, s1
	v_add_u32_e32 v0, vcc, s0, v0
	v_addc_u32_e32 v1, vcc, v3, v1, vcc
	flat_load_dwordx2 v[3:4], v[0:1]
	s_add_i32 s0, s4, 7
	s_waitcnt vmcnt(0)
	v_lshrrev_b64 v[7:8], s0, v[3:4]
	v_mul_lo_u32 v13, v3, s3
	v_mad_u64_u32 v[11:12], s[0:1], v3, s2, 0
	v_mul_lo_u32 v14, v4, s2
	v_lshlrev_b64 v[5:6], s4, v[3:4]
	v_or_b32_e32 v16, 1, v3
	v_bcnt_u32_b32 v15, v3, 0
	v_ffbh_u32_e32 v16, v16
	v_xor_b32_e32 v8, v6, v8
	v_add_u32_e32 v6, vcc, v12, v13
	v_bcnt_u32_b32 v15, v4, v15
	v_xor_b32_e32 v7, v5, v7
	v_add_u32_e32 v5, vcc, 32, v16
	v_add_u32_e32 v6, vcc, v6, v14
	v_ffbh_u32_e32 v17, v4
	v_add_u32_e32 v11, vcc, v11, v15
	v_min_u32_e32 v5, v5, v17
	v_addc_u32_e32 v6, vcc, 0, v6, vcc
	v_add_u32_e32 v5, vcc, v11, v5
	v_addc_u32_e32 v6, vcc, 0, v6, vcc
	v_ashrrev_i64 v[9:10], 17, v[3:4]
	v_mad_u64_u32 v[4:5], s[0:1], v3, v4, v[5:6]
	v_xor_b32_e32 v6, v7, v9
	v_xor_b32_e32 v3, v8, v10
	v_add_u32_e32 v4, vcc, v4, v6
	v_addc_u32_e32 v5, vcc, v5, v3, vcc
	v_or_b32_e32 v3, s3, v5
	v_cmp_ne_u64_e32 vcc, 0, v[2:3]
	s_or_b32 s2, s2, 1
                                        ; implicit-def: $vgpr2_vgpr3
	s_and_saveexec_b64 s[0:1], vcc
	s_xor_b64 s[4:5], exec, s[0:1]
	s_cbranch_execz .LBB1_2
; %bb.1:
	v_cvt_f32_u32_e32 v2, s2
	v_cvt_f32_u32_e32 v3, s3
	s_sub_u32 s6, 0, s2
	s_subb_u32 s7, 0, s3
	v_mov_b32_e32 v12, 0
	v_mac_f32_e32 v2, 0x4f800000, v3
	v_rcp_f32_e32 v2, v2
	v_mul_f32_e32 v2, 0x5f7ffffc, v2
	v_mul_f32_e32 v3, 0x2f800000, v2
	v_trunc_f32_e32 v3, v3
	v_mac_f32_e32 v2, 0xcf800000, v3
	v_cvt_u32_f32_e32 v8, v3
	v_cvt_u32_f32_e32 v9, v2
	v_mul_lo_u32 v6, s6, v8
	v_mad_u64_u32 v[2:3], s[0:1], s6, v9, 0
	v_mul_lo_u32 v7, s7, v9
	v_add_u32_e32 v3, vcc, v6, v3
	v_add_u32_e32 v11, vcc, v3, v7
	v_mul_hi_u32 v10, v9, v2
	v_mad_u64_u32 v[6:7], s[0:1], v9, v11, 0
	v_mad_u64_u32 v[2:3], s[0:1], v8, v2, 0
	v_add_u32_e32 v10, vcc, v10, v6
	v_addc_u32_e32 v13, vcc, 0, v7, vcc
	v_mad_u64_u32 v[6:7], s[0:1], v8, v11, 0
	v_add_u32_e32 v2, vcc, v10, v2
	v_addc_u32_e32 v2, vcc, v13, v3, vcc
	v_addc_u32_e32 v3, vcc, v7, v12, vcc
	v_add_u32_e32 v2, vcc, v2, v6
	v_addc_u32_e32 v3, vcc, 0, v3, vcc
	v_add_u32_e32 v10, vcc, v9, v2
	v_addc_u32_e32 v11, vcc, v8, v3, vcc
	v_mad_u64_u32 v[2:3], s[0:1], s6, v10, 0
	v_mul_lo_u32 v8, s6, v11
	v_mul_lo_u32 v9, s7, v10
	v_mul_hi_u32 v13, v10, v2
	v_mad_u64_u32 v[6:7], s[0:1], v11, v2, 0
	v_add_u32_e32 v3, vcc, v3, v8
	v_add_u32_e32 v3, vcc, v9, v3
	v_mad_u64_u32 v[8:9], s[0:1], v10, v3, 0
	v_mad_u64_u32 v[2:3], s[0:1], v11, v3, 0
	v_add_u32_e32 v8, vcc, v13, v8
	v_addc_u32_e32 v9, vcc, 0, v9, vcc
	v_add_u32_e32 v6, vcc, v8, v6
	v_addc_u32_e32 v6, vcc, v9, v7, vcc
	v_addc_u32_e32 v3, vcc, v3, v12, vcc
	v_add_u32_e32 v2, vcc, v6, v2
	v_addc_u32_e32 v3, vcc, 0, v3, vcc
	v_add_u32_e32 v6, vcc, v10, v2
	v_addc_u32_e32 v7, vcc, v11, v3, vcc
	v_mad_u64_u32 v[2:3], s[0:1], v4, v7, 0
	v_mul_hi_u32 v8, v4, v6
	v_add_u32_e32 v8, vcc, v8, v2
	v_addc_u32_e32 v9, vcc, 0, v3, vcc
	v_mad_u64_u32 v[2:3], s[0:1], v5, v6, 0
	v_mad_u64_u32 v[6:7], s[0:1], v5, v7, 0
	v_add_u32_e32 v2, vcc, v8, v2
	v_addc_u32_e32 v2, vcc, v9, v3, vcc
	v_addc_u32_e32 v3, vcc, v7, v12, vcc
	v_add_u32_e32 v6, vcc, v2, v6
	v_addc_u32_e32 v7, vcc, 0, v3, vcc
	v_mul_lo_u32 v8, s2, v7
	v_mad_u64_u32 v[2:3], s[0:1], s2, v6, 0
	v_mul_lo_u32 v9, s3, v6
	v_add_u32_e32 v3, vcc, v3, v8
	v_add_u32_e32 v3, vcc, v3, v9
	v_sub_u32_e32 v8, vcc, v5, v3
	v_mov_b32_e32 v9, s3
	v_sub_u32_e32 v2, vcc, v4, v2
	v_subb_u32_e64 v4, s[0:1], v8, v9, vcc
	v_subrev_u32_e64 v8, s[0:1], s2, v2
	v_subbrev_u32_e64 v4, s[0:1], 0, v4, s[0:1]
	v_cmp_le_u32_e64 s[0:1], s3, v4
	v_cndmask_b32_e64 v9, 0, -1, s[0:1]
	v_cmp_le_u32_e64 s[0:1], s2, v8
	v_cndmask_b32_e64 v8, 0, -1, s[0:1]
	v_cmp_eq_u32_e64 s[0:1], s3, v4
	v_cndmask_b32_e64 v4, v9, v8, s[0:1]
	v_add_u32_e64 v8, s[0:1], 2, v6
	v_subb_u32_e32 v3, vcc, v5, v3, vcc
	v_addc_u32_e64 v9, s[0:1], 0, v7, s[0:1]
	v_cmp_le_u32_e32 vcc, s3, v3
	v_add_u32_e64 v10, s[0:1], 1, v6
	v_cndmask_b32_e64 v5, 0, -1, vcc
	v_cmp_le_u32_e32 vcc, s2, v2
	v_addc_u32_e64 v11, s[0:1], 0, v7, s[0:1]
	v_cndmask_b32_e64 v2, 0, -1, vcc
	v_cmp_eq_u32_e32 vcc, s3, v3
	v_cmp_ne_u32_e64 s[0:1], 0, v4
	v_cndmask_b32_e32 v2, v5, v2, vcc
	v_cndmask_b32_e64 v4, v11, v9, s[0:1]
	v_cmp_ne_u32_e32 vcc, 0, v2
	v_cndmask_b32_e64 v2, v10, v8, s[0:1]
	v_cndmask_b32_e32 v3, v7, v4, vcc
	v_cndmask_b32_e32 v2, v6, v2, vcc
                                        ; implicit-def: $vgpr4
.LBB1_2:
	s_or_saveexec_b64 s[0:1], s[4:5]
	s_xor_b64 exec, exec, s[0:1]
	s_cbranch_execz .LBB1_4
; %bb.3:
	v_cvt_f32_u32_e32 v2, s2
	s_sub_i32 s3, 0, s2
	v_rcp_iflag_f32_e32 v2, v2
	v_mul_f32_e32 v2, 0x4f7ffffe, v2
	v_cvt_u32_f32_e32 v2, v2
	v_mul_lo_u32 v3, s3, v2
	v_mul_hi_u32 v3, v2, v3
	v_add_u32_e32 v2, vcc, v3, v2
	v_mul_hi_u32 v2, v4, v2
	v_mul_lo_u32 v3, v2, s2
	v_add_u32_e32 v5, vcc, 1, v2
	v_sub_u32_e32 v3, vcc, v4, v3
	v_subrev_u32_e32 v4, vcc, s2, v3
	v_cmp_le_u32_e32 vcc, s2, v3
	v_cndmask_b32_e32 v2, v2, v5, vcc
	v_cndmask_b32_e32 v3, v3, v4, vcc
	v_add_u32_e32 v4, vcc, 1, v2
	v_cmp_le_u32_e32 vcc, s2, v3
	v_cndmask_b32_e32 v2, v2, v4, vcc
	v_mov_b32_e32 v3, 0
.LBB1_4:
	s_or_b64 exec, exec, s[0:1]
	flat_store_dwordx2 v[0:1], v[2:3]
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel bits64
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
		.amdhsa_next_free_vgpr 18
		.amdhsa_next_free_sgpr 8
		.amdhsa_reserve_flat_scratch 0
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
	.size	bits64, .Lfunc_end1-bits64
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 1020
; NumSgprs: 10
; NumVgprs: 18
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 18
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
        .type_name:      'uint*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'uint*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           bits32
    .private_segment_fixed_size: 0
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         bits32.kd
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'ulong*'
        .value_kind:     global_buffer
      - .offset:         8
        .size:           8
        .type_name:      ulong
        .value_kind:     by_value
      - .offset:         16
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           bits64
    .private_segment_fixed_size: 0
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         bits64.kd
    .vgpr_count:     18
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx803
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
