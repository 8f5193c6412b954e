//! Errors, versions and the small helpers the library exports.

use super::*;

// ---- Errors and versions ----

pub extern "C" fn hipGetLastError() -> i32 {
    runtime::last_error(true)
}

pub extern "C" fn hipPeekAtLastError() -> i32 {
    runtime::last_error(false)
}

/// HIP's description of an error (hipGetErrorString), the name where HIP has none of its own.
/// Each error's name as a C string (HIP 5.2's `hipGetErrorString` gives the name too).
pub(super) fn strings() -> &'static [(HipError, CString)] {
    static S: OnceLock<Vec<(HipError, CString)>> = OnceLock::new();
    S.get_or_init(|| {
        NAMES
            .iter()
            .map(|&(v, n)| (v, CString::new(n).unwrap_or_default()))
            .collect()
    })
}

pub extern "C" fn hipGetErrorName(hip_error: i32) -> *const c_char {
    match strings().iter().find(|s| s.0 == hip_error) {
        Some(s) => s.1.as_ptr(),
        None => c"hipErrorUnknown".as_ptr(),
    }
}

/// The error's name, as Debian's HIP 5.2 library gives it (CUDA's descriptions came later).
pub extern "C" fn hipGetErrorString(hip_error: i32) -> *const c_char {
    hipGetErrorName(hip_error)
}

pub unsafe extern "C" fn hipRuntimeGetVersion(runtime_version: *mut i32) -> i32 {
    guard(|| {
        if runtime_version.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *runtime_version = HIP_VERSION };
        Ok(())
    })
}

pub unsafe extern "C" fn hipDriverGetVersion(driver_version: *mut i32) -> i32 {
    guard(|| {
        if driver_version.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *driver_version = HIP_VERSION };
        Ok(())
    })
}

// ---- Small helpers the library exports ----

pub extern "C" fn hipCreateChannelDesc(x: i32, y: i32, z: i32, w: i32, f: i32) -> ChannelDesc {
    ChannelDesc { x, y, z, w, f }
}

pub extern "C" fn __gnu_f2h_ieee(f: f32) -> u16 {
    half::f16::from_f32(f).to_bits()
}

pub extern "C" fn __gnu_h2f_ieee(h: u16) -> f32 {
    half::f16::from_bits(h).to_f32()
}

// ---- The profiler interface's names and the debugger's build strings ----

/// `profiler_names.tsv`'s names of one kind (`api`, `command`) by id, NUL-terminated, made once.
fn profiler_names(kind: &str) -> &'static [(u32, CString)] {
    static S: OnceLock<[Vec<(u32, CString)>; 2]> = OnceLock::new();
    let all = S.get_or_init(|| {
        let mut t = [Vec::new(), Vec::new()];
        for line in include_str!("../../profiler_names.tsv")
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let mut f = line.split('\t');
            let (Some(k), Some(Some(id)), Some(name)) = (f.next(), f.next().map(|x| x.parse().ok()), f.next()) else {
                continue;
            };
            t[(k == "command") as usize].push((id, CString::new(name).unwrap_or_default()));
        }
        t
    });
    &all[(kind == "command") as usize]
}

/// The name of an API id of HIP's profiler interface (`hip_api_id_t`), as roctracer prints it;
/// "unknown" for any other id.
pub extern "C" fn hipApiName(id: u32) -> *const c_char {
    match profiler_names("api").iter().find(|n| n.0 == id) {
        Some(n) => n.1.as_ptr(),
        None => c"unknown".as_ptr(),
    }
}

/// The name of an activity record's command kind ("KernelExecution", "CopyHostToDevice"...);
/// "Unknown command type" for any other.
pub extern "C" fn hipGetCmdName(op: u32) -> *const c_char {
    match profiler_names("command").iter().find(|n| n.0 == op) {
        Some(n) => n.1.as_ptr(),
        None => c"Unknown command type".as_ptr(),
    }
}

/// The build strings ROCm's debugger reads: empty in Debian's build, as here.
pub extern "C" fn amd_dbgapi_get_build_name() -> *const c_char {
    c"".as_ptr()
}

pub extern "C" fn amd_dbgapi_get_git_hash() -> *const c_char {
    c"".as_ptr()
}

/// The build id (0 in Debian's build).
pub extern "C" fn amd_dbgapi_get_build_id() -> usize {
    0
}
