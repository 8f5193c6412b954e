// Compares the profiler interface's names, the error names and strings (every code up to
// 0x480) and the debugger's build strings of two HIP
// libraries (argv[1]: gcnkit's, argv[2]: Debian's real libamdhip64.so.5), each loaded into a
// namespace of its own (both have the soname libamdhip64.so.5). Prints each difference and
// "SAME N" with the count of names compared when there is none.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef const char* (*name_fn)(unsigned);
typedef const char* (*error_fn)(int);
typedef const char* (*str_fn)(void);
typedef size_t (*size_fn)(void);

static void* open(const char* path) {
    void* h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
    if (!h) fprintf(stderr, "%s: %s\n", path, dlerror());
    return h;
}

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    void* a = open(argv[1]);
    void* b = open(argv[2]);
    if (!a || !b) return 2;
    int diffs = 0, n = 0;
    const char* fns[] = {"hipApiName", "hipGetCmdName"};
    for (int f = 0; f < 2; f++) {
        name_fn x = (name_fn)dlsym(a, fns[f]), y = (name_fn)dlsym(b, fns[f]);
        if (!x || !y) return 2;
        for (unsigned id = 0; id < 0x1400; id++, n++) {
            const char *p = x(id), *q = y(id);
            if (!p || !q || strcmp(p, q)) {
                printf("%s(%u): %s, not %s\n", fns[f], id, p ? p : "(null)", q ? q : "(null)");
                diffs++;
            }
        }
    }
    const char* errs[] = {"hipGetErrorName", "hipGetErrorString"};
    for (int f = 0; f < 2; f++) {
        error_fn x = (error_fn)dlsym(a, errs[f]), y = (error_fn)dlsym(b, errs[f]);
        if (!x || !y) return 2;
        for (int e = 0; e < 0x480; e++, n++) {
            const char *p = x(e), *q = y(e);
            if (!p || !q || strcmp(p, q)) {
                printf("%s(%d): %s, not %s\n", errs[f], e, p ? p : "(null)", q ? q : "(null)");
                diffs++;
            }
        }
    }
    const char* strs[] = {"amd_dbgapi_get_build_name", "amd_dbgapi_get_git_hash"};
    for (int f = 0; f < 2; f++, n++) {
        str_fn x = (str_fn)dlsym(a, strs[f]), y = (str_fn)dlsym(b, strs[f]);
        if (!x || !y || strcmp(x(), y())) {
            printf("%s differs\n", strs[f]);
            diffs++;
        }
    }
    size_fn x = (size_fn)dlsym(a, "amd_dbgapi_get_build_id"), y = (size_fn)dlsym(b, "amd_dbgapi_get_build_id");
    n++;
    if (!x || !y || x() != y()) {
        printf("amd_dbgapi_get_build_id differs\n");
        diffs++;
    }
    if (!diffs) printf("SAME %d\n", n);
    return diffs != 0;
}
