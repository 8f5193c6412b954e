//! hiprtc, HIP's run-time compiler: a program's source compiled, when the program asks, by the
//! clang that Debian's hipcc uses (clang++-15, or `GCNKIT_HIPRTC_CLANG`) into a code object
//! for the current device's GPU, which `hipModuleLoadData` then loads. ROCm's hiprtc does the
//! same through its compiler library: the options it adds (`-O3`, `-std=c++14`, the HIP
//! version, `__HIPCC_RTC__`) are added here, HIP's device headers come in as its builtin
//! header does, `--gpu-architecture=` is taken for `--offload-arch=`, and a name expression
//! is resolved as ROCm resolves it: a device variable holding the expression's address, whose
//! relocation in the code object names the symbol.

use super::*;
use object::{Object, ObjectSymbol};
use std::collections::HashMap;
use std::sync::Mutex;

/// `hiprtcResult`.
const SUCCESS: i32 = 0;
const INVALID_INPUT: i32 = 3;
const INVALID_PROGRAM: i32 = 4;
const COMPILATION: i32 = 6;
const NO_NAME_EXPRESSIONS_AFTER_COMPILATION: i32 = 8;
const NO_LOWERED_NAMES_BEFORE_COMPILATION: i32 = 9;
const NAME_EXPRESSION_NOT_VALID: i32 = 10;
const INTERNAL_ERROR: i32 = 11;

/// The names of `hiprtcResult`'s values, by value (ROCm's strings are the names).
const RESULT_NAMES: [&CStr; 12] = [
    c"HIPRTC_SUCCESS",
    c"HIPRTC_ERROR_OUT_OF_MEMORY",
    c"HIPRTC_ERROR_PROGRAM_CREATION_FAILURE",
    c"HIPRTC_ERROR_INVALID_INPUT",
    c"HIPRTC_ERROR_INVALID_PROGRAM",
    c"HIPRTC_ERROR_INVALID_OPTION",
    c"HIPRTC_ERROR_COMPILATION",
    c"HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE",
    c"HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
    c"HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
    c"HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
    c"HIPRTC_ERROR_INTERNAL_ERROR",
];

#[derive(Default)]
struct Program {
    name: String,
    source: String,
    headers: Vec<(String, String)>,
    /// Name expressions in the order given, with their lowered names once compiled.
    names: Vec<(String, Option<CString>)>,
    compiled: bool,
    /// The compiler's messages, NUL-terminated.
    log: Vec<u8>,
    code: Vec<u8>,
}

static PROGRAMS: Mutex<Option<(HashMap<usize, Program>, usize)>> = Mutex::new(None);

/// Handles are opaque to the program: counted from here, never null.
const FIRST_HANDLE: usize = 0x7274_0000;

/// Runs `f` on program `h`, or `HIPRTC_ERROR_INVALID_PROGRAM` for an unknown handle.
fn with_program(h: *mut c_void, f: impl FnOnce(&mut Program) -> i32) -> i32 {
    let mut g = PROGRAMS.lock().unwrap_or_else(|e| e.into_inner());
    match g.get_or_insert_with(Default::default).0.get_mut(&(h as usize)) {
        Some(p) => f(p),
        None => INVALID_PROGRAM,
    }
}

