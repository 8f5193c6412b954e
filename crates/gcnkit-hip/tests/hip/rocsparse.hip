// rocSPARSE from Debian's prebuilt librocsparse.so.0: its kernels come from the library's own
// fat binaries (111 of them, registered by the library's constructors). y = alpha*A*x + beta*y
// for a random sparse N x N CSR matrix (rows of 0 to 24 entries, a few long rows of N/2 and one
// of N, so that every bin of the adaptive algorithm is used), in single precision by
// rocsparse_scsrmv without and with rocsparse_scsrmv_analysis (the general and the adaptive
// kernels) and by the generic rocsparse_spmv (the stream algorithm, with its buffer-size
// query), and in double precision by rocsparse_dcsrmv with analysis; each checked against the
// host's sum in long double.
#include "check.h"
#include <rocsparse/rocsparse.h>
#include <cmath>
#include <cstdlib>
#include <vector>

#define SPARSE(x)                                                                 \
    do {                                                                          \
        rocsparse_status s_ = (x);                                                \
        if (s_ != rocsparse_status_success) {                                     \
            printf("FAIL: %s: rocsparse status %d at line %d\n", #x, (int)s_, __LINE__); \
            return 1;                                                             \
        }                                                                         \
    } while (0)

static unsigned long long state = 88172645463325252ull;
static unsigned next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 11);
}
static double uniform() { return (next() % 2000001) / 1000000.0 - 1.0; }  // [-1, 1]

struct Csr {
    int n, nnz;
    std::vector<int> row, col;
    std::vector<double> val;
};

static Csr make(int n) {
    Csr a;
    a.n = n;
    a.row.push_back(0);
    for (int i = 0; i < n; i++) {
        int len = next() % 25;
        if (i % 397 == 5) len = n / 2;
        if (i == n / 3) len = n;
        // Distinct sorted columns: a random start, random strides (wrapping as a dense row).
        std::vector<char> used(n, 0);
        if (len == n) {
            for (int j = 0; j < n; j++) used[j] = 1;
        } else {
            for (int k = 0; k < len; k++) used[next() % n] = 1;
        }
        for (int j = 0; j < n; j++)
            if (used[j]) {
                a.col.push_back(j);
                a.val.push_back(uniform());
            }
        a.row.push_back((int)a.col.size());
    }
    a.nnz = (int)a.col.size();
    return a;
}

// Checks y against alpha*A*x + beta*y0 (the host's, in long double): each within a few ulps of
// the sum of magnitudes of its terms.
template <typename T>
static bool check(const char* what, const Csr& a, T alpha, const std::vector<T>& x, T beta,
                  const std::vector<T>& y0, const std::vector<T>& y) {
    double eps = sizeof(T) == 4 ? 1.2e-7 : 2.3e-16;
    int bad = 0;
    for (int i = 0; i < a.n; i++) {
        long double s = 0, mag = 0;
        for (int k = a.row[i]; k < a.row[i + 1]; k++) {
            long double t = (long double)(T)a.val[k] * x[a.col[k]];
            s += t;
            mag += fabsl(t);
        }
        long double want = (long double)alpha * s + (long double)beta * y0[i];
        long double tol = 8 * eps * ((a.row[i + 1] - a.row[i]) + 2) * (fabsl(alpha) * mag + fabsl(beta * y0[i])) + 1e-30;
        if (fabsl(want - (long double)y[i]) > tol) {
            if (bad++ < 5)
                printf("%s: y[%d] = %.17g, want %.17Lg (tolerance %.3Lg)\n", what, i, (double)y[i], want, tol);
        }
    }
    if (bad) printf("FAIL: %s: %d of %d values wrong\n", what, bad, a.n);
    return bad == 0;
}

