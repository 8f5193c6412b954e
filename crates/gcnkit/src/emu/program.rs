//! Programs of text or words on one wave: straight-line ALU code on the one-wave machine
//! ([`super::Machine`]), anything with branches, memory or buffers on the kernel machine.

use super::exec::ends_program;
use super::{device, dispatch, kernel, memory, needs_kernel, state, Machine, Wave};

/// Assembles a program text and runs it on one wave from a state document (JSON, the
/// contract's shape; `None`: the reset state). `arch`: the GPU, or `None` for the program's
/// own target directive (else GCN 1.2). Returns the final state document, or the assembly
/// diagnostics / the emulation error as text. The Python package's `run`.
pub fn run_text(
    arch: Option<crate::Arch>,
    dialect: crate::asm::Dialect,
    program: &str,
    state_json: Option<&str>,
) -> Result<serde_json::Value, String> {
    let mut asm = crate::asm::Assembler::new(arch.unwrap_or(crate::Arch::Gcn12), dialect, "<program>");
    if arch.is_none() {
        asm = asm.arch_is_default();
    }
    for (n, line) in program.lines().enumerate() {
        asm.line(n + 1, line);
    }
    let arch = asm.arch();
    let (items, diags) = asm.finish();
    if diags.iter().any(|d| d.severity == crate::diag::Severity::Error) {
        return Err(diags.iter().map(|d| d.to_string()).collect());
    }
    let mut wave = Wave::new(arch);
    let buffers = match state_json {
        Some(s) => state::load_with_buffers(&mut wave, s).map_err(|e| format!("state: {e}"))?,
        None => Vec::new(),
    };
    let instrs: Vec<_> = items.iter().map(|it| it.instr(arch)).collect();
    if !buffers.is_empty() || instrs.iter().any(needs_kernel) {
        let words: Vec<u32> = instrs.iter().flat_map(|i| i.words[..i.len as usize].to_vec()).collect();
        let r = run_program(&words, wave, &buffers, device::DEFAULT_BUDGET, None, None)?;
        return Ok(state::dump_with_buffers(&r.wave, &r.buffers));
    }
    let mut m = Machine::new(wave);
    for it in &items {
        let i = it.instr(arch);
        if ends_program(&i) {
            break;
        }
        m.step(&i).map_err(|e| format!("<program>:{}: {e}", it.line))?;
    }
    Ok(state::dump(&m.wave))
}

/// What [`run_program`] gives back.
pub struct ProgramRun {
    pub wave: Wave,
    /// Each declared buffer's bytes after the run.
    pub buffers: Vec<Vec<u8>>,
    pub stats: kernel::Stats,
}

/// `s_endpgm` (SOPP opcode 1 on every generation).
const S_ENDPGM: u32 = 0xbf81_0000;

/// Runs machine code on one wave of the kernel machine from the state `wave`: branches, loops,
/// barriers (alone in its work-group), scalar and vector memory on `buffers` (placed in device
/// memory in order, each address written to the SGPR pair it names and to the `"@N"` words of
/// the others), 64 KiB of LDS, to `s_endpgm` (one is added after the last word). `trace`
/// receives the trace lines (every instruction, the registers it changed); `checker` is told
/// of every instruction and access (`gcnkit run prog.s --check`).
pub fn run_program(
    words: &[u32],
    wave: Wave,
    buffers: &[state::Buffer],
    budget: u64,
    trace: Option<&(dyn Fn(&str) + Sync)>,
    checker: Option<std::sync::Arc<dyn super::monitor::Checker>>,
) -> Result<ProgramRun, String> {
    let arch = wave.arch;
    let mut code = words.to_vec();
    code.push(S_ENDPGM);
    let image: Vec<u8> = code.iter().flat_map(|w| w.to_le_bytes()).collect();
    let k = dispatch::KernelInfo {
        name: "program".into(),
        arch,
        code: std::sync::Arc::new(code),
        entry: 0,
        image: std::sync::Arc::new(image),
        code_addr: 0,
        setup: dispatch::Setup {
            user_sgprs: 0,
            user: [false; 10],
            workgroup_id: [false; 3],
            workgroup_info: false,
            wave_offset: false,
            workitem_ids: 0,
            mode: wave.mode,
            vgprs: 256,
            group_segment_size: 65536,
            private_segment_size: 0,
            kernarg_size: 0,
        },
        args: Vec::new(),
        reqd_block: None,
        max_block: None,
        version: 4,
    };
    let mut mem = memory::Memory::default();
    let bases: Vec<u64> = buffers
        .iter()
        .enumerate()
        .map(|(n, b)| mem.add(&format!("buffer {n}"), b.bytes, &[]))
        .collect();
    let mut wave = wave;
    for (b, &base) in buffers.iter().zip(&bases) {
        let bytes: Vec<u8> = b
            .data
            .iter()
            .flat_map(|w| match *w {
                state::Word::Value(v) => v.to_le_bytes().to_vec(),
                state::Word::Addr(r) => bases[r].to_le_bytes().to_vec(),
            })
            .collect();
        mem.write_bytes(base, &bytes).map_err(|f| f.to_string())?;
        if let Some(r) = b.sgpr {
            wave.s[r] = base as u32;
            wave.s[r + 1] = (base >> 32) as u32;
        }
    }
    let l = kernel::Launch {
        grid: [64, 1, 1],
        block: [64, 1, 1],
        args: Vec::new(),
        threads: 1,
        budget,
        trace: trace.map(|_| kernel::TraceFilter {
            group: None,
            wave: None,
            pc: None,
        }),
        progress: None,
        checker,
        resident: false,
    };
    let (wave, stats) = kernel::run_one_wave(&mut mem, &k, wave, 65536, &l, trace).map_err(|e| e.to_string())?;
    let buffers = bases
        .iter()
        .map(|&b| mem.region_starting_at(b).map_or(Vec::new(), |r| r.bytes()))
        .collect();
    Ok(ProgramRun { wave, buffers, stats })
}

