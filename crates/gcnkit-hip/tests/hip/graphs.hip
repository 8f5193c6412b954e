// Graphs: explicit graphs (kernel, copy, memset, host, empty and child graph nodes with
// dependencies), their queries and parameters, executable graphs launched many times and
// updated, stream capture (one stream, and forked to a second stream through events and
// joined back), and the errors HIP 5.2 gives for misuse. Every result is checked against the
// same computation on the host.
#include "check.h"
#include <vector>
#include <cstring>

#define EXPECT(x, want)                                                                     \
    do {                                                                                    \
        hipError_t e_ = (x);                                                                \
        if (e_ != (want)) {                                                                 \
            printf("FAIL: %s gave %s (%d), not %s at line %d\n", #x, hipGetErrorName(e_),   \
                   (int)e_, #want, __LINE__);                                               \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)

#define TRUE(c)                                                        \
    do {                                                               \
        if (!(c)) {                                                    \
            printf("FAIL: %s at line %d\n", #c, __LINE__);             \
            return 1;                                                  \
        }                                                              \
    } while (0)

__device__ float table[64];

__global__ void axpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void scale(float* y, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] *= s;
}

__global__ void add_to(float* y, const float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += x[i];
}

// Host nodes note the order they ran in.
static int order[64];
static int ran = 0;
struct Tag {
    int id;
};
static void note(void* p) { order[ran++] = static_cast<Tag*>(p)->id; }

static int position(int id) {
    for (int k = 0; k < ran; k++)
        if (order[k] == id) return k;
    return -1;
}

static bool near(float a, float b) { return fabsf(a - b) <= 1e-5f * fmaxf(1.0f, fabsf(b)); }

static int check_all(const std::vector<float>& got, const std::vector<float>& want, const char* what) {
    for (size_t i = 0; i < got.size(); i++) {
        if (!near(got[i], want[i])) {
            printf("FAIL: %s: [%zu] = %g, host says %g\n", what, i, got[i], want[i]);
            return 1;
        }
    }
    return 0;
}

int main() {
    const int n = 3000;
    const size_t bytes = n * sizeof(float);
    std::vector<float> hx(n), hy(n), out(n);
    for (int i = 0; i < n; i++) {
        hx[i] = 0.5f * i - 7.0f;
        hy[i] = 3.0f - 0.25f * i;
    }
    float *dx, *dy, *dz;
    CHECK(hipMalloc(&dx, bytes));
    CHECK(hipMalloc(&dy, bytes));
    CHECK(hipMalloc(&dz, bytes));

    // ---- An explicit graph: copy x and y in, then y = a*x + y and z = 0x40400000 (3.0f) in
    // parallel, then y *= s, y += z (a diamond), then y out. Host nodes before and after. ----
    hipGraph_t g;
    CHECK(hipGraphCreate(&g, 0));
    hipGraphNode_t cx, cy, k1, ms, k2, k3, cout_, h0, h1, empty;
    Tag t0{100}, t1{101};
    hipHostNodeParams hp0 = {note, &t0}, hp1 = {note, &t1};
    CHECK(hipGraphAddHostNode(&h0, g, nullptr, 0, &hp0));
    CHECK(hipGraphAddMemcpyNode1D(&cx, g, &h0, 1, dx, hx.data(), bytes, hipMemcpyHostToDevice));
    CHECK(hipGraphAddMemcpyNode1D(&cy, g, &h0, 1, dy, hy.data(), bytes, hipMemcpyHostToDevice));
    float a = 2.5f;
    int nn = n;
    void* args1[] = {&a, &dx, &dy, &nn};
    hipKernelNodeParams kp = {};
    kp.func = (void*)axpy;
    kp.gridDim = dim3((n + 255) / 256);
    kp.blockDim = dim3(256);
    kp.kernelParams = args1;
    hipGraphNode_t after_copies[] = {cx, cy};
    CHECK(hipGraphAddKernelNode(&k1, g, after_copies, 2, &kp));
    a = -100.0f;  // the node copied its arguments when it was added
    hipMemsetParams mp = {};
    mp.dst = dz;
    mp.elementSize = 4;
    mp.width = n;
    mp.height = 1;
    mp.value = 0x40400000u;  // 3.0f
    CHECK(hipGraphAddMemsetNode(&ms, g, &h0, 1, &mp));
    float s = 0.75f;
    void* args2[] = {&dy, &s, &nn};
    hipKernelNodeParams kp2 = {};
    kp2.func = (void*)scale;
    kp2.gridDim = dim3((n + 127) / 128);
    kp2.blockDim = dim3(128);
    kp2.kernelParams = args2;
    CHECK(hipGraphAddKernelNode(&k2, g, &k1, 1, &kp2));
    void* args3[] = {&dy, &dz, &nn};
    hipKernelNodeParams kp3 = kp2;
    kp3.func = (void*)add_to;
    kp3.kernelParams = args3;
    hipGraphNode_t join[] = {k2, ms};
    CHECK(hipGraphAddKernelNode(&k3, g, join, 2, &kp3));
    CHECK(hipGraphAddEmptyNode(&empty, g, &k3, 1));
    CHECK(hipGraphAddMemcpyNode1D(&cout_, g, &empty, 1, out.data(), dy, bytes, hipMemcpyDeviceToHost));
    CHECK(hipGraphAddHostNode(&h1, g, &cout_, 1, &hp1));

    // Queries.
    size_t count = 0;
    CHECK(hipGraphGetNodes(g, nullptr, &count));
    TRUE(count == 10);
    std::vector<hipGraphNode_t> all(12, (hipGraphNode_t)1);
    count = 12;
    CHECK(hipGraphGetNodes(g, all.data(), &count));
    TRUE(count == 10 && all[0] == h0 && all[9] == h1 && all[10] == nullptr && all[11] == nullptr);
    hipGraphNode_t roots[4];
    count = 4;
    CHECK(hipGraphGetRootNodes(g, roots, &count));
    TRUE(count == 1 && roots[0] == h0);
    hipGraphNodeType type;
    CHECK(hipGraphNodeGetType(k1, &type));
    TRUE(type == hipGraphNodeTypeKernel);
    CHECK(hipGraphNodeGetType(ms, &type));
    TRUE(type == hipGraphNodeTypeMemset);
    CHECK(hipGraphNodeGetType(h0, &type));
    TRUE(type == hipGraphNodeTypeHost);
    CHECK(hipGraphNodeGetType(empty, &type));
    TRUE(type == hipGraphNodeTypeEmpty);
    CHECK(hipGraphNodeGetType(cx, &type));
    TRUE(type == hipGraphNodeTypeMemcpy1D);
    hipGraphNode_t deps[4];
    count = 4;
    CHECK(hipGraphNodeGetDependencies(k3, deps, &count));
    TRUE(count == 2 && deps[0] == k2 && deps[1] == ms);
    count = 0;
    CHECK(hipGraphNodeGetDependentNodes(h0, nullptr, &count));
    TRUE(count == 3);
    CHECK(hipGraphGetEdges(g, nullptr, nullptr, &count));
    TRUE(count == 11);
    hipKernelNodeParams got = {};
    CHECK(hipGraphKernelNodeGetParams(k1, &got));
    TRUE(got.func == (void*)axpy && got.gridDim.x == (unsigned)(n + 255) / 256 && got.blockDim.x == 256 &&
         got.extra == nullptr && *(float*)got.kernelParams[0] == 2.5f && *(float**)got.kernelParams[1] == dx &&
         *(int*)got.kernelParams[3] == n);
    hipMemsetParams gotm = {};
    CHECK(hipGraphMemsetNodeGetParams(ms, &gotm));
    TRUE(gotm.dst == dz && gotm.elementSize == 4 && gotm.width == (size_t)n && gotm.value == 0x40400000u);
    hipHostNodeParams goth = {};
    CHECK(hipGraphHostNodeGetParams(h1, &goth));
    TRUE(goth.fn == note && goth.userData == &t1);

    // Nothing ran yet: a graph only runs when launched.
    TRUE(ran == 0);

    hipGraphExec_t x;
    CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
    hipStream_t st;
    CHECK(hipStreamCreate(&st));
    std::vector<float> want(n);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < n; i++) {
            hx[i] += 1.0f;  // copy nodes read the host buffers when they run
            want[i] = (2.5f * hx[i] + hy[i]) * 0.75f + 3.0f;
        }
        ran = 0;
        CHECK(hipGraphLaunch(x, st));
        CHECK(hipStreamSynchronize(st));
        if (check_all(out, want, "explicit graph")) return 1;
        TRUE(ran == 2 && order[0] == 100 && order[1] == 101);
    }

    // The executable graph's kernel parameters changed on their own: the graph keeps its own.
    s = 2.0f;
    CHECK(hipGraphExecKernelNodeSetParams(x, k2, &kp2));
    ran = 0;
    CHECK(hipGraphLaunch(x, st));
    CHECK(hipStreamSynchronize(st));
    for (int i = 0; i < n; i++) want[i] = (2.5f * hx[i] + hy[i]) * 2.0f + 3.0f;
    if (check_all(out, want, "hipGraphExecKernelNodeSetParams")) return 1;
    CHECK(hipGraphKernelNodeGetParams(k2, &got));
    TRUE(*(float*)got.kernelParams[1] == 0.75f);

    // hipGraphExecUpdate from a graph of the same shape: its parameters are taken.
    hipGraph_t g2;
    CHECK(hipGraphClone(&g2, g));
    hipGraphNode_t k2c;
    CHECK(hipGraphNodeFindInClone(&k2c, k2, g2));
    s = -1.0f;
    CHECK(hipGraphKernelNodeSetParams(k2c, &kp2));
    hipGraphNode_t err_node = nullptr;
    hipGraphExecUpdateResult res = hipGraphExecUpdateError;
    CHECK(hipGraphExecUpdate(x, g2, &err_node, &res));
    TRUE(res == hipGraphExecUpdateSuccess);
    CHECK(hipGraphLaunch(x, st));
    CHECK(hipStreamSynchronize(st));
    for (int i = 0; i < n; i++) want[i] = (2.5f * hx[i] + hy[i]) * -1.0f + 3.0f;
    if (check_all(out, want, "hipGraphExecUpdate")) return 1;
    // ... but not from one of another shape.
    hipGraphNode_t extra_node;
    CHECK(hipGraphAddEmptyNode(&extra_node, g2, nullptr, 0));
    EXPECT(hipGraphExecUpdate(x, g2, &err_node, &res), hipErrorGraphExecUpdateFailure);
    TRUE(res == hipGraphExecUpdateErrorTopologyChanged);

    // ---- A child graph: z = x; then the child (y = a*x + y twice, a = 1) ----
    hipGraph_t child, parent;
    CHECK(hipGraphCreate(&child, 0));
    CHECK(hipGraphCreate(&parent, 0));
    float one = 1.0f;
    void* cargs[] = {&one, &dx, &dy, &nn};
    hipKernelNodeParams ck = kp;
    ck.kernelParams = cargs;
    hipGraphNode_t c1, c2, pc, pk;
    CHECK(hipGraphAddKernelNode(&c1, child, nullptr, 0, &ck));
    CHECK(hipGraphAddKernelNode(&c2, child, &c1, 1, &ck));
    CHECK(hipGraphAddMemcpyNode1D(&pc, parent, nullptr, 0, dy, hy.data(), bytes, hipMemcpyHostToDevice));
    CHECK(hipGraphAddChildGraphNode(&pk, parent, &pc, 1, child));
    CHECK(hipGraphNodeGetType(pk, &type));
    TRUE(type == hipGraphNodeTypeGraph);
    hipGraph_t inner;
    CHECK(hipGraphChildGraphNodeGetGraph(pk, &inner));
    count = 0;
    CHECK(hipGraphGetNodes(inner, nullptr, &count));
    TRUE(count == 2);
    CHECK(hipGraphDestroy(child));  // the node has its own copy
    hipGraphExec_t px;
    CHECK(hipGraphInstantiate(&px, parent, nullptr, nullptr, 0));
    CHECK(hipGraphLaunch(px, st));
    CHECK(hipMemcpyAsync(out.data(), dy, bytes, hipMemcpyDeviceToHost, st));
    CHECK(hipStreamSynchronize(st));
    for (int i = 0; i < n; i++) want[i] = hy[i] + 2.0f * hx[i];
    if (check_all(out, want, "child graph")) return 1;

    // ---- Topological order: host nodes in a random DAG run after their dependencies ----
    {
        hipGraph_t dag;
        CHECK(hipGraphCreate(&dag, 0));
        const int m = 24;
        static Tag tags[m];
        hipGraphNode_t nodes[m];
        std::vector<std::vector<int>> dep(m);
        unsigned r = 12345;
        for (int i = 0; i < m; i++) {
            tags[i].id = i;
            hipGraphNode_t d[3];
            int k = 0;
            for (int j = 0; j < 3 && i > 0; j++) {
                r = r * 1103515245u + 12345u;
                int p = (r >> 8) % i;
                bool seen = false;
                for (int q = 0; q < k; q++) seen |= d[q] == nodes[p];
                if (!seen) {
                    d[k++] = nodes[p];
                    dep[i].push_back(p);
                }
            }
            hipHostNodeParams h = {note, &tags[i]};
            CHECK(hipGraphAddHostNode(&nodes[i], dag, d, k, &h));
        }
        // An edge added afterwards: the first node after the last one.
        CHECK(hipGraphAddDependencies(dag, &nodes[m - 1], &nodes[0], 1));
        dep[0].push_back(m - 1);
        EXPECT(hipGraphAddDependencies(dag, &nodes[m - 1], &nodes[0], 1), hipErrorInvalidValue);
        hipGraphExec_t dx_;
        // A cycle: node m-1 depends (indirectly) on node 0 unless it has no dependencies.
        if (!dep[m - 1].empty()) {
            hipGraphExec_t bad;
            EXPECT(hipGraphInstantiate(&bad, dag, nullptr, nullptr, 0), hipErrorInvalidValue);
            CHECK(hipGraphRemoveDependencies(dag, &nodes[m - 1], &nodes[0], 1));
            dep[0].pop_back();
        }
        CHECK(hipGraphInstantiate(&dx_, dag, nullptr, nullptr, 0));
        ran = 0;
        CHECK(hipGraphLaunch(dx_, st));
        CHECK(hipStreamSynchronize(st));
        TRUE(ran == m);
        for (int i = 0; i < m; i++)
            for (int p : dep[i])
                if (position(p) > position(i)) {
                    printf("FAIL: host node %d ran before its dependency %d\n", i, p);
                    return 1;
                }
        CHECK(hipGraphExecDestroy(dx_));
        CHECK(hipGraphDestroy(dag));
    }

    // ---- Stream capture on one stream ----
    (void)hipGetLastError();  // the misuse above left its error
    hipStreamCaptureStatus cs;
    CHECK(hipStreamIsCapturing(st, &cs));
    TRUE(cs == hipStreamCaptureStatusNone);
    CHECK(hipMemset(dz, 0, bytes));
    CHECK(hipStreamBeginCapture(st, hipStreamCaptureModeGlobal));
    CHECK(hipStreamIsCapturing(st, &cs));
    TRUE(cs == hipStreamCaptureStatusActive);
    CHECK(hipMemcpyAsync(dz, dx, bytes, hipMemcpyDeviceToDevice, st));
    unsigned long long id = 0;
    hipGraph_t capturing = nullptr;
    const hipGraphNode_t* last = nullptr;
    size_t nlast = 0;
    CHECK(hipStreamGetCaptureInfo_v2(st, &cs, &id, &capturing, &last, &nlast));
    TRUE(cs == hipStreamCaptureStatusActive && id != 0 && capturing != nullptr && nlast == 1);
    hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, st, dz, 4.0f, n);
    CHECK(hipGetLastError());
    CHECK(hipMemsetD32Async(dy, 0x3f800000, n, st));  // 1.0f
    hipLaunchKernelGGL(add_to, dim3((n + 255) / 256), dim3(256), 0, st, dy, dz, n);
    // The illegal calls HIP 5.2 refuses during a global capture.
    EXPECT(hipMemcpy(out.data(), dz, bytes, hipMemcpyDeviceToHost), hipErrorStreamCaptureImplicit);
    float* tmp = nullptr;
    EXPECT(hipMalloc(&tmp, 64), hipErrorStreamCaptureUnsupported);
    EXPECT(hipStreamBeginCapture(st, hipStreamCaptureModeGlobal), hipErrorIllegalState);
    EXPECT(hipStreamBeginCapture(0, hipStreamCaptureModeGlobal), hipErrorStreamCaptureUnsupported);
    hipGraph_t cg;
    CHECK(hipStreamEndCapture(st, &cg));
    CHECK(hipStreamIsCapturing(st, &cs));
    TRUE(cs == hipStreamCaptureStatusNone);
    count = 0;
    CHECK(hipGraphGetNodes(cg, nullptr, &count));
    TRUE(count == 4);
    hipGraphNode_t cn[4];
    CHECK(hipGraphGetNodes(cg, cn, &count));
    CHECK(hipGraphNodeGetType(cn[1], &type));
    TRUE(type == hipGraphNodeTypeKernel);
    CHECK(hipGraphKernelNodeGetParams(cn[1], &got));
    TRUE(got.func == (void*)scale && *(float*)got.kernelParams[1] == 4.0f);
    CHECK(hipGraphNodeGetType(cn[2], &type));
    TRUE(type == hipGraphNodeTypeMemset);
    // Captured, not run: z is still 0.
    CHECK(hipMemcpy(out.data(), dz, bytes, hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) TRUE(out[i] == 0.0f);
    CHECK(hipMemcpy(hx.data(), dx, bytes, hipMemcpyDeviceToHost));
    hipGraphExec_t cx_;
    CHECK(hipGraphInstantiate(&cx_, cg, nullptr, nullptr, 0));
    for (int round = 0; round < 2; round++) {
        CHECK(hipGraphLaunch(cx_, st));
        CHECK(hipStreamSynchronize(st));
        CHECK(hipMemcpy(out.data(), dy, bytes, hipMemcpyDeviceToHost));
        for (int i = 0; i < n; i++) want[i] = 1.0f + 4.0f * hx[i];
        if (check_all(out, want, "captured graph")) return 1;
    }

    // ---- Capture across two streams: fork through an event, join back through another ----
    hipStream_t s2;
    CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
    hipEvent_t fork, joined;
    CHECK(hipEventCreate(&fork));
    CHECK(hipEventCreate(&joined));
    CHECK(hipStreamBeginCapture(st, hipStreamCaptureModeThreadLocal));
    CHECK(hipMemsetD32Async(dz, 0x40000000, n, st));  // z = 2
    CHECK(hipEventRecord(fork, st));
    CHECK(hipStreamWaitEvent(s2, fork, 0));
    CHECK(hipStreamIsCapturing(s2, &cs));
    TRUE(cs == hipStreamCaptureStatusActive);
    hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, s2, dz, 5.0f, n);  // z = 10
    hipLaunchKernelGGL(axpy, dim3((n + 255) / 256), dim3(256), 0, st, 1.0f, dx, dy, n);  // y += x
    CHECK(hipEventRecord(joined, s2));
    EXPECT(hipStreamEndCapture(s2, &cg), hipErrorStreamCaptureUnmatched);
    EXPECT(hipStreamEndCapture(st, &cg), hipErrorStreamCaptureUnjoined);
    CHECK(hipStreamWaitEvent(st, joined, 0));
    hipLaunchKernelGGL(add_to, dim3((n + 255) / 256), dim3(256), 0, st, dy, dz, n);  // y += 10
    hipGraph_t fg;
    CHECK(hipStreamEndCapture(st, &fg));
    CHECK(hipStreamIsCapturing(s2, &cs));
    TRUE(cs == hipStreamCaptureStatusNone);
    count = 0;
    CHECK(hipGraphGetNodes(fg, nullptr, &count));
    TRUE(count == 4);
    hipGraphNode_t fn[4];
    CHECK(hipGraphGetNodes(fg, fn, &count));
    count = 4;
    CHECK(hipGraphNodeGetDependencies(fn[3], deps, &count));
    TRUE(count == 2);
    count = 4;
    CHECK(hipGraphGetRootNodes(fg, roots, &count));
    TRUE(count == 1);
    hipGraphExec_t fx;
    CHECK(hipGraphInstantiate(&fx, fg, nullptr, nullptr, 0));
    CHECK(hipGraphLaunch(fx, 0));
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(out.data(), dy, bytes, hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) want[i] = hx[i] + (1.0f + 4.0f * hx[i]) + 10.0f;  // y was 1 + 4x
    if (check_all(out, want, "forked capture")) return 1;

    // ---- Event, 3D copy nodes and the executable graph's own setters ----
    {
        hipGraph_t eg;
        CHECK(hipGraphCreate(&eg, 0));
        hipEvent_t e0, e1, e2;
        CHECK(hipEventCreate(&e0));
        CHECK(hipEventCreate(&e1));
        CHECK(hipEventCreate(&e2));
        const int w = 40, h = 30;  // a w x h block of ints, pitched on the device
        std::vector<int> src(w * h), back(w * h, -1);
        for (int i = 0; i < w * h; i++) src[i] = 7 * i - 1000;
        int* pitched;
        size_t pitch;
        CHECK(hipMallocPitch((void**)&pitched, &pitch, w * sizeof(int), h));
        hipMemcpy3DParms up = {};
        up.srcPtr = make_hipPitchedPtr(src.data(), w * sizeof(int), w * sizeof(int), h);
        up.dstPtr = make_hipPitchedPtr(pitched, pitch, w * sizeof(int), h);
        up.extent = make_hipExtent(w * sizeof(int), h, 1);
        up.kind = hipMemcpyHostToDevice;
        hipMemcpy3DParms down = up;
        down.srcPtr = up.dstPtr;
        down.dstPtr = make_hipPitchedPtr(back.data(), w * sizeof(int), w * sizeof(int), h);
        down.kind = hipMemcpyDeviceToHost;
        hipGraphNode_t r0, cu, ws, ms2, cd, r1, hn;
        CHECK(hipGraphAddEventRecordNode(&r0, eg, nullptr, 0, e0));
        CHECK(hipGraphAddMemcpyNode(&cu, eg, &r0, 1, &up));
        CHECK(hipGraphAddEventWaitNode(&ws, eg, &cu, 1, e0));
        hipMemsetParams row = {};
        row.dst = pitched;  // the first row set to 0x01010101
        row.elementSize = 1;
        row.width = w * sizeof(int);
        row.height = 1;
        row.value = 1;
        CHECK(hipGraphAddMemsetNode(&ms2, eg, &ws, 1, &row));
        CHECK(hipGraphAddMemcpyNode(&cd, eg, &ms2, 1, &down));
        CHECK(hipGraphAddEventRecordNode(&r1, eg, &cd, 1, e1));
        Tag t2{102};
        hipHostNodeParams hp2 = {note, &t2};
        CHECK(hipGraphAddHostNode(&hn, eg, &r1, 1, &hp2));
        hipGraphNodeType type2;
        CHECK(hipGraphNodeGetType(r0, &type2));
        TRUE(type2 == hipGraphNodeTypeEventRecord);
        CHECK(hipGraphNodeGetType(ws, &type2));
        TRUE(type2 == hipGraphNodeTypeWaitEvent);
        CHECK(hipGraphNodeGetType(cu, &type2));
        TRUE(type2 == hipGraphNodeTypeMemcpy);
        hipEvent_t ge;
        CHECK(hipGraphEventRecordNodeGetEvent(r1, &ge));
        TRUE(ge == e1);
        CHECK(hipGraphEventWaitNodeGetEvent(ws, &ge));
        TRUE(ge == e0);
        hipMemcpy3DParms gotp = {};
        CHECK(hipGraphMemcpyNodeGetParams(cu, &gotp));
        TRUE(gotp.dstPtr.ptr == pitched && gotp.dstPtr.pitch == pitch && gotp.extent.height == (size_t)h);
        std::vector<hipGraphNode_t> from(8), to(8);
        size_t ne = 8;
        CHECK(hipGraphGetEdges(eg, from.data(), to.data(), &ne));
        TRUE(ne == 6 && from[0] == r0 && to[0] == cu && from[5] == r1 && to[5] == hn && from[6] == nullptr);
        hipGraphExec_t ex;
        CHECK(hipGraphInstantiateWithFlags(&ex, eg, hipGraphInstantiateFlagAutoFreeOnLaunch));
        ran = 0;
        CHECK(hipGraphLaunch(ex, st));
        CHECK(hipStreamSynchronize(st));
        for (int i = 0; i < w * h; i++) {
            int want_i = i < w ? 0x01010101 : src[i];
            if (back[i] != want_i) {
                printf("FAIL: 3D copy node: [%d] = %d, host says %d\n", i, back[i], want_i);
                return 1;
            }
        }
        float ms_ = -1;
        CHECK(hipEventElapsedTime(&ms_, e0, e1));  // both records ran
        TRUE(ms_ >= 0 && ran == 1 && order[0] == 102);
        // The executable graph's own memset value, host data, 3D copy and record event.
        row.value = 2;
        CHECK(hipGraphExecMemsetNodeSetParams(ex, ms2, &row));
        Tag t3{103};
        hipHostNodeParams hp3 = {note, &t3};
        CHECK(hipGraphExecHostNodeSetParams(ex, hn, &hp3));
        std::vector<int> back2(w * h, -1);
        down.dstPtr = make_hipPitchedPtr(back2.data(), w * sizeof(int), w * sizeof(int), h);
        CHECK(hipGraphExecMemcpyNodeSetParams(ex, cd, &down));
        CHECK(hipGraphExecEventRecordNodeSetEvent(ex, r1, e2));
        ran = 0;
        CHECK(hipGraphLaunch(ex, st));
        CHECK(hipStreamSynchronize(st));
        TRUE(ran == 1 && order[0] == 103);
        for (int i = 0; i < w * h; i++) TRUE(back2[i] == (i < w ? 0x02020202 : src[i]));
        CHECK(hipEventElapsedTime(&ms_, e0, e2));
        // The graph itself is unchanged.
        hipMemsetParams gm = {};
        CHECK(hipGraphMemsetNodeGetParams(ms2, &gm));
        TRUE(gm.value == 1);
        // A child graph node replaced in the executable graph: a memset child, then another.
        hipGraph_t outer, ca, cb;
        CHECK(hipGraphCreate(&outer, 0));
        CHECK(hipGraphCreate(&ca, 0));
        CHECK(hipGraphCreate(&cb, 0));
        hipGraphNode_t na, nb, pnode;
        hipMemsetParams m4 = {};
        m4.dst = dz;
        m4.elementSize = 4;
        m4.width = n;
        m4.height = 1;
        m4.value = 0x41200000u;  // 10.0f
        CHECK(hipGraphAddMemsetNode(&na, ca, nullptr, 0, &m4));
        m4.value = 0x41a00000u;  // 20.0f
        CHECK(hipGraphAddMemsetNode(&nb, cb, nullptr, 0, &m4));
        CHECK(hipGraphAddChildGraphNode(&pnode, outer, nullptr, 0, ca));
        hipGraphExec_t ox;
        CHECK(hipGraphInstantiate(&ox, outer, nullptr, nullptr, 0));
        CHECK(hipGraphExecChildGraphNodeSetParams(ox, pnode, cb));
        CHECK(hipGraphLaunch(ox, st));
        CHECK(hipMemcpyAsync(out.data(), dz, bytes, hipMemcpyDeviceToHost, st));
        CHECK(hipStreamSynchronize(st));
        for (int i = 0; i < n; i++) TRUE(out[i] == 20.0f);
        // hipGraphExecMemcpyNodeSetParams1D on the first explicit graph's copy out.
        CHECK(hipGraphExecDestroy(ox));
        CHECK(hipGraphDestroy(outer));
        CHECK(hipGraphDestroy(ca));
        CHECK(hipGraphDestroy(cb));
        CHECK(hipGraphExecDestroy(ex));
        CHECK(hipGraphDestroy(eg));
        CHECK(hipFree(pitched));
        CHECK(hipEventDestroy(e0));
        CHECK(hipEventDestroy(e1));
        CHECK(hipEventDestroy(e2));
    }
    {
        // A 1D copy node's parameters changed in the executable graph only.
        std::vector<float> a1(n, 1.5f), b1(n, 0.0f), c1(n, 0.0f);
        hipGraph_t g1;
        CHECK(hipGraphCreate(&g1, 0));
        hipGraphNode_t up1, down1;
        CHECK(hipGraphAddMemcpyNode1D(&up1, g1, nullptr, 0, dz, a1.data(), bytes, hipMemcpyHostToDevice));
        CHECK(hipGraphAddMemcpyNode1D(&down1, g1, &up1, 1, b1.data(), dz, bytes, hipMemcpyDeviceToHost));
        hipGraphExec_t x1;
        CHECK(hipGraphInstantiate(&x1, g1, nullptr, nullptr, 0));
        CHECK(hipGraphExecMemcpyNodeSetParams1D(x1, down1, c1.data(), dz, bytes, hipMemcpyDeviceToHost));
        CHECK(hipGraphLaunch(x1, st));
        CHECK(hipStreamSynchronize(st));
        for (int i = 0; i < n; i++) TRUE(c1[i] == 1.5f && b1[i] == 0.0f);
        EXPECT(hipGraphMemcpyNodeSetParams1D(down1, dz, dz, bytes, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
        CHECK(hipGraphExecDestroy(x1));
        CHECK(hipGraphDestroy(g1));
    }
    {
        // hipStreamUpdateCaptureDependencies: the next captured node depends on none.
        hipGraph_t ug;
        CHECK(hipStreamBeginCapture(st, hipStreamCaptureModeRelaxed));
        CHECK(hipMemsetAsync(dz, 0, bytes, st));
        CHECK(hipStreamUpdateCaptureDependencies(st, nullptr, 0, hipStreamSetCaptureDependencies));
        CHECK(hipMemsetAsync(dy, 0, bytes, st));
        CHECK(hipStreamEndCapture(st, &ug));
        size_t nr = 0;
        CHECK(hipGraphGetRootNodes(ug, nullptr, &nr));
        TRUE(nr == 2);
        EXPECT(hipStreamUpdateCaptureDependencies(st, nullptr, 0, 0), hipErrorIllegalState);
        CHECK(hipGraphDestroy(ug));
    }

    {
        // 2D copies and sets given to a capturing stream are captured too.
        std::vector<unsigned char> hb(256 * 4, 7), hb2(256 * 4, 0xee);
        CHECK(hipMemset(dz, 0, bytes));
        hipGraph_t g2d;
        CHECK(hipStreamBeginCapture(st, hipStreamCaptureModeGlobal));
        CHECK(hipMemcpy2DAsync(dz, 256, hb.data(), 256, 200, 4, hipMemcpyHostToDevice, st));
        CHECK(hipMemset2DAsync(dz, 256, 9, 100, 2, st));
        CHECK(hipMemcpy2DAsync(hb2.data(), 256, dz, 256, 256, 4, hipMemcpyDeviceToHost, st));
        CHECK(hipStreamEndCapture(st, &g2d));
        TRUE(hb2[0] == 0xee);  // captured, not run
        hipGraphExec_t x2d;
        CHECK(hipGraphInstantiate(&x2d, g2d, nullptr, nullptr, 0));
        CHECK(hipGraphLaunch(x2d, st));
        CHECK(hipStreamSynchronize(st));
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 256; c++) {
                int want_b = c >= 200 ? 0 : (r < 2 && c < 100) ? 9 : 7;
                if (hb2[r * 256 + c] != want_b) {
                    printf("FAIL: captured 2D copy/set: row %d col %d = %d, host says %d\n", r, c, hb2[r * 256 + c], want_b);
                    return 1;
                }
            }
        CHECK(hipGraphExecDestroy(x2d));
        CHECK(hipGraphDestroy(g2d));
    }

    {
        // Copies to and from a __device__ variable.
        float in[48], in2[48], back[64];
        for (int i = 0; i < 48; i++) {
            in[i] = 0.5f * i;
            in2[i] = -2.0f * i;
        }
        hipGraph_t sg;
        CHECK(hipGraphCreate(&sg, 0));
        hipGraphNode_t tos, froms;
        CHECK(hipGraphAddMemcpyNodeToSymbol(&tos, sg, nullptr, 0, HIP_SYMBOL(table), in, sizeof in, 16 * sizeof(float), hipMemcpyHostToDevice));
        CHECK(hipGraphAddMemcpyNodeFromSymbol(&froms, sg, &tos, 1, back, HIP_SYMBOL(table), sizeof back, 0, hipMemcpyDeviceToHost));
        hipGraphNodeType st2;
        CHECK(hipGraphNodeGetType(tos, &st2));
        TRUE(st2 == hipGraphNodeTypeMemcpyToSymbol);
        CHECK(hipGraphNodeGetType(froms, &st2));
        TRUE(st2 == hipGraphNodeTypeMemcpyFromSymbol);
        hipGraphExec_t sx;
        CHECK(hipGraphInstantiate(&sx, sg, nullptr, nullptr, 0));
        CHECK(hipGraphLaunch(sx, st));
        CHECK(hipStreamSynchronize(st));
        for (int i = 0; i < 48; i++) TRUE(back[16 + i] == in[i]);
        CHECK(hipGraphExecMemcpyNodeSetParamsToSymbol(sx, tos, HIP_SYMBOL(table), in2, sizeof in2, 0, hipMemcpyHostToDevice));
        CHECK(hipGraphLaunch(sx, st));
        CHECK(hipStreamSynchronize(st));
        for (int i = 0; i < 48; i++) TRUE(back[i] == in2[i]);
        TRUE(back[48] == in[32]);  // left from the first launch
        EXPECT(hipGraphAddMemcpyNodeToSymbol(&tos, sg, nullptr, 0, HIP_SYMBOL(table), in, sizeof in, 20 * sizeof(float), hipMemcpyHostToDevice), hipErrorInvalidValue);
        // A kind whose destination is not where `back` is: ROCm 5.2's node checks memory types.
        EXPECT(hipGraphMemcpyNodeSetParamsFromSymbol(froms, back, HIP_SYMBOL(table), sizeof back, 0, hipMemcpyHostToDevice), hipErrorInvalidValue);
        CHECK(hipGraphExecDestroy(sx));
        CHECK(hipGraphDestroy(sg));
    }

    {
        // A stream destroyed while capturing ends its capture: synchronous calls work again.
        hipStream_t lost;
        CHECK(hipStreamCreate(&lost));
        CHECK(hipStreamBeginCapture(lost, hipStreamCaptureModeGlobal));
        CHECK(hipMemsetAsync(dz, 0, bytes, lost));
        EXPECT(hipMemset(dz, 0, bytes), hipErrorStreamCaptureImplicit);
        CHECK(hipStreamDestroy(lost));
        CHECK(hipMemset(dz, 0, bytes));
    }

    // ---- Misuse ----
    hipGraphNode_t bad;
    hipKernelNodeParams none = kp;
    none.kernelParams = nullptr;
    EXPECT(hipGraphAddKernelNode(&bad, g, nullptr, 0, &none), hipErrorInvalidValue);
    mp.elementSize = 3;
    EXPECT(hipGraphAddMemsetNode(&bad, g, nullptr, 0, &mp), hipErrorInvalidValue);
    EXPECT(hipGraphAddEmptyNode(&bad, g, nullptr, 1), hipErrorInvalidValue);
    EXPECT(hipGraphAddEmptyNode(&bad, g, &fn[0], 1), hipErrorInvalidValue);  // a node of another graph
    EXPECT(hipGraphCreate(&g2, 1), hipErrorInvalidValue);
    EXPECT(hipStreamEndCapture(st, &cg), hipErrorStreamCaptureUnmatched);
    CHECK(hipGraphDestroyNode(extra_node));
    CHECK(hipGraphExecDestroy(x));
    CHECK(hipGraphExecDestroy(px));
    CHECK(hipGraphExecDestroy(cx_));
    CHECK(hipGraphExecDestroy(fx));
    CHECK(hipGraphDestroy(g));
    CHECK(hipGraphDestroy(g2));
    CHECK(hipGraphDestroy(parent));
    CHECK(hipGraphDestroy(cg));
    CHECK(hipGraphDestroy(fg));
    EXPECT(hipGraphDestroy(g), hipErrorIllegalState);
    EXPECT(hipGraphLaunch(x, st), hipErrorInvalidValue);
    CHECK(hipStreamDestroy(st));
    CHECK(hipStreamDestroy(s2));
    CHECK(hipFree(dx));
    CHECK(hipFree(dy));
    CHECK(hipFree(dz));
    printf("PASS graphs\n");
    return 0;
}
