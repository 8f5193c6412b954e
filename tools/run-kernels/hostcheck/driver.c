// A stand-in for `gcnkit run CODE_OBJECT --kernel K --grid G --block B --arg SPEC... --out N=FILE`
// that runs the kernels of ../src compiled for the host (see hostcheck.sh): each work-item is
// a thread, one work-group at a time, with a real barrier; __local arrays are shared. It checks
// the arguments' count and kinds (buffer, local, value) and exits 2 on a mismatch or an unknown
// kernel. f32 kernels of GCN 1.0-1.2 objects run with x86's FTZ and DAZ (flush f32 denormal
// results and inputs; x86 flushes f64 too, so only kernels without f64 arithmetic are marked).
// No memory faults, no instruction budget.
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xmmintrin.h>

typedef uint32_t uint;
typedef uint64_t ulong;

// The kernels, as the host compiler sees them (pointers in any address space are pointers).
void int_ops(void *, void *, void *, uint);
void long_ops(void *, void *, void *, uint);
void divrem(void *, void *, void *, void *, void *, void *, uint);
void f32_ops(void *, void *, void *, void *, uint);
void f64_ops(void *, void *, void *, void *, uint);
void fdiv(void *, void *, void *, void *, void *, void *, uint);
void half_ops(void *, void *, void *, void *, void *, void *, uint);
void half2_ops(void *, void *, void *, void *, uint);
void collatz(void *, void *, void *, uint);
void divergent(void *, void *, uint);
void wg_reduce_f32(void *, void *, uint);
void scan_u32(void *, void *, void *, void *, uint);
void matmul_tiled(void *, void *, void *, uint, uint, uint);
void atomics(void *, void *, void *, void *, void *, void *, uint);
void private_sort(void *, void *, uint);
void stencil2d(void *, void *, uint, uint);
void many_args(char, void *, short, double, int, float, void *, ulong, void *, uint);
void mandelbrot(void *, uint, uint, float, float, float, float, uint);
void saxpy(void *, void *, float, uint);
void oob_write(void *, uint, uint);
void spin_forever(void *, void *);

typedef struct {
    char kind; // b: global buffer, l: local, v: by value
    void *p;
    size_t size;
    int64_t i;
    uint64_t u;
    float f;
    double d;
} Arg;
static Arg A[32];
static int nargs;
#define P(k) (A[k].p)
#define U(k) ((uint)A[k].u)

static void call(const char *k) {
    if (!strcmp(k, "int_ops")) int_ops(P(0), P(1), P(2), U(3));
    else if (!strcmp(k, "long_ops")) long_ops(P(0), P(1), P(2), U(3));
    else if (!strcmp(k, "divrem")) divrem(P(0), P(1), P(2), P(3), P(4), P(5), U(6));
    else if (!strcmp(k, "f32_ops")) f32_ops(P(0), P(1), P(2), P(3), U(4));
    else if (!strcmp(k, "f64_ops")) f64_ops(P(0), P(1), P(2), P(3), U(4));
    else if (!strcmp(k, "fdiv")) fdiv(P(0), P(1), P(2), P(3), P(4), P(5), U(6));
    else if (!strcmp(k, "half_ops")) half_ops(P(0), P(1), P(2), P(3), P(4), P(5), U(6));
    else if (!strcmp(k, "half2_ops")) half2_ops(P(0), P(1), P(2), P(3), U(4));
    else if (!strcmp(k, "collatz")) collatz(P(0), P(1), P(2), U(3));
    else if (!strcmp(k, "divergent")) divergent(P(0), P(1), U(2));
    else if (!strcmp(k, "wg_reduce_f32")) wg_reduce_f32(P(0), P(1), U(2));
    else if (!strcmp(k, "scan_u32")) scan_u32(P(0), P(1), P(2), P(3), U(4));
    else if (!strcmp(k, "matmul_tiled")) matmul_tiled(P(0), P(1), P(2), U(3), U(4), U(5));
    else if (!strcmp(k, "atomics")) atomics(P(0), P(1), P(2), P(3), P(4), P(5), U(6));
    else if (!strcmp(k, "private_sort")) private_sort(P(0), P(1), U(2));
    else if (!strcmp(k, "stencil2d")) stencil2d(P(0), P(1), U(2), U(3));
    else if (!strcmp(k, "many_args"))
        many_args((char)A[0].i, P(1), (short)A[2].i, A[3].d, (int)A[4].i, A[5].f, P(6), A[7].u, P(8), U(9));
    else if (!strcmp(k, "mandelbrot")) mandelbrot(P(0), U(1), U(2), A[3].f, A[4].f, A[5].f, A[6].f, U(7));
    else if (!strcmp(k, "saxpy")) saxpy(P(0), P(1), A[2].f, U(3));
    else if (!strcmp(k, "oob_write")) oob_write(P(0), U(1), U(2));
    else if (!strcmp(k, "spin_forever")) spin_forever(P(0), P(1));
    else abort();
}

