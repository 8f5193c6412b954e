	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx704"
	.protected	stencil5                ; -- Begin function stencil5
	.globl	stencil5
	.p2align	8
	.type	stencil5,@function
stencil5:                               ; @stencil5
; %bb.0:
	s_load_dword s0, s[4:5], 0x1
	s_load_dwordx4 s[12:15], s[6:7], 0x4
	s_waitcnt lgkmcnt(0)
	s_lshr_b32 s1, s0, 16
	s_and_b32 s0, s0, 0xffff
	s_mul_i32 s8, s8, s0
	s_mul_i32 s9, s9, s1
	v_add_i32_e32 v0, vcc, s8, v0
	v_add_i32_e32 v1, vcc, s9, v1
	v_cmp_gt_i32_e32 vcc, s12, v0
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	s_and_b64 s[0:1], vcc, s[0:1]
	s_and_saveexec_b64 s[2:3], s[0:1]
	s_cbranch_execz .LBB0_2
; %bb.1:
	v_mul_lo_u32 v9, v1, s12
	v_max_i32_e32 v2, 1, v0
	v_add_i32_e32 v3, vcc, 1, v0
	s_add_i32 s4, s12, -1
	s_load_dwordx4 s[0:3], s[6:7], 0x0
	v_add_i32_e32 v2, vcc, v2, v9
	v_min_i32_e32 v3, s4, v3
	v_max_i32_e32 v4, 1, v1
	v_add_i32_e32 v1, vcc, 1, v1
	s_add_i32 s4, s13, -1
	v_min_i32_e32 v7, s4, v1
	v_add_i32_e32 v1, vcc, -1, v2
	v_ashrrev_i32_e32 v2, 31, v1
	v_lshl_b64 v[1:2], v[1:2], 2
	v_add_i32_e32 v5, vcc, -1, v4
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v4, s1
	v_add_i32_e32 v1, vcc, s0, v1
	v_addc_u32_e32 v2, vcc, v4, v2, vcc
	v_add_i32_e32 v3, vcc, v3, v9
	v_ashrrev_i32_e32 v4, 31, v3
	v_mul_lo_u32 v5, v5, s12
	v_lshl_b64 v[3:4], v[3:4], 2
	v_mov_b32_e32 v6, s1
	v_add_i32_e32 v3, vcc, s0, v3
	v_addc_u32_e32 v4, vcc, v6, v4, vcc
	v_add_i32_e32 v5, vcc, v5, v0
	v_ashrrev_i32_e32 v6, 31, v5
	v_mul_lo_u32 v7, v7, s12
	v_lshl_b64 v[5:6], v[5:6], 2
	v_mov_b32_e32 v8, s1
	v_add_i32_e32 v5, vcc, s0, v5
	v_addc_u32_e32 v6, vcc, v8, v6, vcc
	v_add_i32_e32 v7, vcc, v7, v0
	v_ashrrev_i32_e32 v8, 31, v7
	v_lshl_b64 v[7:8], v[7:8], 2
	v_mov_b32_e32 v10, s1
	v_add_i32_e32 v7, vcc, s0, v7
	v_addc_u32_e32 v8, vcc, v10, v8, vcc
	v_add_i32_e32 v0, vcc, v9, v0
	flat_load_dword v10, v[1:2]
	flat_load_dword v4, v[3:4]
	flat_load_dword v5, v[5:6]
	flat_load_dword v6, v[7:8]
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_b64 v[0:1], v[0:1], 2
	v_mov_b32_e32 v3, s1
	v_add_i32_e32 v2, vcc, s0, v0
	v_addc_u32_e32 v3, vcc, v3, v1, vcc
	flat_load_dword v2, v[2:3]
	v_mov_b32_e32 v3, s3
	v_add_i32_e32 v0, vcc, s2, v0
	v_addc_u32_e32 v1, vcc, v3, v1, vcc
	s_waitcnt vmcnt(3)
	v_add_f32_e32 v4, v10, v4
	s_waitcnt vmcnt(2)
	v_add_f32_e32 v4, v4, v5
	s_waitcnt vmcnt(1)
	v_add_f32_e32 v4, v4, v6
	v_mul_f32_e32 v4, s15, v4
	s_waitcnt vmcnt(0)
	v_mac_f32_e32 v4, s14, v2
	flat_store_dword v[0:1], v4
.LBB0_2:
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel stencil5
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 32
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 11
		.amdhsa_next_free_sgpr 16
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
	.size	stencil5, .Lfunc_end0-stencil5
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 376
; NumSgprs: 18
; NumVgprs: 11
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 11
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
	.text
	.protected	blur3x3                 ; -- Begin function blur3x3
	.globl	blur3x3
	.p2align	8
	.type	blur3x3,@function
blur3x3:                                ; @blur3x3
; %bb.0:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[4:5], s[4:5], 0x4
	v_lshlrev_b32_e32 v2, 4, v1
	s_lshl_b32 s10, s6, 4
	v_or_b32_e32 v2, v2, v0
	s_movk_i32 s6, 0x144
	s_lshl_b32 s11, s7, 4
	v_cmp_gt_u32_e32 vcc, s6, v2
	s_mov_b32 m0, -1
	s_and_saveexec_b64 s[6:7], vcc
	s_cbranch_execz .LBB1_3
