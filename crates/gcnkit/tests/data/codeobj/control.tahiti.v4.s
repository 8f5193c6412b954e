	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx600"
	.protected	interp                  ; -- Begin function interp
	.globl	interp
	.p2align	8
	.type	interp,@function
interp:                                 ; @interp
; %bb.0:
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dwordx2 s[4:5], s[4:5], 0x4
	s_lshl_b32 s0, s6, 6
	v_mov_b32_e32 v4, 0
	v_add_i32_e32 v0, vcc, s0, v0
	v_mov_b32_e32 v1, v4
	v_lshl_b64 v[1:2], v[0:1], 2
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s2, 0
	s_waitcnt lgkmcnt(0)
	s_mov_b64 s[0:1], s[10:11]
	buffer_load_dword v5, v[1:2], s[0:3], 0 addr64
	s_cmp_eq_u32 s5, 0
	s_cselect_b64 s[0:1], -1, 0
	s_cmp_eq_u32 s4, 0
	v_mov_b32_e32 v3, s11
	v_add_i32_e32 v1, vcc, s10, v1
	s_cselect_b64 s[6:7], -1, 0
	v_addc_u32_e32 v2, vcc, v3, v2, vcc
	s_or_b64 s[0:1], s[0:1], s[6:7]
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB0_36
; %bb.1:
	s_mov_b32 s0, s8
	s_mov_b32 s1, s9
	s_mov_b32 s18, 1
	s_mov_b64 s[6:7], 0
	v_mov_b32_e32 v3, v4
	s_branch .LBB0_3
.LBB0_2:                                ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[8:9]
	s_and_b64 s[8:9], exec, s[12:13]
	s_or_b64 s[6:7], s[8:9], s[6:7]
	s_andn2_b64 exec, exec, s[6:7]
	s_cbranch_execz .LBB0_35
.LBB0_3:                                ; =>This Inner Loop Header: Depth=1
	buffer_load_ubyte v7, v[3:4], s[0:3], 0 addr64
	v_add_i32_e32 v6, vcc, 1, v3
                                        ; implicit-def: $sgpr10_sgpr11
	s_waitcnt vmcnt(0)
	v_and_b32_e32 v7, 7, v7
	v_cmp_lt_i32_e32 vcc, 2, v7
	s_and_saveexec_b64 s[8:9], vcc
	s_xor_b64 s[8:9], exec, s[8:9]
	s_cbranch_execz .LBB0_23
; %bb.4:                                ;   in Loop: Header=BB0_3 Depth=1
	v_cmp_lt_i32_e32 vcc, 4, v7
                                        ; implicit-def: $sgpr10_sgpr11
	s_and_saveexec_b64 s[12:13], vcc
	s_xor_b64 s[12:13], exec, s[12:13]
	s_cbranch_execz .LBB0_12
; %bb.5:                                ;   in Loop: Header=BB0_3 Depth=1
	v_cmp_lt_i32_e32 vcc, 5, v7
                                        ; implicit-def: $sgpr14_sgpr15
	s_and_saveexec_b64 s[10:11], vcc
	s_xor_b64 s[10:11], exec, s[10:11]
	s_cbranch_execz .LBB0_9
; %bb.6:                                ;   in Loop: Header=BB0_3 Depth=1
	v_cmp_ne_u32_e32 vcc, 6, v7
	s_and_saveexec_b64 s[14:15], vcc
	s_xor_b64 s[14:15], exec, s[14:15]
	s_or_saveexec_b64 s[14:15], s[14:15]
	s_mov_b64 s[16:17], 0
	s_xor_b64 exec, exec, s[14:15]
; %bb.7:                                ;   in Loop: Header=BB0_3 Depth=1
	s_mov_b64 s[16:17], exec
	v_lshlrev_b32_e32 v0, 1, v0
; %bb.8:                                ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[14:15]
	s_and_b64 s[14:15], s[16:17], exec
.LBB0_9:                                ;   in Loop: Header=BB0_3 Depth=1
	s_or_saveexec_b64 s[10:11], s[10:11]
	s_xor_b64 exec, exec, s[10:11]
; %bb.10:                               ;   in Loop: Header=BB0_3 Depth=1
	v_sub_i32_e32 v5, vcc, 0, v5
	s_or_b64 s[14:15], s[14:15], exec