// source file, kernel, argument kinds, f32-only arithmetic (FTZ/DAZ on GCN 1.0-1.2)
static const struct {
    const char *src, *name, *kinds;
    int f32only;
} KERNELS[] = {
    {"int", "int_ops", "bbbv", 0},           {"int", "long_ops", "bbbv", 0},
    {"int", "divrem", "bbbbbbv", 0},         {"float", "f32_ops", "bbbbv", 1},
    {"float", "f64_ops", "bbbbv", 0},        {"float", "fdiv", "bbbbbbv", 0},
    {"half", "half_ops", "bbbbbbv", 0},      {"half", "half2_ops", "bbbbv", 0},
    {"branch", "collatz", "bbbv", 0},        {"branch", "divergent", "bbv", 0},
    {"lds", "wg_reduce_f32", "bbv", 1},      {"lds", "scan_u32", "bbblv", 0},
    {"lds", "matmul_tiled", "bbbvvv", 1},    {"atomics", "atomics", "bbbbbbv", 0},
    {"scratch", "private_sort", "bbv", 0},   {"stencil", "stencil2d", "bbvv", 1},
    {"manyargs", "many_args", "vbvvvvlvbv", 0}, {"bench", "mandelbrot", "bvvvvvvv", 1},
    {"bench", "saxpy", "bbvv", 1},           {"faults", "oob_write", "bvv", 0},
    {"faults", "spin_forever", "bb", 0},
};

unsigned char fake_packet[64]; // the dispatch packet's fields the kernels read
static __thread unsigned tl_lid[3];
static unsigned g_grp[3];
static pthread_barrier_t g_bar;
static const char *g_kernel;
static int g_ftz;

unsigned fake_id(int what, int dim) { return what == 0 ? tl_lid[dim] : g_grp[dim]; }
void fake_barrier(void) { pthread_barrier_wait(&g_bar); }

static void *work_item(void *arg) {
    unsigned *l = arg;
    tl_lid[0] = l[0];
    tl_lid[1] = l[1];
    _mm_setcsr(g_ftz ? _mm_getcsr() | 0x8040 : _mm_getcsr() & ~0x8040u);
    call(g_kernel);
    return NULL;
}

static void dims(const char *s, unsigned d[3]) {
    d[0] = d[1] = d[2] = 1;
    sscanf(s, "%u,%u,%u", &d[0], &d[1], &d[2]);
}

