// A hand-written kernel the way kernel libraries write theirs: an include of register names
// and macros, .rept/.irp unrolling, conditional assembly on a --defsym'able symbol, the
// kernel descriptor and metadata written by hand. Assembled by gcnkit and llvm-mc for gfx900
// (tests/elf_objects.rs), the objects must agree.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.include "gemm-common.inc"

.ifndef UNROLL
  .set UNROLL, 4
.endif
.set NUM_VGPR, vgprB + 8
.set NUM_SGPR, 16

	.text
	.globl	gemm_nn
	.p2align	8
	.type	gemm_nn,@function
gemm_nn:
	s_load_dwordx2 s[sgprA:sgprA+1], s[sgprKernArg:sgprKernArg+1], 0x0
	s_load_dwordx2 s[sgprB:sgprB+1], s[sgprKernArg:sgprKernArg+1], 0x8
	s_load_dwordx2 s[sgprC:sgprC+1], s[sgprKernArg:sgprKernArg+1], 0x10
	s_load_dword s[sgprN], s[sgprKernArg:sgprKernArg+1], 0x18
	v_lshlrev_b32 v2, 2, v[vgprSerial]
	v_mov_b32 v3, 0
	v_mov_b32 v[vgprC], 0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s16, 0
.Lloop:
	LOAD_AB UNROLL
	s_waitcnt vmcnt(0)
	MAC_AB UNROLL
	s_add_u32 s[sgprA], s[sgprA], UNROLL*4
	s_addc_u32 s[sgprA+1], s[sgprA+1], 0
	s_add_u32 s[sgprB], s[sgprB], UNROLL*4
	s_addc_u32 s[sgprB+1], s[sgprB+1], 0
	s_add_u32 s16, s16, UNROLL
	s_cmp_lt_u32 s16, s[sgprN]
	s_cbranch_scc1 .Lloop
	global_store_dword v2, v[vgprC], s[sgprC:sgprC+1]
	s_endpgm
.Lgemm_end:
	.size	gemm_nn, .Lgemm_end-gemm_nn

	.rodata
	.p2align	6
	.amdhsa_kernel gemm_nn
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_kernarg_size 28
		.amdhsa_next_free_vgpr NUM_VGPR
		.amdhsa_next_free_sgpr NUM_SGPR + 1
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_denorm_mode_32 3
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 28
    .max_flat_workgroup_size: 256
    .name:           gemm_nn
    .private_segment_fixed_size: 0
    .sgpr_count:     17
    .symbol:         gemm_nn.kd
    .vgpr_count:     17
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
