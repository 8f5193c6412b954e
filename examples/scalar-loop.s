# The scalar unit, scalar memory and branches in CLRX's dialect (GCN 1.2): sums n dwords from
# a buffer whose address and count are the kernel arguments at s[4:5].
        s_load_dwordx2  s[0:1], s[4:5], 0x0        # the buffer's address
        s_load_dword    s2, s[4:5], 0x8            # n
        s_mov_b32       s3, 0                      # sum
        s_waitcnt       lgkmcnt(0)
        s_cmp_eq_u32    s2, 0
        s_cbranch_scc1  done
loop:
        s_load_dword    s6, s[0:1], 0x0 glc
        s_add_u32       s0, s0, 4
        s_addc_u32      s1, s1, 0
        s_waitcnt       lgkmcnt(0)
        s_add_u32       s3, s3, s6
        s_sub_u32       s2, s2, 1
        s_cmp_lg_u32    s2, 0
        s_cbranch_scc1  loop
done:
        s_getreg_b32    s7, hwreg(mode, 0, 8)      # the MODE register's low byte
        v_mov_b32       v0, s3
        s_sendmsg       sendmsg(interrupt)
        s_endpgm