static int parse_arg(char *s) {
    char *v = strchr(s, ':');
    if (!v) return 0;
    v++;
    Arg *a = &A[nargs++];
    a->kind = 'v';
    if (!strncmp(s, "file:", 5)) {
        FILE *f = fopen(v, "rb");
        if (!f) return 0;
        fseek(f, 0, SEEK_END);
        a->size = ftell(f);
        rewind(f);
        a->p = malloc(a->size + 1);
        if (fread(a->p, 1, a->size, f) != a->size) return 0;
        fclose(f);
        a->kind = 'b';
    } else if (!strncmp(s, "zeros:", 6) || !strncmp(s, "local:", 6)) {
        a->size = strtoull(v, 0, 0);
        a->p = calloc(a->size + 1, 1);
        a->kind = s[0] == 'z' ? 'b' : 'l';
    } else if (!strncmp(s, "f32:", 4)) {
        uint32_t b = strtoul(v, 0, 16);
        if (!strncmp(v, "0x", 2)) memcpy(&a->f, &b, 4);
        else a->f = strtof(v, 0);
    } else if (!strncmp(s, "f64:", 4)) {
        uint64_t b = strtoull(v, 0, 16);
        if (!strncmp(v, "0x", 2)) memcpy(&a->d, &b, 8);
        else a->d = strtod(v, 0);
    } else if (s[0] == 'u') {
        a->u = strtoull(v, 0, 0);
        a->i = (int64_t)a->u;
    } else if (s[0] == 'i') {
        a->i = strtoll(v, 0, 0);
        a->u = (uint64_t)a->i;
    } else {
        return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3 || strcmp(argv[1], "run")) return 2;
    const char *obj = argv[2];
    const char *base = strrchr(obj, '/') ? strrchr(obj, '/') + 1 : obj;
    char src[64], arch[64];
    if (sscanf(base, "%63[^.].%63[^.]", src, arch) != 2) return 2;
    const char *kernel = NULL;
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
    int nouts = 0, outn[32];
    const char *outf[32];
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--kernel") && i + 1 < argc) kernel = argv[++i];
        else if (!strcmp(argv[i], "--grid") && i + 1 < argc) dims(argv[++i], grid);
        else if (!strcmp(argv[i], "--block") && i + 1 < argc) dims(argv[++i], block);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) i++;
        else if (!strcmp(argv[i], "--stats") || !strcmp(argv[i], "--trace")) continue;
        else if (!strcmp(argv[i], "--out") && i + 1 < argc && strchr(argv[i + 1], '=')) {
            outn[nouts] = atoi(argv[++i]);
            outf[nouts++] = strchr(argv[i], '=') + 1;
        } else if (!strcmp(argv[i], "--arg") && i + 1 < argc) {
            if (!parse_arg(argv[++i])) {
                fprintf(stderr, "error: bad argument %s\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "error: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    int found = -1, count = 0;
    for (unsigned k = 0; k < sizeof KERNELS / sizeof KERNELS[0]; k++)
        if (!strcmp(KERNELS[k].src, src) && (!kernel || !strcmp(KERNELS[k].name, kernel))) {
            found = k;
            count++;
        }
    if (count != 1) {
        fprintf(stderr, "error: no kernel %s (or no single one) in %s\n", kernel ? kernel : "", obj);
        return 2;
    }
    const char *kinds = KERNELS[found].kinds;
    if ((int)strlen(kinds) != nargs) {
        fprintf(stderr, "error: %s takes %zu arguments, not %d\n", KERNELS[found].name, strlen(kinds), nargs);
        return 2;
    }
    for (int i = 0; i < nargs; i++)
        if (kinds[i] != A[i].kind) {
            fprintf(stderr, "error: argument %d of %s is of the wrong kind\n", i, KERNELS[found].name);
            return 2;
        }
    for (int k = 0; k < nouts; k++)
        if (outn[k] < 0 || outn[k] >= nargs || A[outn[k]].kind != 'b') {
            fprintf(stderr, "error: --out %d is not a buffer argument\n", outn[k]);
            return 2;
        }
    if (block[0] * block[1] * block[2] > 1024 || block[2] != 1 || grid[2] != 1) {
        fprintf(stderr, "error: unsupported dispatch shape\n");
        return 2;
    }
    g_kernel = KERNELS[found].name;
    g_ftz = KERNELS[found].f32only && strncmp(arch, "gfx9", 4) != 0;
    uint16_t ws[3] = {block[0], block[1], block[2]};
    memcpy(fake_packet + 4, ws, 6);
    memcpy(fake_packet + 12, grid, 12);
    static unsigned ids[1024][2];
    static pthread_t th[1024];
    for (unsigned gy = 0; gy * block[1] < grid[1]; gy++)
        for (unsigned gx = 0; gx * block[0] < grid[0]; gx++) {
            g_grp[0] = gx;
            g_grp[1] = gy;
            unsigned cx = grid[0] - gx * block[0] < block[0] ? grid[0] - gx * block[0] : block[0];
            unsigned cy = grid[1] - gy * block[1] < block[1] ? grid[1] - gy * block[1] : block[1];
            pthread_barrier_init(&g_bar, NULL, cx * cy);
            unsigned t = 0;
            for (unsigned y = 0; y < cy; y++)
                for (unsigned x = 0; x < cx; x++, t++) {
                    ids[t][0] = x;
                    ids[t][1] = y;
                    pthread_create(&th[t], NULL, work_item, ids[t]);
                }
            for (unsigned k = 0; k < t; k++) pthread_join(th[k], NULL);
            pthread_barrier_destroy(&g_bar);
        }
    for (int k = 0; k < nouts; k++) {
        Arg *a = &A[outn[k]];
        FILE *f = fopen(outf[k], "wb");
        if (!f || fwrite(a->p, 1, a->size, f) != a->size) return 1;
        fclose(f);
    }
    return 0;
}