/// A C string of the program's, or None for null.
///
/// # Safety
/// `p` is null or a NUL-terminated string.
unsafe fn text(p: *const c_char) -> Option<String> {
    // SAFETY: the caller's contract.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

pub unsafe extern "C" fn hiprtcCreateProgram(
    prog: *mut *mut c_void,
    src: *const c_char,
    name: *const c_char,
    num_headers: i32,
    headers: *const *const c_char,
    header_names: *const *const c_char,
) -> i32 {
    if prog.is_null() {
        return INVALID_PROGRAM;
    }
    if num_headers < 0 || num_headers > 0 && (headers.is_null() || header_names.is_null()) {
        return INVALID_INPUT;
    }
    // SAFETY: the program's strings (null or NUL-terminated), `num_headers` of each.
    let (source, name, pairs) = unsafe {
        let pairs: Option<Vec<(String, String)>> = (0..num_headers as usize)
            .map(|k| Some((text(*header_names.add(k))?, text(*headers.add(k))?)))
            .collect();
        (text(src), text(name), pairs)
    };
    let (Some(source), Some(headers)) = (source.filter(|s| !s.is_empty()), pairs) else {
        return INVALID_INPUT;
    };
    let mut g = PROGRAMS.lock().unwrap_or_else(|e| e.into_inner());
    let (programs, next) = g.get_or_insert_with(Default::default);
    let h = FIRST_HANDLE + 16 * *next;
    *next += 1;
    programs.insert(
        h,
        Program {
            name: name.filter(|n| !n.is_empty()).unwrap_or_else(|| "CompileSource".into()),
            source,
            headers,
            ..Program::default()
        },
    );
    // SAFETY: checked non-null; the program's out-pointer.
    unsafe { *prog = h as *mut c_void };
    SUCCESS
}

pub unsafe extern "C" fn hiprtcDestroyProgram(prog: *mut *mut c_void) -> i32 {
    if prog.is_null() {
        return INVALID_INPUT;
    }
    // SAFETY: checked non-null; the program's handle.
    let h = unsafe { *prog } as usize;
    let mut g = PROGRAMS.lock().unwrap_or_else(|e| e.into_inner());
    match g.get_or_insert_with(Default::default).0.remove(&h) {
        Some(_) => SUCCESS,
        None => INVALID_PROGRAM,
    }
}

pub unsafe extern "C" fn hiprtcAddNameExpression(prog: *mut c_void, name_expression: *const c_char) -> i32 {
    // SAFETY: the program's string.
    let Some(e) = (unsafe { text(name_expression) }).map(|e| e.trim().to_string()) else {
        return INVALID_INPUT;
    };
    with_program(prog, |p| {
        if p.compiled {
            NO_NAME_EXPRESSIONS_AFTER_COMPILATION
        } else if e.is_empty() {
            INVALID_INPUT
        } else {
            if !p.names.iter().any(|n| n.0 == e) {
                p.names.push((e, None));
            }
            SUCCESS
        }
    })
}

pub unsafe extern "C" fn hiprtcGetLoweredName(
    prog: *mut c_void,
    name_expression: *const c_char,
    lowered: *mut *const c_char,
) -> i32 {
    // SAFETY: the program's string.
    let Some(e) = (unsafe { text(name_expression) }).map(|e| e.trim().to_string()) else {
        return INVALID_INPUT;
    };
    if lowered.is_null() {
        return INVALID_INPUT;
    }
    with_program(prog, |p| {
        if !p.compiled {
            return NO_LOWERED_NAMES_BEFORE_COMPILATION;
        }
        match p.names.iter().find(|n| n.0 == e).and_then(|n| n.1.as_ref()) {
            Some(l) => {
                // SAFETY: checked non-null; the string lives as long as the program.
                unsafe { *lowered = l.as_ptr() };
                SUCCESS
            }
            None => NAME_EXPRESSION_NOT_VALID,
        }
    })
}

pub unsafe extern "C" fn hiprtcCompileProgram(
    prog: *mut c_void,
    num_options: i32,
    options: *const *const c_char,
) -> i32 {
    if num_options < 0 || num_options > 0 && options.is_null() {
        return INVALID_INPUT;
    }
    // SAFETY: `num_options` strings of the program's.
    let options: Option<Vec<String>> = (0..num_options as usize)
        .map(|k| unsafe { text(*options.add(k)) })
        .collect();
    let Some(options) = options else {
        return INVALID_INPUT;
    };
    let arch = gpu().ok().map(|g| g.arch_name());
    with_program(prog, |p| {
        let r = compile(p, &options, arch.as_deref());
        p.compiled = r == SUCCESS;
        r
    })
}

/// The clang to compile with.
fn clang() -> Option<std::path::PathBuf> {
    if let Some(c) = std::env::var_os("GCNKIT_HIPRTC_CLANG") {
        return Some(c.into());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join("clang++-15"))
        .chain([std::path::PathBuf::from("/usr/lib/llvm-15/bin/clang++")])
        .find(|p| p.is_file())
}

/// Compiles `p` (its log and code, its name expressions' lowered names): a hiprtcResult.
fn compile(p: &mut Program, options: &[String], arch: Option<&str>) -> i32 {
    let say = |p: &mut Program, msg: String| {
        p.log = msg.into_bytes();
        p.log.push(0);
    };
    let Some(clang) = clang() else {
        say(p, "gcnkit hiprtc: no clang++-15 to compile with (Debian's hipcc brings it; GCNKIT_HIPRTC_CLANG names another)\n".into());
        return INTERNAL_ERROR;
    };
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "gcnkit-hiprtc-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let result = (|| -> Result<std::process::Output, String> {
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for (name, body) in &p.headers {
            let f = dir.join(name);
            if let Some(d) = f.parent() {
                std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
            }
            std::fs::write(f, body).map_err(|e| e.to_string())?;
        }
        // Each name expression's address in a device variable (see the module's comment); an
        // expression that is an address already (`&V`, as ROCm's hiprtc takes it) as it is.
        let mut source = p.source.clone();
        for (k, (e, _)) in p.names.iter().enumerate() {
            let e = e.strip_prefix('&').unwrap_or(e);
            source.push_str(&format!(
                "\n__device__ __attribute__((used)) const void* __gcnkit_name_expr_{k} = (const void*)&{e};\n"
            ));
        }
        let input = dir.join(&p.name);
        std::fs::write(&input, source).map_err(|e| e.to_string())?;
        let out = dir.join("code.o");
        let mut cmd = std::process::Command::new(&clang);
        // (clang's own temporary directories inside this one, removed with it: a HIP offload
        // build leaves two empty ones behind in TMPDIR.)
        cmd.env("TMPDIR", &dir);
        cmd.args([
            "-x",
            "hip",
            "--cuda-device-only",
            "--no-gpu-bundle-output",
            "-c",
            "-O3",
            "-std=c++14",
        ])
        .args(["--rocm-path=/usr", "--hip-version=5.2.21153"])
        .args([
            "-DHIP_VERSION_MAJOR=5",
            "-DHIP_VERSION_MINOR=2",
            "-DHIP_VERSION_PATCH=21153",
        ])
        .args(["-D__HIPCC_RTC__", "-Wno-gnu-line-marker", "-Wno-missing-prototypes"])
        // ROCm's hiprtc builtins: hip_runtime.h preprocessed for RTC with the warp functions
        // (`warpSize`, `__shfl*`) appended (hipamd's src/hiprtc/CMakeLists.txt).
        .args(["-include", "hip/hip_runtime.h"])
        .args(["-include", "hip/amd_detail/amd_warp_functions.h", "-I"])
        .arg(&dir);
        let libs = std::path::Path::new("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode");
        if libs.is_dir() {
            cmd.arg(format!("--hip-device-lib-path={}", libs.display()));
        }
        let mut named_arch = false;
        for o in options {
            let o = match o.strip_prefix("--gpu-architecture=") {
                Some(a) => format!("--offload-arch={a}"),
                None => o.clone(),
            };
            named_arch |= o.starts_with("--offload-arch=");
            cmd.arg(o);
        }
        if !named_arch {
            cmd.arg(format!(
                "--offload-arch={}",
                arch.ok_or("no GPU: GCNKIT_GPU names none")?
            ));
        }
        cmd.arg(&input).arg("-o").arg(&out);
        let o = cmd.output().map_err(|e| format!("{}: {e}", clang.display()))?;
        if o.status.success() {
            p.code = std::fs::read(&out).map_err(|e| e.to_string())?;
        }
        Ok(o)
    })();
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Err(e) => {
            say(p, format!("gcnkit hiprtc: {e}\n"));
            INTERNAL_ERROR
        }
        Ok(o) => {
            say(p, String::from_utf8_lossy(&o.stderr).into_owned());
            if !o.status.success() {
                return COMPILATION;
            }
            match lowered_names(&p.code, p.names.len()) {
                Ok(l) => {
                    for (n, name) in p.names.iter_mut().zip(l) {
                        n.1 = name.and_then(|s| CString::new(s).ok());
                    }
                    SUCCESS
                }
                Err(e) => {
                    say(p, format!("gcnkit hiprtc: the code object: {e}\n"));
                    INTERNAL_ERROR
                }
            }
        }
    }
}

