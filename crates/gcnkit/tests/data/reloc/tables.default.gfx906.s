	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx906"
	.globl	lookup                          ; -- Begin function lookup
	.p2align	2
	.type	lookup,@function
lookup:                                 ; @lookup
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, tabs@gotpcrel32@lo+4
	s_addc_u32 s5, s5, tabs@gotpcrel32@hi+12
	s_load_dwordx2 s[4:5], s[4:5], 0x0
	v_and_b32_e32 v1, 1, v0
	v_lshlrev_b32_e32 v1, 3, v1
	v_and_b32_e32 v3, 15, v0
	v_and_b32_e32 v0, 2, v0
	s_waitcnt lgkmcnt(0)
	global_load_dwordx2 v[1:2], v1, s[4:5]
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, table@gotpcrel32@lo+4
	s_addc_u32 s5, s5, table@gotpcrel32@hi+12
	s_load_dwordx2 s[4:5], s[4:5], 0x0
	v_lshlrev_b32_e32 v0, 2, v0
	v_lshlrev_b32_e32 v3, 2, v3
	s_waitcnt lgkmcnt(0)
	global_load_dword v3, v3, s[4:5]
	s_waitcnt vmcnt(1)
	v_add_co_u32_e32 v0, vcc, v1, v0
	v_addc_co_u32_e32 v1, vcc, 0, v2, vcc
	global_load_dword v0, v[0:1], off
	s_waitcnt vmcnt(0)
	v_add_u32_e32 v0, v0, v3
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	lookup, .Lfunc_end0-lookup
                                        ; -- End function
	.section	.AMDGPU.csdata
; Function info:
; codeLenInByte = 124
; NumSgprs: 36
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
	.text
	.globl	tables                          ; -- Begin function tables
	.p2align	8
	.type	tables,@function
tables:                                 ; @tables
; %bb.0:
	s_add_u32 flat_scratch_lo, s6, s9
	s_addc_u32 flat_scratch_hi, s7, 0
	s_add_u32 s0, s0, s9
	s_addc_u32 s1, s1, 0
	s_getpc_b64 s[6:7]
	s_add_u32 s6, s6, counter@gotpcrel32@lo+4
	s_addc_u32 s7, s7, counter@gotpcrel32@hi+12
	s_getpc_b64 s[10:11]
	s_add_u32 s10, s10, lookup@gotpcrel32@lo+4
	s_addc_u32 s11, s11, lookup@gotpcrel32@hi+12
	s_load_dwordx2 s[16:17], s[10:11], 0x0
	s_load_dwordx4 s[12:15], s[4:5], 0x0
	v_lshl_add_u32 v4, s8, 6, v0
	s_load_dwordx2 s[6:7], s[6:7], 0x0
	v_mov_b32_e32 v0, v4
	s_mov_b32 s32, 0
	v_mov_b32_e32 v6, 0
	s_waitcnt lgkmcnt(0)
	s_swappc_b64 s[30:31], s[16:17]
	s_mov_b32 s4, 0x4ec4ec4f
	v_mul_hi_i32 v1, v4, s4
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, scale@gotpcrel32@lo+4
	s_addc_u32 s5, s5, scale@gotpcrel32@hi+12
	s_load_dwordx2 s[4:5], s[4:5], 0x0
	v_ashrrev_i32_e32 v5, 31, v4
	v_lshrrev_b32_e32 v2, 31, v1
	v_ashrrev_i32_e32 v1, 2, v1
	v_add_u32_e32 v1, v1, v2
	v_and_b32_e32 v2, 3, v4
	v_mul_lo_u32 v1, v1, 13
	v_lshlrev_b32_e32 v2, 2, v2
	s_waitcnt lgkmcnt(0)
	global_load_dword v7, v2, s[4:5]
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, .str@rel32@lo+4
	s_addc_u32 s5, s5, .str@rel32@hi+12
	v_sub_u32_e32 v1, v4, v1
	v_ashrrev_i32_e32 v2, 31, v1
	v_mov_b32_e32 v3, s5
	v_add_co_u32_e32 v1, vcc, s4, v1
	v_addc_co_u32_e32 v2, vcc, v2, v3, vcc
	global_load_ubyte v8, v[1:2], off
	s_load_dword s4, s[6:7], 0x0
	v_mov_b32_e32 v10, s15
	v_add_co_u32_e32 v3, vcc, s14, v4
	v_lshlrev_b64 v[1:2], 2, v[4:5]
	v_addc_co_u32_e32 v4, vcc, v10, v5, vcc
	v_mov_b32_e32 v9, s13
	v_add_co_u32_e32 v1, vcc, s12, v1
	v_addc_co_u32_e32 v2, vcc, v9, v2, vcc
	s_waitcnt vmcnt(1)
	v_cvt_i32_f32_e32 v5, v7
	s_waitcnt lgkmcnt(0)
	v_add3_u32 v0, s4, v0, v5
	global_store_dword v[1:2], v0, off
	s_waitcnt vmcnt(1)
	global_store_byte v[3:4], v8, off
	v_mov_b32_e32 v0, 1
	global_atomic_add v6, v0, s[6:7]
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel tables
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 11
		.amdhsa_next_free_sgpr 33
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
	.size	tables, .Lfunc_end1-tables
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 308
; NumSgprs: 39
; NumVgprs: 11
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 39
; NumVGPRsForWavesPerEU: 11
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.type	table,@object                   ; @table
	.section	.rodata,#alloc
	.globl	table
	.p2align	2