; %bb.11:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[10:11]
	s_and_b64 s[10:11], s[14:15], exec
                                        ; implicit-def: $vgpr7
.LBB0_12:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_saveexec_b64 s[12:13], s[12:13]
	s_xor_b64 exec, exec, s[12:13]
	s_cbranch_execz .LBB0_22
; %bb.13:                               ;   in Loop: Header=BB0_3 Depth=1
	v_cmp_lt_i32_e32 vcc, 3, v7
	s_and_saveexec_b64 s[14:15], vcc
	s_xor_b64 s[14:15], exec, s[14:15]
	s_cbranch_execz .LBB0_19
; %bb.14:                               ;   in Loop: Header=BB0_3 Depth=1
	v_cmp_lt_i32_e32 vcc, -1, v5
	s_and_saveexec_b64 s[16:17], vcc
	s_xor_b64 s[16:17], exec, s[16:17]
; %bb.15:                               ;   in Loop: Header=BB0_3 Depth=1
	v_add_i32_e32 v6, vcc, 2, v3
; %bb.16:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_saveexec_b64 s[16:17], s[16:17]
	s_xor_b64 exec, exec, s[16:17]
	s_cbranch_execz .LBB0_18
; %bb.17:                               ;   in Loop: Header=BB0_3 Depth=1
	buffer_load_ubyte v3, v[3:4], s[0:3], 0 addr64 offset:1
	s_waitcnt vmcnt(0)
	v_add_i32_e32 v6, vcc, v6, v3
.LBB0_18:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[16:17]
.LBB0_19:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_saveexec_b64 s[14:15], s[14:15]
	s_xor_b64 exec, exec, s[14:15]
; %bb.20:                               ;   in Loop: Header=BB0_3 Depth=1
	v_xor_b32_e32 v0, v5, v0
; %bb.21:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[14:15]
	s_or_b64 s[10:11], s[10:11], exec
.LBB0_22:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[12:13]
	s_and_b64 s[10:11], s[10:11], exec
	v_mov_b32_e32 v3, v6
                                        ; implicit-def: $vgpr7
                                        ; implicit-def: $vgpr6
.LBB0_23:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_saveexec_b64 s[8:9], s[8:9]
	s_xor_b64 exec, exec, s[8:9]
	s_cbranch_execz .LBB0_33
; %bb.24:                               ;   in Loop: Header=BB0_3 Depth=1
	v_cmp_lt_i32_e32 vcc, 0, v7
	s_and_saveexec_b64 s[12:13], vcc
	s_xor_b64 s[12:13], exec, s[12:13]
	s_cbranch_execz .LBB0_30
; %bb.25:                               ;   in Loop: Header=BB0_3 Depth=1
	v_cmp_lt_i32_e32 vcc, 1, v7
	s_and_saveexec_b64 s[14:15], vcc
	s_xor_b64 s[14:15], exec, s[14:15]
; %bb.26:                               ;   in Loop: Header=BB0_3 Depth=1
	v_mul_lo_u32 v5, v5, v0
; %bb.27:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_saveexec_b64 s[14:15], s[14:15]
	s_xor_b64 exec, exec, s[14:15]
; %bb.28:                               ;   in Loop: Header=BB0_3 Depth=1
	v_sub_i32_e32 v5, vcc, v5, v0
; %bb.29:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[14:15]
.LBB0_30:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_saveexec_b64 s[12:13], s[12:13]
	s_xor_b64 exec, exec, s[12:13]
; %bb.31:                               ;   in Loop: Header=BB0_3 Depth=1
	v_add_i32_e32 v5, vcc, v5, v0
; %bb.32:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[12:13]
	s_or_b64 s[10:11], s[10:11], exec
	v_mov_b32_e32 v3, v6
.LBB0_33:                               ;   in Loop: Header=BB0_3 Depth=1
	s_or_b64 exec, exec, s[8:9]
	s_mov_b64 s[12:13], -1
	s_and_saveexec_b64 s[8:9], s[10:11]
	s_cbranch_execz .LBB0_2
; %bb.34:                               ;   in Loop: Header=BB0_3 Depth=1
	s_cmp_ge_u32 s18, s5
	s_cselect_b64 s[10:11], -1, 0
	v_cmp_le_u32_e32 vcc, s4, v3
	s_or_b64 s[10:11], s[10:11], vcc
	s_add_i32 s18, s18, 1
	s_orn2_b64 s[12:13], s[10:11], exec
	s_branch .LBB0_2
