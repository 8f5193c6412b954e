	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx600"
	.protected	bits32                  ; -- Begin function bits32
	.globl	bits32
	.p2align	8
	.type	bits32,@function
bits32:                                 ; @bits32
; %bb.0:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s8, s[4:5], 0x4
	s_lshl_b32 s4, s6, 6
	v_add_i32_e32 v0, vcc, s4, v0
	v_mov_b32_e32 v1, 0
	v_lshl_b64 v[0:1], v[0:1], 2
	s_mov_b32 s7, 0x100f000
	s_mov_b32 s6, 0
	s_waitcnt lgkmcnt(0)
	s_mov_b64 s[4:5], s[0:1]
	buffer_load_dword v2, v[0:1], s[4:7], 0 addr64
	s_mov_b64 s[0:1], s[2:3]
	s_mov_b64 s[2:3], s[6:7]
	buffer_load_dword v3, v[0:1], s[0:3], 0 addr64
	s_or_b32 s0, s8, 1
	s_ashr_i32 s1, s8, 31
	s_add_i32 s0, s0, s1
	s_xor_b32 s2, s0, s1
	v_cvt_f32_u32_e32 v4, s2
	s_sub_i32 s0, 0, s2
	s_mov_b32 s9, 0x24924925
	s_mov_b32 s10, 0x4ec4ec4f
	v_rcp_iflag_f32_e32 v4, v4
	s_sub_i32 s11, 0, s8
	s_mov_b32 s3, 0xff00ff
	v_mul_f32_e32 v4, 0x4f7ffffe, v4
	v_cvt_u32_f32_e32 v4, v4
	v_mul_lo_u32 v5, s0, v4
	s_movk_i32 s0, 0xf00f
	v_mul_hi_u32 v5, v4, v5
	v_add_i32_e32 v4, vcc, v5, v4
	s_waitcnt vmcnt(1)
	v_lshlrev_b32_e32 v11, 4, v2
	v_mul_hi_u32 v16, v2, s9
	v_ashrrev_i32_e32 v18, 31, v2
	v_bfe_u32 v10, v2, 5, 10
	s_waitcnt vmcnt(0)
	v_mul_hi_u32 v17, v3, s10
	v_bfi_b32 v11, s0, v3, v11
	v_add_i32_e32 v19, vcc, v2, v18
	v_ffbh_u32_e32 v5, v2
	v_xor_b32_e32 v10, v11, v10
	v_xor_b32_e32 v11, v19, v18
	v_ffbl_b32_e32 v6, v3
	v_min_u32_e32 v5, 32, v5
	v_mul_hi_u32 v4, v11, v4
	v_alignbit_b32 v7, v2, v2, s11
	v_mul_hi_u32 v8, v3, v2
	v_mad_u32_u24 v9, v3, v2, s8
	v_bfrev_b32_e32 v14, v2
	v_bfe_i32 v15, v2, 12, 12
	v_min_u32_e32 v6, 32, v6
	v_bcnt_u32_b32_e32 v5, v2, v5
	v_sub_i32_e32 v2, vcc, v2, v16
	v_add_i32_e32 v5, vcc, v5, v6
	v_lshrrev_b32_e32 v6, 2, v17
	v_lshrrev_b32_e32 v2, 1, v2
	v_mul_lo_u32 v6, v6, 13
	v_add_i32_e32 v2, vcc, v2, v16
	v_alignbit_b32 v12, v3, v3, 8
	v_alignbit_b32 v13, v3, v3, 24
	v_xor_b32_e32 v5, v5, v7
	v_lshrrev_b32_e32 v2, 2, v2
	v_mul_lo_u32 v7, v4, s2
	v_bfi_b32 v12, s3, v13, v12
	v_add_i32_e32 v2, vcc, v2, v14
	v_add_i32_e32 v2, vcc, v2, v12
	v_add_i32_e32 v5, vcc, v9, v5
	v_sub_i32_e32 v3, vcc, v3, v6
	v_add_i32_e32 v2, vcc, v2, v15
	v_add_i32_e32 v5, vcc, v5, v8
	v_add_i32_e32 v8, vcc, 1, v4
	v_sub_i32_e32 v6, vcc, v11, v7
	v_add_i32_e32 v2, vcc, v2, v3
	v_cmp_le_u32_e32 vcc, s2, v6
	v_xor_b32_e32 v13, s1, v18
	v_cndmask_b32_e32 v3, v4, v8, vcc
	v_subrev_i32_e64 v4, s[0:1], s2, v6
	v_cndmask_b32_e32 v4, v6, v4, vcc
	v_add_i32_e32 v6, vcc, 1, v3
	v_cmp_le_u32_e32 vcc, s2, v4
	v_cndmask_b32_e32 v3, v3, v6, vcc
	v_xor_b32_e32 v3, v3, v13
	v_sub_i32_e32 v3, vcc, v3, v13
	v_xor_b32_e32 v5, v10, v5
	v_add_i32_e32 v2, vcc, v2, v3
	v_add_i32_e32 v2, vcc, v2, v5
	buffer_store_dword v2, v[0:1], s[4:7], 0 addr64
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
		.amdhsa_next_free_sgpr 12
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
; codeLenInByte = 472
; NumSgprs: 14
; NumVgprs: 20
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 14
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
	s_load_dword s8, s[4:5], 0x4
	s_lshl_b32 s4, s6, 6
	v_add_i32_e32 v1, vcc, s4, v0
	v_mov_b32_e32 v2, 0
	v_lshl_b64 v[0:1], v[1:2], 3
	s_mov_b32 s6, 0
	s_mov_b32 s7, 0x100f000
	s_waitcnt lgkmcnt(0)
	s_mov_b64 s[4:5], s[0:1]
	buffer_load_dwordx2 v[3:4], v[0:1], s[4:7], 0 addr64
	v_mov_b32_e32 v5, s1
	s_add_i32 s1, s8, 7
	v_add_i32_e32 v0, vcc, s0, v0
	v_addc_u32_e32 v1, vcc, v5, v1, vcc
	s_waitcnt vmcnt(0)
	v_mul_lo_u32 v11, v3, s3
	v_mul_hi_u32 v12, v3, s2
	v_mul_lo_u32 v13, v4, s2
	v_lshl_b64 v[5:6], v[3:4], s8
	v_lshr_b64 v[7:8], v[3:4], s1
	v_mul_lo_u32 v14, v3, s2
	v_bcnt_u32_b32_e64 v15, v3, 0
	v_or_b32_e32 v16, 1, v3
	v_ashr_i64 v[9:10], v[3:4], 17
	v_ffbh_u32_e32 v17, v4
	v_mul_hi_u32 v18, v3, v4
	v_bcnt_u32_b32_e32 v15, v4, v15
	v_mul_lo_u32 v3, v3, v4
	v_ffbh_u32_e32 v4, v16
	v_xor_b32_e32 v5, v5, v7
	v_add_i32_e32 v7, vcc, v12, v11
	v_add_i32_e32 v4, vcc, 32, v4
	v_add_i32_e32 v7, vcc, v7, v13
	v_xor_b32_e32 v6, v6, v8
	v_add_i32_e32 v8, vcc, v14, v15
	v_min_u32_e32 v4, v4, v17
	v_addc_u32_e32 v7, vcc, 0, v7, vcc
	v_add_i32_e32 v4, vcc, v8, v4
	v_addc_u32_e32 v7, vcc, 0, v7, vcc
	v_add_i32_e32 v3, vcc, v4, v3
	v_xor_b32_e32 v5, v5, v9
	v_addc_u32_e32 v7, vcc, v7, v18, vcc
	v_xor_b32_e32 v6, v6, v10
	v_add_i32_e32 v4, vcc, v3, v5
	v_addc_u32_e32 v5, vcc, v7, v6, vcc
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
	s_sub_u32 s0, 0, s2
	s_subb_u32 s1, 0, s3
	v_mov_b32_e32 v10, 0
	v_mac_f32_e32 v2, 0x4f800000, v3
	v_rcp_f32_e32 v2, v2
	v_mul_f32_e32 v2, 0x5f7ffffc, v2
	v_mul_f32_e32 v3, 0x2f800000, v2
	v_trunc_f32_e32 v3, v3
	v_mac_f32_e32 v2, 0xcf800000, v3
	v_cvt_u32_f32_e32 v3, v3
	v_cvt_u32_f32_e32 v2, v2
	v_mul_lo_u32 v6, s0, v3
	v_mul_hi_u32 v7, s0, v2
	v_mul_lo_u32 v9, s1, v2
	v_mul_lo_u32 v8, s0, v2
	v_add_i32_e32 v6, vcc, v7, v6
	v_add_i32_e32 v6, vcc, v6, v9
	v_mul_hi_u32 v7, v2, v8
	v_mul_lo_u32 v9, v2, v6
	v_mul_hi_u32 v11, v2, v6
	v_mul_hi_u32 v12, v3, v6
	v_mul_lo_u32 v6, v3, v6
	v_add_i32_e32 v7, vcc, v7, v9
	v_addc_u32_e32 v9, vcc, 0, v11, vcc
	v_mul_lo_u32 v11, v3, v8
	v_mul_hi_u32 v8, v3, v8
	v_add_i32_e32 v7, vcc, v7, v11
	v_addc_u32_e32 v7, vcc, v9, v8, vcc
	v_addc_u32_e32 v8, vcc, v12, v10, vcc
	v_add_i32_e32 v6, vcc, v7, v6
	v_addc_u32_e32 v7, vcc, 0, v8, vcc
	v_add_i32_e32 v2, vcc, v2, v6
	v_addc_u32_e32 v3, vcc, v3, v7, vcc
	v_mul_lo_u32 v6, s0, v3
	v_mul_hi_u32 v7, s0, v2
	v_mul_lo_u32 v8, s1, v2
	v_add_i32_e32 v6, vcc, v7, v6
	v_mul_lo_u32 v7, s0, v2
	v_add_i32_e32 v6, vcc, v8, v6
	v_mul_lo_u32 v11, v2, v6
	v_mul_hi_u32 v12, v2, v7
	v_mul_hi_u32 v13, v2, v6
	v_mul_hi_u32 v9, v3, v7
	v_mul_lo_u32 v7, v3, v7
	v_mul_hi_u32 v8, v3, v6
	v_add_i32_e32 v11, vcc, v12, v11
	v_addc_u32_e32 v12, vcc, 0, v13, vcc
	v_mul_lo_u32 v6, v3, v6
	v_add_i32_e32 v7, vcc, v11, v7
	v_addc_u32_e32 v7, vcc, v12, v9, vcc
	v_addc_u32_e32 v8, vcc, v8, v10, vcc
	v_add_i32_e32 v6, vcc, v7, v6
	v_addc_u32_e32 v7, vcc, 0, v8, vcc
	v_add_i32_e32 v2, vcc, v2, v6
	v_addc_u32_e32 v3, vcc, v3, v7, vcc
	v_mul_lo_u32 v6, v4, v3
	v_mul_hi_u32 v7, v4, v2
	v_mul_hi_u32 v8, v4, v3
	v_mul_hi_u32 v9, v5, v3
	v_mul_lo_u32 v3, v5, v3
	v_add_i32_e32 v6, vcc, v7, v6
	v_addc_u32_e32 v7, vcc, 0, v8, vcc
	v_mul_lo_u32 v8, v5, v2
	v_mul_hi_u32 v2, v5, v2
	v_add_i32_e32 v6, vcc, v6, v8
	v_addc_u32_e32 v2, vcc, v7, v2, vcc
	v_addc_u32_e32 v6, vcc, v9, v10, vcc
	v_add_i32_e32 v2, vcc, v2, v3
	v_addc_u32_e32 v3, vcc, 0, v6, vcc
	v_mul_lo_u32 v6, s2, v3
	v_mul_hi_u32 v7, s2, v2
	v_mul_lo_u32 v8, s3, v2
	v_mov_b32_e32 v9, s3
	v_add_i32_e32 v6, vcc, v7, v6
	v_mul_lo_u32 v7, s2, v2
	v_add_i32_e32 v6, vcc, v6, v8
	v_sub_i32_e32 v8, vcc, v5, v6
	v_sub_i32_e32 v4, vcc, v4, v7
	v_subb_u32_e64 v7, s[0:1], v8, v9, vcc
	v_subrev_i32_e64 v8, s[0:1], s2, v4
	v_subbrev_u32_e64 v7, s[0:1], 0, v7, s[0:1]
	v_cmp_le_u32_e64 s[0:1], s3, v7
	v_cndmask_b32_e64 v9, 0, -1, s[0:1]
	v_cmp_le_u32_e64 s[0:1], s2, v8
	v_cndmask_b32_e64 v8, 0, -1, s[0:1]
	v_cmp_eq_u32_e64 s[0:1], s3, v7
	v_cndmask_b32_e64 v7, v9, v8, s[0:1]
	v_add_i32_e64 v8, s[0:1], 2, v2
	v_subb_u32_e32 v5, vcc, v5, v6, vcc
	v_addc_u32_e64 v9, s[0:1], 0, v3, s[0:1]
	v_cmp_le_u32_e32 vcc, s3, v5
	v_add_i32_e64 v10, s[0:1], 1, v2
	v_cndmask_b32_e64 v6, 0, -1, vcc
	v_cmp_le_u32_e32 vcc, s2, v4
	v_addc_u32_e64 v11, s[0:1], 0, v3, s[0:1]
	v_cndmask_b32_e64 v4, 0, -1, vcc
	v_cmp_eq_u32_e32 vcc, s3, v5
	v_cmp_ne_u32_e64 s[0:1], 0, v7
	v_cndmask_b32_e32 v4, v6, v4, vcc
	v_cndmask_b32_e64 v7, v11, v9, s[0:1]
	v_cmp_ne_u32_e32 vcc, 0, v4
	v_cndmask_b32_e64 v4, v10, v8, s[0:1]
	v_cndmask_b32_e32 v3, v3, v7, vcc
	v_cndmask_b32_e32 v2, v2, v4, vcc
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
	v_add_i32_e32 v2, vcc, v3, v2
	v_mul_hi_u32 v2, v4, v2
	v_mul_lo_u32 v3, v2, s2
	v_add_i32_e32 v5, vcc, 1, v2
	v_sub_i32_e32 v3, vcc, v4, v3
	v_subrev_i32_e32 v4, vcc, s2, v3
	v_cmp_le_u32_e32 vcc, s2, v3
	v_cndmask_b32_e32 v2, v2, v5, vcc
	v_cndmask_b32_e32 v3, v3, v4, vcc
	v_add_i32_e32 v4, vcc, 1, v2
	v_cmp_le_u32_e32 vcc, s2, v3
	v_cndmask_b32_e32 v2, v2, v4, vcc
	v_mov_b32_e32 v3, 0
.LBB1_4:
	s_or_b64 exec, exec, s[0:1]
	s_mov_b32 s2, 0
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s0, s2
	s_mov_b32 s1, s2
	buffer_store_dwordx2 v[2:3], v[0:1], s[0:3], 0 addr64
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
		.amdhsa_next_free_vgpr 19
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
	.size	bits64, .Lfunc_end1-bits64
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 1108
; NumSgprs: 11
; NumVgprs: 19
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 11
; NumVGPRsForWavesPerEU: 19
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
    .sgpr_count:     14
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
    .sgpr_count:     11
    .sgpr_spill_count: 0
    .symbol:         bits64.kd
    .vgpr_count:     19
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
