	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.protected	scratch_array           ; -- Begin function scratch_array
	.globl	scratch_array
	.p2align	8
	.type	scratch_array,@function
scratch_array:                          ; @scratch_array
; %bb.0:
	s_load_dwordx4 s[12:15], s[4:5], 0x0
	s_load_dword s6, s[4:5], 0x10
	v_lshl_add_u32 v0, s8, 6, v0
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[1:2], 2, v[0:1]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v4, s13
	v_add_co_u32_e32 v3, vcc, s12, v1
	v_addc_co_u32_e32 v4, vcc, v4, v2, vcc
	global_load_dword v3, v[3:4], off
	s_add_u32 s0, s0, s9
	s_addc_u32 s1, s1, 0
	buffer_store_dword v0, off, s[0:3], 0 offset:4
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:8
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:12
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:16
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:20
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:24
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:28
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:32
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:36
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:40
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:44
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:48
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:52
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:56
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:60
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:64
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:68
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:72
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:76
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:80
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:84
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:88
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:92
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:96
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:100
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:104
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:108
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:112
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:116
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:120
	v_add_u32_e32 v0, s6, v0
	v_mov_b32_e32 v4, 4
	buffer_store_dword v0, off, s[0:3], 0 offset:124
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:128
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:132
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:136
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:140
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:144
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:148
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:152
	v_add_u32_e32 v0, s6, v0
	s_waitcnt vmcnt(38)
	v_and_b32_e32 v5, 31, v3
	v_lshl_add_u32 v5, v5, 2, v4
	buffer_load_dword v6, v5, s[0:3], 0 offen
	s_nop 0
	buffer_store_dword v0, off, s[0:3], 0 offset:156
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:160
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:164
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:168
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:172
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:176
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:180
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:184
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:188
	v_add_u32_e32 v0, s6, v0
	buffer_store_dword v0, off, s[0:3], 0 offset:192
	v_lshrrev_b32_e32 v0, 3, v3
	v_and_b32_e32 v3, 15, v3
	v_and_b32_e32 v0, 0xbc, v0
	v_lshl_add_u32 v3, v3, 2, v4
	v_add_u32_e32 v0, v4, v0
	s_waitcnt vmcnt(10)
	v_add_u32_e32 v4, 5, v6
	buffer_store_dword v4, v5, s[0:3], 0 offen
	buffer_load_dword v4, v0, s[0:3], 0 offen
	s_nop 0
	buffer_load_dword v5, v3, s[0:3], 0 offen
	v_mov_b32_e32 v3, s15
	v_add_co_u32_e32 v0, vcc, s14, v1
	v_addc_co_u32_e32 v1, vcc, v3, v2, vcc
	s_waitcnt vmcnt(0)
	v_add_u32_e32 v4, v5, v4
	global_store_dword v[0:1], v4, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel scratch_array
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 196
		.amdhsa_kernarg_size 20
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 7
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
.Lfunc_end0:
	.size	scratch_array, .Lfunc_end0-scratch_array
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 768
; NumSgprs: 18
; NumVgprs: 7
; ScratchSize: 196
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 7
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	wave_ops                ; -- Begin function wave_ops
	.globl	wave_ops
	.p2align	8
	.type	wave_ops,@function
wave_ops:                               ; @wave_ops
; %bb.0:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x10
	v_lshlrev_b32_e32 v1, 2, v0
	s_memtime s[4:5]
	s_waitcnt lgkmcnt(0)
	s_getreg_b32 s5, hwreg(HW_REG_MODE)
	global_load_dword v2, v1, s[2:3]
	ds_swizzle_b32 v5, v0 offset:swizzle(SWAP,16)
	s_sleep 1
	s_add_i32 s3, s4, s5
	s_load_dword s4, s[8:9], 0x320
	s_load_dword s5, s[8:9], 0x445c0
	v_and_b32_e32 v4, 1, v0
	v_mbcnt_lo_u32_b32 v3, -1, 0
	v_mov_b32_e32 v1, 0
	v_readfirstlane_b32 s2, v0
	v_lshl_add_u32 v0, s6, 6, v0
	v_cmp_ne_u32_e32 vcc, 0, v4
	v_mbcnt_hi_u32_b32 v3, -1, v3
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_bcnt_u32_b32 v4, vcc_lo, 0
	v_bcnt_u32_b32 v4, vcc_hi, v4
	s_waitcnt lgkmcnt(0)
	v_add3_u32 v3, s2, v3, v5
	v_mov_b32_e32 v5, s1
	v_add3_u32 v3, v3, v4, s3
	s_add_i32 s5, s5, s4
	v_add_co_u32_e32 v0, vcc, s0, v0
	v_addc_co_u32_e32 v1, vcc, v5, v1, vcc
	s_waitcnt vmcnt(0)
	v_cvt_u32_f32_e32 v2, v2
	v_add3_u32 v2, v3, v2, s5
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel wave_ops
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
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 10
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
	.size	wave_ops, .Lfunc_end1-wave_ops
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 208
; NumSgprs: 12
; NumVgprs: 6
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 6
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
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      int
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           scratch_array
    .private_segment_fixed_size: 196
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         scratch_array.kd
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  constant
        .is_const:       true
        .offset:         16
        .size:           8
        .type_name:      'uint*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           wave_ops
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         wave_ops.kd
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