.LBB0_35:
	s_or_b64 exec, exec, s[6:7]
.LBB0_36:
	s_mov_b32 s2, 0
	s_waitcnt vmcnt(0)
	v_add_i32_e32 v0, vcc, v5, v0
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s0, s2
	s_mov_b32 s1, s2
	buffer_store_dword v0, v[1:2], s[0:3], 0 addr64
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel interp
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
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
		.amdhsa_next_free_sgpr 19
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
	.size	interp, .Lfunc_end0-interp
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 560
; NumSgprs: 21
; NumVgprs: 8
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 21
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
	.text
	.protected	find_first              ; -- Begin function find_first
	.globl	find_first
	.p2align	8
	.type	find_first,@function
find_first:                             ; @find_first
; %bb.0:
	s_load_dword s12, s[4:5], 0x2
	s_load_dwordx4 s[0:3], s[4:5], 0x4
	s_lshl_b32 s6, s6, 6
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, 0
	s_waitcnt lgkmcnt(0)
	s_cmp_eq_u32 s12, 0
	s_mov_b32 s10, 0
	s_cbranch_scc1 .LBB1_6
; %bb.1:
	v_lshl_b64 v[2:3], v[0:1], 2
	s_mov_b32 s11, 0x100f000
	s_mov_b64 s[8:9], s[0:1]
	buffer_load_dword v2, v[2:3], s[8:11], 0 addr64
	s_load_dwordx2 s[4:5], s[4:5], 0x0
	s_mov_b64 s[0:1], 0
                                        ; implicit-def: $sgpr6_sgpr7
	s_branch .LBB1_3
.LBB1_2:                                ;   in Loop: Header=BB1_3 Depth=1
	s_or_b64 exec, exec, s[8:9]
	s_and_b64 s[8:9], exec, s[6:7]
	s_or_b64 s[0:1], s[8:9], s[0:1]
	s_andn2_b64 exec, exec, s[0:1]
	s_cbranch_execz .LBB1_5
.LBB1_3:                                ; =>This Inner Loop Header: Depth=1
	s_waitcnt lgkmcnt(0)
	s_load_dword s8, s[4:5], 0x0
	v_mov_b32_e32 v3, s10
	s_or_b64 s[6:7], s[6:7], exec
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_cmp_ne_u32_e32 vcc, s8, v2
	s_and_saveexec_b64 s[8:9], vcc
	s_cbranch_execz .LBB1_2
; %bb.4:                                ;   in Loop: Header=BB1_3 Depth=1
	s_add_i32 s10, s10, 1
	s_add_u32 s4, s4, 4
	s_addc_u32 s5, s5, 0
	s_cmp_eq_u32 s12, s10
	s_cselect_b64 s[14:15], -1, 0
	s_andn2_b64 s[6:7], s[6:7], exec
	s_and_b64 s[14:15], s[14:15], exec
	v_mov_b32_e32 v3, -1
	s_or_b64 s[6:7], s[6:7], s[14:15]
	s_branch .LBB1_2
.LBB1_5:
	s_or_b64 exec, exec, s[0:1]
	s_branch .LBB1_7
.LBB1_6:
	v_mov_b32_e32 v3, -1
.LBB1_7:
	v_lshl_b64 v[0:1], v[0:1], 2
	s_mov_b32 s7, 0x100f000
	s_mov_b32 s6, 0
	s_mov_b64 s[4:5], s[2:3]
	buffer_store_dword v3, v[0:1], s[4:7], 0 addr64
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel find_first
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 32
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
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 16
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
	.size	find_first, .Lfunc_end1-find_first
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 216
; NumSgprs: 18
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 4
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
	.protected	uniform_switch          ; -- Begin function uniform_switch
	.globl	uniform_switch
	.p2align	8
	.type	uniform_switch,@function
uniform_switch:                         ; @uniform_switch
; %bb.0:
	s_load_dwordx2 s[8:9], s[4:5], 0x0
	s_load_dwordx2 s[0:1], s[4:5], 0x2
	s_lshl_b32 s2, s6, 6
	v_add_i32_e32 v0, vcc, s2, v0
	v_mov_b32_e32 v1, 0
	v_lshl_b64 v[0:1], v[0:1], 2
	s_mov_b32 s11, 0x100f000
	s_mov_b32 s10, 0
	s_waitcnt lgkmcnt(0)
	buffer_load_dword v2, v[0:1], s[8:11], 0 addr64
	v_mov_b32_e32 v3, s9
	v_add_i32_e32 v0, vcc, s8, v0
	v_addc_u32_e32 v1, vcc, v3, v1, vcc
	s_cmp_lt_i32 s0, 2
	s_mov_b64 s[4:5], 0
	s_cbranch_scc1 .LBB2_4
