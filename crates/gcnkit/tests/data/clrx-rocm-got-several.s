//// case: a clrx_rocm_binary generated source (GOT objects of several of a kind)
.rocm
.gpu Fiji
.eflags 30
.target "amdgcn-amd-amdhsa-amdgizcl-gfx803"
.metadatav3
.globaldata
.fill 256, 1, 178
.kernel k0
.kernel k1
  .fkernel
.text
k0:
  .skip 256
  v_mov_b32 v204, v227
  s_mov_b32 s97, s22
  v_mov_b32 v116, v175
  s_mov_b32 s44, s57
  s_endpgm
k1:
  .skip 256
  v_mov_b32 v115, v92
  v_mov_b32 v86, v17
  s_endpgm
  .kcode +
  s_endpgm
  .kcodeend
.gotsym _ovl5
.gotsym _o8, got4
.gotsym _ov4g
.gotsym k1, got6
.gotsym _o_s
.global k1
.gotsym _o5
_x: s_mov_b32 s1, 59
.gotsym _owu2h1g
.globaldata
_o8: .int 38
_o_s: .int 85
_3cvqxx: .int 98
_ecq: .int 64
_o5 = _x - _x + 61088
_ov4g = 299687
_ovl5 = 874408
_owu2h1g = 563772
.global _o_s
.global _o8
.global _o5
.global _ov4g
.global _ovl5
.global _owu2h1g
//// case: a clrx_rocm_binary generated source (GOT objects of several of a kind)
.rocm
.gpu Hawaii
.tripple "amdgcn-amd-amdhsa"
.globaldata
  .int 3340411144
.kernel k0
  .config
  .scratchbuffer 4167
  .workitem_vgpr_count 76
.kernel k1
  .fkernel
  .config
  .scratchbuffer 672
  .use_kernarg_segment_ptr
  .dims yz
  .dims xy
.kernel k2
  .fkernel
  .config
  .workitem_vgpr_count 71
  .kernarg_segment_size 124
.text
k0:
  .skip 256
  s_mov_b32 s48, s83
  s_mov_b32 s25, s37
  v_mov_b32 v30, v248
  s_mov_b32 s50, s66
  s_endpgm
k2:
  .skip 256
  s_mov_b32 s71, s72
  s_mov_b32 s4, s73
  v_mov_b32 v72, v110
  s_mov_b32 s56, s31
  s_endpgm
k1:
  .skip 256
  s_mov_b32 s81, s92
  v_mov_b32 v106, v214
  s_endpgm
_nk3c1u: s_mov_b32 s7, 81
_oz96t0: s_mov_b32 s6, _5 - _o_rjdw3
.global _ofkm3q
_5: s_mov_b32 s0, _fxlm - _o_rjdw3
.global _ocadgtx
_m: s_mov_b32 s5, 63
_fxlm: s_mov_b32 s1, 14
_ojbo: s_mov_b32 s5, 97
.global _oef
.global _oz96t0
_3j2oq7: s_mov_b32 s0, 85
.gotsym k0, got1
.global k0
_o_rjdw3: s_mov_b32 s4, 84
.global _o6e
_qc: s_mov_b32 s1, 68
_rtf: s_mov_b32 s7, _m - _o_rjdw3
_o2tp8: s_mov_b32 s5, _oef - _o_rjdw3
.global _o_rjdw3
.global _o2tp8
.global _obt
.gotsym _o6e
.scope sc2
q2: s_nop 1
  s_branch q2
.ends
_oef: s_mov_b32 s6, 84
.global _ozj9inm
1: s_nop 0
  s_branch 1b
