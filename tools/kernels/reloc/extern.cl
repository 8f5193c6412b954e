// Symbols defined elsewhere: an extern table and an extern function, reached through the GOT
// (@gotpcrel32@lo/@hi) and called with s_swappc_b64.
extern __constant int ext_table[64];
extern int ext_fn(int);

__kernel void uses_extern(__global int *out) {
    int i = __builtin_amdgcn_workitem_id_x();
    out[i] = ext_table[i & 63] + ext_fn(i);
}