; %bb.1:
	s_cmp_gt_i32 s0, 6
	s_cbranch_scc0 .LBB2_5
; %bb.2:
	s_cmp_eq_u32 s0, 7
	s_mov_b64 s[8:9], 0
	s_cbranch_scc0 .LBB2_6
; %bb.3:
	s_waitcnt vmcnt(0)
	v_xor_b32_e32 v3, 0x80000000, v2
	s_mov_b64 s[6:7], 0
	s_mov_b64 s[2:3], -1
	s_and_b64 vcc, exec, s[8:9]
	s_cbranch_vccnz .LBB2_7
	s_branch .LBB2_9
.LBB2_4:
	s_mov_b64 s[2:3], 0
	s_mov_b64 s[6:7], 0
                                        ; implicit-def: $vgpr3
	s_cbranch_execnz .LBB2_10
	s_branch .LBB2_14
.LBB2_5:
	s_mov_b64 s[2:3], 0
	s_mov_b64 s[6:7], 0
                                        ; implicit-def: $vgpr3
	s_cbranch_execnz .LBB2_7
	s_branch .LBB2_9
.LBB2_6:
	s_mov_b64 s[6:7], -1
                                        ; implicit-def: $vgpr3
	s_mov_b64 s[2:3], 0
	s_and_b64 vcc, exec, s[8:9]
	s_cbranch_vccz .LBB2_9
.LBB2_7:
	s_cmp_eq_u32 s0, 2
	s_mov_b64 s[6:7], -1
	s_cbranch_scc0 .LBB2_9
; %bb.8:
	s_waitcnt vmcnt(0)
	v_fma_f32 v3, v2, s1, 1.0
	s_mov_b64 s[6:7], 0
	s_mov_b64 s[2:3], -1
.LBB2_9:
	s_branch .LBB2_14
.LBB2_10:
	s_cmp_gt_i32 s0, 0
	s_mov_b64 s[4:5], -1
	s_cbranch_scc0 .LBB2_12
; %bb.11:
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v3, s1, v2
	s_mov_b64 s[4:5], 0
	s_mov_b64 s[2:3], -1
.LBB2_12:
	s_andn2_b64 vcc, exec, s[4:5]
	s_mov_b64 s[4:5], 0
	s_cbranch_vccnz .LBB2_14
; %bb.13:
	s_cmp_lg_u32 s0, 0
	s_mov_b64 s[4:5], -1
	s_cselect_b64 s[6:7], -1, 0
.LBB2_14:
	s_and_b64 vcc, exec, s[6:7]
	s_cbranch_vccnz .LBB2_18
; %bb.15:
	s_andn2_b64 vcc, exec, s[4:5]
	s_cbranch_vccz .LBB2_19
.LBB2_16:
	s_andn2_b64 vcc, exec, s[2:3]
	s_cbranch_vccz .LBB2_20
; %bb.17:
	s_endpgm
.LBB2_18:
	s_cbranch_execnz .LBB2_16
.LBB2_19:
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v3, s1, v2
.LBB2_20:
	s_mov_b32 s2, 0
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s0, s2
	s_mov_b32 s1, s2
	buffer_store_dword v3, v[0:1], s[0:3], 0 addr64
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel uniform_switch
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
		.amdhsa_next_free_vgpr 4
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
.Lfunc_end2:
	.size	uniform_switch, .Lfunc_end2-uniform_switch
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 340
; NumSgprs: 14
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 4
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
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'uchar*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
      - .offset:         20
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           interp
    .private_segment_fixed_size: 0
    .sgpr_count:     21
    .sgpr_spill_count: 0
    .symbol:         interp.kd
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
      - .address_space:  global
        .is_const:       true
        .offset:         16
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         24
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 32
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           find_first
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         find_first.kd
    .vgpr_count:     4
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
        .type_name:      int
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
    .name:           uniform_switch
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         uniform_switch.kd
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
