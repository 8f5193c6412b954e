	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.protected	matmul_tiled            ; -- Begin function matmul_tiled
	.globl	matmul_tiled
	.p2align	8
	.type	matmul_tiled,@function
matmul_tiled:                           ; @matmul_tiled
; %bb.0:
	s_load_dword s10, s[4:5], 0x18
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x10
	s_lshl_b32 s4, s6, 4
	s_mov_b32 s5, 0
	s_waitcnt lgkmcnt(0)
	s_cmp_eq_u32 s10, 0
	s_cbranch_scc1 .LBB0_3
; %bb.1:
	v_lshl_or_b32 v2, s7, 4, v1
	v_mul_lo_u32 v5, v2, s10
	v_mov_b32_e32 v2, 0x440
	v_lshl_add_u32 v7, v1, 6, v2
	v_mul_lo_u32 v2, v1, s10
	v_lshlrev_b32_e32 v8, 2, v0
	s_movk_i32 s6, 0x44
	v_or_b32_e32 v9, v7, v8
	v_mad_u32_u24 v10, v1, s6, v8
	v_add3_u32 v1, v0, v2, s4
	s_lshl_b32 s6, s10, 4
	v_add_u32_e32 v11, v0, v5
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v6, 0
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	v_add_u32_e32 v3, s5, v11
	v_lshlrev_b64 v[12:13], 2, v[3:4]
	v_mov_b32_e32 v2, v4
	v_mov_b32_e32 v14, s1
	v_lshlrev_b64 v[2:3], 2, v[1:2]
	v_add_co_u32_e32 v12, vcc, s0, v12
	v_addc_co_u32_e32 v13, vcc, v14, v13, vcc
	v_mov_b32_e32 v15, s3
	v_add_co_u32_e32 v2, vcc, s2, v2
	v_addc_co_u32_e32 v3, vcc, v15, v3, vcc
	global_load_dword v14, v[12:13], off
	global_load_dword v15, v[2:3], off
	s_add_i32 s5, s5, 16
	v_add_u32_e32 v1, s6, v1
	s_cmp_ge_u32 s5, s10
	s_waitcnt vmcnt(1)
	ds_write_b32 v9, v14
	s_waitcnt vmcnt(0)
	ds_write_b32 v10, v15
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	ds_read2_b32 v[2:3], v8 offset1:17
	ds_read2_b64 v[12:15], v7 offset1:1
	ds_read2_b64 v[16:19], v7 offset0:2 offset1:3
	s_waitcnt lgkmcnt(1)
	v_fma_f32 v2, v12, v2, v6
	v_fma_f32 v6, v13, v3, v2
	ds_read2_b32 v[2:3], v8 offset0:34 offset1:51
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v2, v14, v2, v6
	v_fma_f32 v6, v15, v3, v2
	ds_read2_b32 v[2:3], v8 offset0:68 offset1:85
	ds_read2_b32 v[12:13], v8 offset0:102 offset1:119
	ds_read2_b32 v[20:21], v8 offset0:136 offset1:153
	s_waitcnt lgkmcnt(2)
	v_fma_f32 v2, v16, v2, v6
	v_fma_f32 v2, v17, v3, v2
	s_waitcnt lgkmcnt(1)
	v_fma_f32 v2, v18, v12, v2
	v_fma_f32 v2, v19, v13, v2
	ds_read2_b64 v[12:15], v7 offset0:4 offset1:5
	ds_read2_b64 v[16:19], v7 offset0:6 offset1:7
	s_waitcnt lgkmcnt(1)
	v_fma_f32 v2, v12, v20, v2
	v_fma_f32 v6, v13, v21, v2
	ds_read2_b32 v[2:3], v8 offset0:170 offset1:187
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v2, v14, v2, v6
	v_fma_f32 v6, v15, v3, v2
	ds_read2_b32 v[2:3], v8 offset0:204 offset1:221
	ds_read2_b32 v[12:13], v8 offset0:238 offset1:255
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v2, v16, v2, v6
	v_fma_f32 v2, v17, v3, v2
	v_fma_f32 v2, v18, v12, v2
	v_fma_f32 v6, v19, v13, v2
	s_cbranch_scc0 .LBB0_2
	s_branch .LBB0_4
.LBB0_3:
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v5, 0
.LBB0_4:
	v_add3_u32 v0, s4, v0, v5
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_mov_b32_e32 v2, s9
	v_add_co_u32_e32 v0, vcc, s8, v0
	v_addc_co_u32_e32 v1, vcc, v2, v1, vcc
	global_store_dword v[0:1], v6, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel matmul_tiled
		.amdhsa_group_segment_fixed_size 2112
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 28
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
		.amdhsa_next_free_vgpr 22
		.amdhsa_next_free_sgpr 11
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
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
	.size	matmul_tiled, .Lfunc_end0-matmul_tiled
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 632
; NumSgprs: 13
; NumVgprs: 22
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2112 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 13
; NumVGPRsForWavesPerEU: 22
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
	.text
	.protected	mat4_vec4               ; -- Begin function mat4_vec4
	.globl	mat4_vec4
	.p2align	8
	.type	mat4_vec4,@function
mat4_vec4:                              ; @mat4_vec4
; %bb.0:
	s_load_dword s0, s[4:5], 0x10
	v_lshl_add_u32 v0, s6, 6, v0
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e32 vcc, s0, v0
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB1_2
; %bb.1:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 4, v[0:1]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v2, s3
	v_add_co_u32_e32 v4, vcc, s2, v0
	v_addc_co_u32_e32 v5, vcc, v2, v1, vcc
	global_load_dwordx4 v[0:3], v[4:5], off
	s_load_dwordx16 s[0:15], s[0:1], 0x0
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mul_f32_e32 v6, s1, v1
	v_mul_f32_e32 v7, s5, v1
	v_mul_f32_e32 v8, s9, v1
	v_mul_f32_e32 v1, s13, v1
	v_fma_f32 v6, s0, v0, v6
	v_fma_f32 v7, s4, v0, v7
	v_fma_f32 v8, s8, v0, v8
	v_fma_f32 v0, s12, v0, v1
	v_fma_f32 v1, s2, v2, v6
	v_fma_f32 v6, s6, v2, v7
	v_fma_f32 v7, s10, v2, v8
	v_fma_f32 v8, s14, v2, v0
	v_fma_f32 v0, s3, v3, v1
	v_fma_f32 v1, s7, v3, v6
	v_fma_f32 v2, s11, v3, v7
	v_fma_f32 v3, s15, v3, v8
	global_store_dwordx4 v[4:5], v[0:3], off
.LBB1_2:
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel mat4_vec4
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
		.amdhsa_next_free_vgpr 9
		.amdhsa_next_free_sgpr 16
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
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
	.size	mat4_vec4, .Lfunc_end1-mat4_vec4
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 260
; NumSgprs: 18
; NumVgprs: 9
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 9
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
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
    .group_segment_fixed_size: 2112
    .kernarg_segment_align: 8
    .kernarg_segment_size: 28
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           matmul_tiled
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     13
    .sgpr_spill_count: 0
    .symbol:         matmul_tiled.kd
    .vgpr_count:     22
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  constant
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'float4*'
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
    .name:           mat4_vec4
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         mat4_vec4.kd
    .vgpr_count:     9
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