#[cfg(test)]
mod tests {
    /// A text program with a loop over a buffer its state declares runs on the kernel machine
    /// (the Python module's `run`), and the buffers come back in the state document.
    #[test]
    fn text_programs_with_memory_and_branches_run() {
        let prog = "s_load_dword s2, s[4:5], 0x0\ns_waitcnt lgkmcnt(0)\n.L1:\ns_add_u32 s3, s3, s2\n\
                    s_sub_u32 s2, s2, 1\ns_cmp_lg_u32 s2, 0\ns_cbranch_scc1 .L1\n\
                    s_store_dword s3, s[4:5], 0x4\n";
        let state = r#"{"buffers": [{"sgpr": 4, "data": [10, 0]}]}"#;
        let doc = super::run_text(Some(crate::Arch::Gcn14), crate::asm::Dialect::Llvm, prog, Some(state)).unwrap();
        assert_eq!(doc["sgprs"]["3"], "0x37", "{doc}");
        assert_eq!(doc["buffers"][0][1], "0x37", "{doc}");
        let bad = r#"{"buffers": [{"data": ["@3"]}]}"#;
        let e = super::run_text(Some(crate::Arch::Gcn14), crate::asm::Dialect::Llvm, prog, Some(bad)).unwrap_err();
        assert!(e.contains("buffers[0].data[0]: there is no buffer 3"), "{e}");
    }

    /// GCN 1.4's plain scalar loads read their 21-bit offset as signed (hipcc's n-body loop:
    /// `s_load_dwordx2 s[8:9], s[4:5], -0x4` after advancing the pointer), on the fast path
    /// and the general one (a traced run); GCN 1.2's 20 bits are unsigned.
    #[test]
    fn gcn14_scalar_load_offsets_are_signed() {
        use crate::emu::{device, state};
        let prog = "s_add_u32 s6, s4, 8\ns_addc_u32 s7, s5, 0\ns_load_dword s2, s[6:7], -0x4\n\
                    s_load_dwordx2 s[10:11], s[6:7], -0x8\ns_waitcnt lgkmcnt(0)\n";
        let state = r#"{"buffers": [{"sgpr": 4, "data": [10, 11, 12, 13]}]}"#;
        let doc = super::run_text(Some(crate::Arch::Gcn14), crate::asm::Dialect::Llvm, prog, Some(state)).unwrap();
        assert_eq!(doc["sgprs"]["2"], "0xb", "{doc}");
        assert_eq!(
            (&doc["sgprs"]["10"], &doc["sgprs"]["11"]),
            (&"0xa".into(), &"0xb".into()),
            "{doc}"
        );
        // The general executor (every instruction fetched when traced) reads the same.
        let words = crate::asm::assemble_one(crate::Arch::Gcn14, crate::asm::Dialect::Llvm, prog).unwrap();
        let mut wave = crate::emu::Wave::new(crate::Arch::Gcn14);
        let buffers = state::load_with_buffers(&mut wave, state).unwrap();
        let r = super::run_program(
            &words,
            wave,
            &buffers,
            device::DEFAULT_BUDGET,
            Some(&|_: &str| {}),
            None,
        )
        .unwrap();
        assert_eq!((r.wave.s[2], r.wave.s[10], r.wave.s[11]), (11, 10, 11));
        // GCN 1.2: the same field bits are a large unsigned offset (outside the buffer).
        let far = "s_load_dword s2, s[4:5], 0xffffc\ns_waitcnt lgkmcnt(0)\n";
        let e = super::run_text(Some(crate::Arch::Gcn12), crate::asm::Dialect::Llvm, far, Some(state)).unwrap_err();
        assert!(e.contains("memory fault"), "{e}");
    }
}