/// The symbol each `__gcnkit_name_expr_K` variable points to: the dynamic relocation at the
/// variable's address names it (a variable's address), or gives the target's address (a
/// function's), and the global function or variable there is named.
fn lowered_names(code: &[u8], n: usize) -> Result<Vec<Option<String>>, String> {
    use object::{RelocationTarget, SymbolKind};
    let elf = object::File::parse(code).map_err(|e| e.to_string())?;
    let named = |f: &object::Symbol| f.name().ok().map(str::to_string);
    let mut targets = HashMap::new();
    for (at, r) in elf.dynamic_relocations().into_iter().flatten() {
        let name = match r.target() {
            RelocationTarget::Symbol(i) => elf
                .dynamic_symbols()
                .find(|d| d.index() == i)
                .and_then(|d| named(&d))
                .filter(|d| !d.is_empty()),
            _ => None,
        };
        let name = name.or_else(|| {
            let to = r.addend() as u64;
            elf.symbols()
                .find(|f| f.address() == to && f.is_global() && matches!(f.kind(), SymbolKind::Text | SymbolKind::Data))
                .and_then(|f| named(&f))
        });
        targets.insert(at, name);
    }
    let mut names = vec![None; n];
    for s in elf.symbols() {
        let Some(k) = s
            .name()
            .ok()
            .and_then(|x| x.strip_prefix("__gcnkit_name_expr_")?.parse::<usize>().ok())
        else {
            continue;
        };
        if let (Some(slot), Some(Some(name))) = (names.get_mut(k), targets.get(&s.address())) {
            *slot = Some(name.clone());
        }
    }
    Ok(names)
}