table:
	.long	1                               ; 0x1
	.long	2                               ; 0x2
	.long	3                               ; 0x3
	.long	4                               ; 0x4
	.long	5                               ; 0x5
	.long	6                               ; 0x6
	.long	7                               ; 0x7
	.long	8                               ; 0x8
	.long	9                               ; 0x9
	.long	10                              ; 0xa
	.long	11                              ; 0xb
	.long	12                              ; 0xc
	.long	13                              ; 0xd
	.long	14                              ; 0xe
	.long	15                              ; 0xf
	.long	16                              ; 0x10
	.size	table, 64

	.type	ta,@object                      ; @ta
	.globl	ta
	.p2align	2
ta:
	.long	10                              ; 0xa
	.long	20                              ; 0x14
	.long	30                              ; 0x1e
	.long	40                              ; 0x28
	.size	ta, 16

	.type	tb,@object                      ; @tb
	.globl	tb
	.p2align	2
tb:
	.long	50                              ; 0x32
	.long	60                              ; 0x3c
	.long	70                              ; 0x46
	.long	80                              ; 0x50
	.size	tb, 16

	.type	tabs,@object                    ; @tabs
	.section	.data.rel.ro,#alloc,#write
	.globl	tabs
	.p2align	3
tabs:
	.quad	ta
	.quad	tb+4
	.size	tabs, 16

	.type	counter,@object                 ; @counter
	.section	.bss,#alloc,#write
	.globl	counter
	.p2align	2
counter:
	.long	0                               ; 0x0
	.size	counter, 4

	.type	scale,@object                   ; @scale
	.data
	.globl	scale
	.p2align	2
scale:
	.long	0x3f800000                      ; float 1
	.long	0x40000000                      ; float 2
	.long	0x40400000                      ; float 3
	.long	0x40800000                      ; float 4
	.size	scale, 16

	.type	.str,@object                    ; @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.str:
	.asciz	"relocations!"
	.size	.str, 13

	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack"
	.addrsig
	.addrsig_sym ta
	.addrsig_sym tb
	.addrsig_sym counter
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'char*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .language:       OpenCL C
    .language_version:
      - 2
      - 0
    .max_flat_workgroup_size: 256
    .name:           tables
    .private_segment_fixed_size: 0
    .sgpr_count:     39
    .sgpr_spill_count: 0
    .symbol:         tables.kd
    .vgpr_count:     11
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx906
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