; %bb.1:
	s_add_i32 s12, s10, -1
	s_add_i32 s13, s11, -1
	s_waitcnt lgkmcnt(0)
	s_add_i32 s14, s4, -1
	s_add_i32 s15, s5, -1
	s_mov_b64 s[8:9], 0
	s_mov_b32 s16, 0xffff
	s_movk_i32 s17, 0x43
.LBB1_2:                                ; =>This Inner Loop Header: Depth=1
	v_and_b32_e32 v3, s16, v2
	v_mul_u32_u24_e32 v3, 0xe38f, v3
	v_lshrrev_b32_e32 v5, 20, v3
	v_mul_u32_u24_e32 v3, 18, v5
	v_add_i32_e32 v6, vcc, s13, v5
	v_sub_i32_e32 v3, vcc, v2, v3
	v_max_i32_e32 v6, 0, v6
	v_and_b32_e32 v7, s16, v3
	v_min_i32_e32 v3, s15, v6
	v_mul_lo_u32 v3, v3, s4
	v_add_i32_e32 v6, vcc, s12, v7
	v_max_i32_e32 v6, 0, v6
	v_min_i32_e32 v6, s14, v6
	v_add_i32_e32 v3, vcc, v3, v6
	v_mov_b32_e32 v4, s1
	v_ashrrev_i32_e32 v6, 31, v3
	v_add_i32_e32 v3, vcc, s0, v3
	v_addc_u32_e32 v4, vcc, v4, v6, vcc
	flat_load_ubyte v3, v[3:4]
	v_add_i32_e32 v4, vcc, 0x100, v2
	v_cmp_lt_u32_e32 vcc, s17, v2
	s_or_b64 s[8:9], vcc, s[8:9]
	v_mov_b32_e32 v2, v4
	v_mad_u32_u24 v4, v5, 18, v7
	s_waitcnt vmcnt(0)
	ds_write_b8 v4, v3
	s_andn2_b64 exec, exec, s[8:9]
	s_cbranch_execnz .LBB1_2
.LBB1_3:
	s_or_b64 exec, exec, s[6:7]
	v_add_i32_e32 v2, vcc, s10, v0
	v_add_i32_e32 v3, vcc, s11, v1
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_i32_e32 vcc, s4, v2
	v_cmp_gt_i32_e64 s[0:1], s5, v3
	s_and_b64 s[0:1], vcc, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	s_and_saveexec_b64 s[6:7], s[0:1]
	s_cbranch_execz .LBB1_5
; %bb.4:
	v_mad_u32_u24 v0, v1, 18, v0
	ds_read_u8 v1, v0
	s_mov_b32 m0, -1
	ds_read_u8 v4, v0 offset:1
	ds_read_u8 v5, v0 offset:2
	ds_read_u8 v6, v0 offset:18
	ds_read_u8 v7, v0 offset:19
	ds_read_u8 v8, v0 offset:20
	ds_read_u8 v9, v0 offset:36
	ds_read_u8 v10, v0 offset:37
	ds_read_u8 v0, v0 offset:38
	s_movk_i32 s0, 0x1c72
	s_waitcnt lgkmcnt(7)
	v_add_i32_e32 v1, vcc, v1, v4
	s_waitcnt lgkmcnt(6)
	v_add_i32_e32 v1, vcc, v1, v5
	s_waitcnt lgkmcnt(5)
	v_add_i32_e32 v1, vcc, v1, v6
	s_waitcnt lgkmcnt(4)
	v_add_i32_e32 v1, vcc, v1, v7
	s_waitcnt lgkmcnt(3)
	v_add_i32_e32 v1, vcc, v1, v8
	s_waitcnt lgkmcnt(2)
	v_add_i32_e32 v1, vcc, v1, v9
	s_waitcnt lgkmcnt(1)
	v_add_i32_e32 v1, vcc, v1, v10
	s_waitcnt lgkmcnt(0)
	v_add_i32_e32 v0, vcc, v1, v0
	v_mul_lo_u32 v0, v0, s0
	v_mul_lo_u32 v1, v3, s4
	v_lshrrev_b32_e32 v3, 16, v0
	v_add_i32_e32 v0, vcc, v1, v2
	v_ashrrev_i32_e32 v1, 31, v0
	v_mov_b32_e32 v2, s3
	v_add_i32_e32 v0, vcc, s2, v0
	v_addc_u32_e32 v1, vcc, v2, v1, vcc
	flat_store_byte v[0:1], v3
.LBB1_5:
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel blur3x3
		.amdhsa_group_segment_fixed_size 324
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
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 11
		.amdhsa_next_free_sgpr 18
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
	.size	blur3x3, .Lfunc_end1-blur3x3
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 492
; NumSgprs: 20
; NumVgprs: 11
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 324 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 20
; NumVGPRsForWavesPerEU: 11
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
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
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         20
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .type_name:      float
        .value_kind:     by_value
      - .offset:         28
        .size:           4
        .type_name:      float
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 32
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           stencil5
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         stencil5.kd
    .vgpr_count:     11
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
        .type_name:      'uchar*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         20
        .size:           4
        .type_name:      int
        .value_kind:     by_value
    .group_segment_fixed_size: 324
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           blur3x3
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     20
    .sgpr_spill_count: 0
    .symbol:         blur3x3.kd
    .vgpr_count:     11
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx704
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