pub unsafe extern "C" fn hiprtcGetCodeSize(prog: *mut c_void, size: *mut usize) -> i32 {
    if size.is_null() {
        return INVALID_INPUT;
    }
    // SAFETY: checked non-null; the program's out-pointer.
    with_program(prog, |p| unsafe {
        *size = p.code.len();
        SUCCESS
    })
}

pub unsafe extern "C" fn hiprtcGetCode(prog: *mut c_void, code: *mut c_char) -> i32 {
    if code.is_null() {
        return INVALID_INPUT;
    }
    // SAFETY: the program's buffer of hiprtcGetCodeSize's size.
    with_program(prog, |p| unsafe {
        std::ptr::copy_nonoverlapping(p.code.as_ptr(), code as *mut u8, p.code.len());
        SUCCESS
    })
}

/// The log's size with its terminating NUL (1 for an empty log), so that a buffer of it holds
/// a C string.
pub unsafe extern "C" fn hiprtcGetProgramLogSize(prog: *mut c_void, size: *mut usize) -> i32 {
    if size.is_null() {
        return INVALID_INPUT;
    }
    // SAFETY: checked non-null; the program's out-pointer.
    with_program(prog, |p| unsafe {
        *size = p.log.len().max(1);
        SUCCESS
    })
}

pub unsafe extern "C" fn hiprtcGetProgramLog(prog: *mut c_void, log: *mut c_char) -> i32 {
    if log.is_null() {
        return INVALID_INPUT;
    }
    // SAFETY: the program's buffer of hiprtcGetProgramLogSize's size.
    with_program(prog, |p| unsafe {
        if p.log.is_empty() {
            *log = 0;
        } else {
            std::ptr::copy_nonoverlapping(p.log.as_ptr(), log as *mut u8, p.log.len());
        }
        SUCCESS
    })
}

/// 9.0, as ROCm's hiprtc answers.
pub unsafe extern "C" fn hiprtcVersion(major: *mut i32, minor: *mut i32) -> i32 {
    if major.is_null() || minor.is_null() {
        return INVALID_INPUT;
    }
    // SAFETY: checked non-null; the program's out-pointers.
    unsafe {
        *major = 9;
        *minor = 0;
    }
    SUCCESS
}

pub extern "C" fn hiprtcGetErrorString(result: i32) -> *const c_char {
    usize::try_from(result)
        .ok()
        .and_then(|k| RESULT_NAMES.get(k))
        .map_or(c"Invalid HIPRTC error code".as_ptr(), |s| s.as_ptr())
}