template <typename T>
static int run(rocsparse_handle h, rocsparse_mat_descr descr, const Csr& a, int mode) {
    enum { GENERAL, ADAPTIVE, GENERIC };
    bool analysis = mode == ADAPTIVE;
    const char* what = sizeof(T) == 8 ? "dcsrmv (adaptive)"
                       : mode == GENERAL ? "scsrmv"
                       : mode == ADAPTIVE ? "scsrmv (adaptive)"
                                          : "spmv (csr stream)";
    int n = a.n;
    std::vector<T> val(a.nnz), x(n), y0(n), y(n);
    for (int k = 0; k < a.nnz; k++) val[k] = (T)a.val[k];
    for (int i = 0; i < n; i++) {
        x[i] = (T)uniform();
        y0[i] = (T)uniform();
    }
    T alpha = (T)1.75, beta = (T)-0.5;
    T *dval, *dx, *dy;
    int *drow, *dcol;
    CHECK(hipMalloc(&dval, a.nnz * sizeof(T)));
    CHECK(hipMalloc(&dx, n * sizeof(T)));
    CHECK(hipMalloc(&dy, n * sizeof(T)));
    CHECK(hipMalloc(&drow, (n + 1) * sizeof(int)));
    CHECK(hipMalloc(&dcol, a.nnz * sizeof(int)));
    CHECK(hipMemcpy(dval, val.data(), a.nnz * sizeof(T), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dy, y0.data(), n * sizeof(T), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(drow, a.row.data(), (n + 1) * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dcol, a.col.data(), a.nnz * sizeof(int), hipMemcpyHostToDevice));
    rocsparse_mat_info info = nullptr;
    if (analysis) {
        SPARSE(rocsparse_create_mat_info(&info));
        if constexpr (sizeof(T) == 4)
            SPARSE(rocsparse_scsrmv_analysis(h, rocsparse_operation_none, n, n, a.nnz, descr, dval, drow, dcol, info));
        else
            SPARSE(rocsparse_dcsrmv_analysis(h, rocsparse_operation_none, n, n, a.nnz, descr, dval, drow, dcol, info));
    }
    if (mode == GENERIC) {
        rocsparse_spmat_descr mat;
        rocsparse_dnvec_descr vx, vy;
        rocsparse_datatype t = sizeof(T) == 4 ? rocsparse_datatype_f32_r : rocsparse_datatype_f64_r;
        SPARSE(rocsparse_create_csr_descr(&mat, n, n, a.nnz, drow, dcol, dval, rocsparse_indextype_i32,
                                          rocsparse_indextype_i32, rocsparse_index_base_zero, t));
        SPARSE(rocsparse_create_dnvec_descr(&vx, n, dx, t));
        SPARSE(rocsparse_create_dnvec_descr(&vy, n, dy, t));
        size_t size = 0;
        SPARSE(rocsparse_spmv(h, rocsparse_operation_none, &alpha, mat, vx, &beta, vy, t,
                              rocsparse_spmv_alg_csr_stream, &size, nullptr));
        void* buf;
        CHECK(hipMalloc(&buf, size ? size : 4));
        SPARSE(rocsparse_spmv(h, rocsparse_operation_none, &alpha, mat, vx, &beta, vy, t,
                              rocsparse_spmv_alg_csr_stream, &size, buf));
        CHECK(hipFree(buf));
        SPARSE(rocsparse_destroy_dnvec_descr(vx));
        SPARSE(rocsparse_destroy_dnvec_descr(vy));
        SPARSE(rocsparse_destroy_spmat_descr(mat));
    } else if constexpr (sizeof(T) == 4)
        SPARSE(rocsparse_scsrmv(h, rocsparse_operation_none, n, n, a.nnz, &alpha, descr, dval, drow, dcol, info, dx,
                                &beta, dy));
    else
        SPARSE(rocsparse_dcsrmv(h, rocsparse_operation_none, n, n, a.nnz, &alpha, descr, dval, drow, dcol, info, dx,
                                &beta, dy));
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(y.data(), dy, n * sizeof(T), hipMemcpyDeviceToHost));
    if (info) SPARSE(rocsparse_destroy_mat_info(info));
    CHECK(hipFree(dval));
    CHECK(hipFree(dx));
    CHECK(hipFree(dy));
    CHECK(hipFree(drow));
    CHECK(hipFree(dcol));
    return check(what, a, alpha, x, beta, y0, y) ? 0 : 1;
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    Csr a = make(n);
    rocsparse_handle h;
    rocsparse_mat_descr descr;
    SPARSE(rocsparse_create_handle(&h));
    SPARSE(rocsparse_create_mat_descr(&descr));
    if (run<float>(h, descr, a, 0) || run<float>(h, descr, a, 1) || run<float>(h, descr, a, 2) ||
        run<double>(h, descr, a, 1))
        return 1;
    SPARSE(rocsparse_destroy_mat_descr(descr));
    SPARSE(rocsparse_destroy_handle(h));
    printf("PASS rocsparse n=%d nnz=%d\n", n, a.nnz);
    return 0;
}