_4: s_mov_b32 s4, _oz96t0 - _o_rjdw3
.global _ojbo
.gotsym _o_rjdw3
.gotsym _ocadgtx, got2
_hqcvxp: s_mov_b32 s0, _qc - _o_rjdw3
.globaldata
_z5imwd: .int 30
_87: .int 7
_ocadgtx: .int 64
_7wowl: .int 40
_o6e: .int 47
_vsxan: .int 51
_o9: .int 38
_fxrou4: .int 29
_ozj9inm: .int 30
_pp4o: .int 46
_b: .int 57
_f_1p: .int 38
_f6of: .int 92
_obt = 183149
_ofkm3q = 154743
.gotsym _ofkm3q, got4
.gotsym _oef, got5
.gotsym _ozj9inm, got6
.gotsym _oz96t0
.gotsym _obt
.gotsym _ojbo
.gotsym _o2tp8
//// case: a clrx_rocm_binary generated source (GOT objects of several of a kind)
.rocm
.gpu Hawaii
.tripple "amdgcn-amd-amdhsa"
.kernel k0
  .config
  .kernarg_segment_size 82
.kernel k1
  .config
  .scratchbuffer 701
  .vgprsnum 153
  .kernarg_segment_align 16
.kernel k2
  .config
  .wavefront_sgpr_count 83
  .localsize 182
.text
  .kcode k0
k1:
  .skip 256
  s_endpgm
  .kcode k2
  v_mov_b32 v76, v205
  s_endpgm
  .kcode +
  s_mov_b32 s42, s95
  v_mov_b32 v65, v76
  s_mov_b32 s77, s14
  v_mov_b32 v141, v241
  s_endpgm
  .kcodeend
  s_endpgm
  .kcodeend
k0:
  .skip 256
  v_mov_b32 v190, v107
  s_mov_b32 s22, s26
  s_mov_b32 s13, s57
  s_endpgm
  .kcode +
  s_mov_b32 s16, s85
  v_mov_b32 v239, v75
  s_mov_b32 s25, s7
  s_endpgm
  .kcodeend
k2:
  .skip 256
  s_mov_b32 s34, s78
  s_mov_b32 s99, s12
  s_mov_b32 s67, s59
  s_mov_b32 s69, s80
  s_endpgm
  .kcodeend
  s_endpgm
.global k2
_e26f: s_mov_b32 s1, 80
_wnve: s_mov_b32 s2, 0
.global _olaiwl6
.global _on
_7_xd7: s_mov_b32 s0, _olaiwl6 - _ofy3z
_og58tb: s_mov_b32 s5, 18
_1et0u: s_mov_b32 s4, 15
.gotsym k2, got3
_x07igx: s_mov_b32 s6, _on - _ofy3z
_ow4: s_mov_b32 s3, 50
_on: s_mov_b32 s3, 2
.gotsym _oqc
.gotsym _ofy3z
_otrz8x: s_mov_b32 s6, 30
_olaiwl6: s_mov_b32 s1, 41
_5_: s_mov_b32 s7, _wnve - _ofy3z
.gotsym _otrz8x
.gotsym _op
.gotsym _ow4, got4
.global k1
_ofy3z: s_mov_b32 s1, 79
_00q5h: s_mov_b32 s6, 47
.global _og58tb
_zrqh: s_mov_b32 s1, 24
.global _ofy3z
.global k0
_6: s_mov_b32 s2, _on - _ofy3z
.gotsym _ohms7
.gotsym k0, got5
.gotsym _omouy
.globaldata
_6s6fxo: .int 29
_jopdp_: .int 87
_ox1cxm0: .int 23
_0r4: .int 53
_w7sw: .int 95
_xa2: .int 83
_q: .int 87
_u2w: .int 87
_k9pec: .int 67
_277gg: .int 23
_op = 1041782
_ohms7 = 323152
_oqc = 390741
_omouy = 602146
.global _ow4
.global _otrz8x
.global _ox1cxm0
.global _op
.global _ohms7
.global _oqc
.global _omouy
.gotsym _on, got9
.gotsym _og58tb, got10
.gotsym _ox1cxm0
.gotsym k1, got12
.gotsym _olaiwl6, got13
