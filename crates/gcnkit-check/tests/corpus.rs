//! No false positives: every clang-14 kernel of the repository's corpora, on every arch,
//! lints clean (LLVM's SIInsertWaitcnts and GCNHazardRecognizer make its code correct).

use gcnkit_analyze::program::{self, Program};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../gcnkit/tests/data")
}

fn files(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(data().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| exts.iter().any(|x| e == *x)))
        .collect();
    v.sort();
    v
}

/// The kernels of a corpus file: a code object's, or the assembly text's.
pub fn kernels_of(path: &Path) -> Vec<Program> {
    let bytes = std::fs::read(path).unwrap();
    let name = path.display().to_string();
    if gcnkit::codeobj::is_elf(&bytes) {
        program::kernels(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
    } else {
        // The GPU is the file name's second part (`control.bonaire.v2.s`).
        let file = path.file_name().unwrap().to_str().unwrap();
        let gpu = file.split('.').nth(1).unwrap();
        let arch = gcnkit::Arch::parse(gpu).unwrap_or_else(|| panic!("{file}: no GPU in the name"));
        program::from_text(&name, std::str::from_utf8(&bytes).unwrap(), Some((arch, gpu)))
            .unwrap_or_else(|e| panic!("{e}"))
    }
}

#[test]
fn compiled_kernels_lint_clean() {
    let mut paths = files("codeobj", &["hsaco", "o", "s"]);
    paths.extend(files("run", &["hsaco", "o"]));
    paths.extend(files("kernels", &["s"]));
    let (mut kernels, mut insts, mut bad) = (0, 0, Vec::new());
    let mut archs = std::collections::BTreeSet::new();
    for p in &paths {
        for k in kernels_of(p) {
            assert!(!k.insts.is_empty(), "{}: {} has no code", p.display(), k.name);
            kernels += 1;
            insts += k.insts.len();
            archs.insert(k.arch.name());
            for f in gcnkit_check::lint(&k) {
                bad.push(format!("{}: {}", p.display(), f.to_text()));
            }
        }
    }
    eprintln!(
        "linted {kernels} kernels ({insts} instructions) of {} files, archs {archs:?}",
        paths.len()
    );
    assert!(kernels > 300, "{kernels}");
    assert_eq!(archs.len(), 5, "{archs:?}");
    assert!(
        bad.is_empty(),
        "{} findings on compiled code:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// HIP programs built by hipcc (clang-15 with the ROCm device libraries: printf and malloc
/// through hostcall) for three GPUs lint clean too, when hipcc is installed.
#[test]
fn hipcc_kernels_lint_clean() {
    if !Path::new("/usr/bin/hipcc").exists() {
        eprintln!("hipcc not installed: skipped");
        return;
    }
    let dir = tempdir();
    let hip = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gcnkit-hip/tests/hip");
    let mut kernels = 0;
    for prog in ["printf", "malloc", "ggl"] {
        let out = dir.join(prog);
        let st = std::process::Command::new("/usr/bin/hipcc")
            // (clang leaves two empty directories in TMPDIR a build: not in /tmp.)
            .env("TMPDIR", env!("CARGO_TARGET_TMPDIR"))
            .args([
                "--offload-arch=gfx906",
                "--offload-arch=gfx900",
                "--offload-arch=gfx803",
                "-O2",
            ])
            .arg(hip.join(format!("{prog}.hip")))
            .arg("-o")
            .arg(&out)
            .status()
            .unwrap();
        assert!(st.success(), "hipcc {prog}");
        let data = std::fs::read(&out).unwrap();
        for gpu in ["gfx906", "gfx900", "gfx803"] {
            let arch = gcnkit::Arch::parse(gpu).unwrap();
            for e in gcnkit::codeobj::bundle::for_arch(&data, Some(arch), "-a")
                .unwrap()
                .unwrap()
            {
                for k in program::kernels(e.bytes).unwrap() {
                    kernels += 1;
                    let f = gcnkit_check::lint(&k);
                    assert!(
                        f.is_empty(),
                        "{prog} {gpu}: {:?}",
                        f.iter().map(|x| x.to_text()).collect::<Vec<_>>()
                    );
                }
            }
        }
    }
    eprintln!("{kernels} hipcc kernels lint clean");
    assert!(kernels >= 9, "{kernels}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempdir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("gcnkit-check-hip-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
