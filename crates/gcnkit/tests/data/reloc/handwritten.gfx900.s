	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.p2align 8
loc:
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, loc@rel32@lo+4
	s_addc_u32 s5, s5, loc@rel32@hi+12
	s_add_u32 s4, s4, .Ltmp@rel32@lo+4
	s_addc_u32 s5, s5, .Ltmp@rel32@hi+12
	s_add_u32 s4, s4, ltab@rel32@lo+4
	s_addc_u32 s5, s5, ltab@rel32@hi+12
	s_mov_b32 s6, ltab@abs32@lo
	s_mov_b32 s7, ltab@abs32@hi
	s_mov_b32 s6, gsym@abs32@lo
	s_mov_b32 s7, gsym@abs32@hi+3
	v_mov_b32 v0, gsym@abs32@lo
	s_add_u32 s4, s4, gsym@gotpcrel32@lo+4
	s_addc_u32 s5, s5, gsym@gotpcrel32@hi+12
	s_add_u32 s4, s4, gsym@gotpcrel+4
.Ltmp:
	s_endpgm
	.section .rodata,#alloc
	.p2align 4
ltab:
	.long 1,2,3,4
	.quad gsym
	.quad ltab+4
	.quad gsym@rel64
	.long gsym@rel32@lo
	.quad ltab@rel64
	.long loc
	.long gsym@abs32@lo
	.text
	s_mov_b32 s0, .Lstr2@abs32@lo
	s_add_u32 s0, s0, .Lstr2@rel32@lo+4
	s_add_u32 s0, s0, str1@rel32@lo+4
	s_endpgm
	.section .rodata.str1.1,"aMS",@progbits,1
str1:
	.asciz "abc"
.Lstr2:
	.asciz "hello"
	.section .data,"aw",@progbits
	.p2align 3
	.quad .Lstr2
	.quad str1
	.quad .Lstr2+2
	.section .bss,"aw",@nobits
	.p2align 2
lcount:
	.zero 8
	.text
	s_add_u32 s0, s0, lcount@rel32@lo+4
