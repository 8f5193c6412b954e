// Constant data, program-scope variables, a string literal, a table of pointers and a call:
// clang's -S text of it uses @rel32@lo/@hi (hidden symbols) or @gotpcrel32@lo/@hi
// (-fvisibility=default), and .quad relocations in data.
__constant int table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
__constant int ta[4] = {10, 20, 30, 40};
__constant int tb[4] = {50, 60, 70, 80};
__constant int *__constant tabs[2] = {ta, tb + 1};
__global int counter = 0;
__global float scale[4] = {1.0f, 2.0f, 3.0f, 4.0f};

__attribute__((noinline)) int lookup(int i) { return table[i & 15] + tabs[i & 1][i & 2]; }

__kernel void tables(__global int *out, __global char *msg) {
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    __constant char *s = "relocations!";
    out[i] = lookup(i) + counter + (int)scale[i & 3];
    msg[i] = s[i % 13];
    __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
}
