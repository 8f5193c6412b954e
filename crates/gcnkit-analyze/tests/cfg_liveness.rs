//! Hand-written kernels with known graphs and live registers, and property tests of the
//! liveness on random programs (straight-line and branching) assembled from text.

use gcnkit::asm::{assemble, Dialect};
use gcnkit::Arch;
use gcnkit_analyze::cfg::{BranchKind, EdgeKind, Terminator};
use gcnkit_analyze::program::Program;
use gcnkit_analyze::regs::{name, names};
use gcnkit_analyze::{analyze, Analysis};
use proptest::prelude::*;

fn program(arch: Arch, src: &str) -> Program {
    let (items, diags) = assemble(arch, Dialect::Llvm, "t.s", src);
    assert!(
        !diags.iter().any(|d| d.severity == gcnkit::diag::Severity::Error),
        "{}",
        diags.iter().map(|d| d.headline()).collect::<Vec<_>>().join("\n")
    );
    let words: Vec<u32> = items.iter().flat_map(|i| i.words().to_vec()).collect();
    Program::from_words("t", arch, &words)
}

fn edges(a: &Analysis) -> Vec<(usize, usize, EdgeKind)> {
    let mut e: Vec<_> = a.cfg.edges.iter().map(|e| (e.from, e.to, e.kind)).collect();
    e.sort_by_key(|x| (x.0, x.1));
    e
}

const IF_THEN_LOOP: &str = "
    v_cmp_gt_u32 vcc, 16, v0
    s_and_saveexec_b64 s[4:5], vcc
    s_cbranch_execz .Lend_if
    v_add_u32 v1, v0, v0
.Lend_if:
    s_or_b64 exec, exec, s[4:5]
    s_mov_b32 s6, 0
.Lloop:
    v_add_u32 v1, v1, 1
    s_add_u32 s6, s6, 1
    s_cmp_lt_u32 s6, 8
    s_cbranch_scc1 .Lloop
    global_store_dword v[2:3], v1, off
    s_endpgm
";

#[test]
fn divergent_if_then_uniform_loop() {
    let a = analyze(&program(Arch::Gcn14, IF_THEN_LOOP), None);
    let spans: Vec<(usize, usize)> = a.cfg.blocks.iter().map(|b| (b.start, b.end)).collect();
    assert_eq!(spans, [(0, 3), (3, 4), (4, 6), (6, 10), (10, 12)]);
    use EdgeKind::*;
    assert_eq!(
        edges(&a),
        [
            (0, 1, Fallthrough),
            (0, 2, Taken),
            (1, 2, Fallthrough),
            (2, 3, Fallthrough),
            (3, 3, Taken),
            (3, 4, Fallthrough)
        ]
    );
    assert!(matches!(
        a.cfg.blocks[0].term,
        Terminator::Branch {
            kind: BranchKind::Divergent { saveexec: true },
            ..
        }
    ));
    assert!(matches!(
        a.cfg.blocks[3].term,
        Terminator::Branch {
            kind: BranchKind::Uniform,
            ..
        }
    ));
    assert_eq!(a.cfg.blocks[4].term, Terminator::End);
    assert_eq!(a.cfg.loops.len(), 1);
    assert_eq!(
        (
            a.cfg.loops[0].header,
            a.cfg.loops[0].blocks.clone(),
            a.cfg.loops[0].depth
        ),
        (3, vec![3], 1)
    );
    let depths: Vec<u32> = a.cfg.blocks.iter().map(|b| b.loop_depth).collect();
    assert_eq!(depths, [0, 0, 0, 1, 0]);
    assert_eq!(a.cfg.idom, [0, 0, 0, 2, 3]);
    // Live registers at known points.
    let arch = Arch::Gcn14;
    let live = |k: usize| names(&a.liveness.live_before[k], arch);
    // Before s_or_b64: the saved EXEC, the v1 of the loop, the store's address.
    assert_eq!(live(4), ["s[4:5]", "exec_lo", "exec_hi", "v[1:3]"]);
    // After it the saved mask is dead.
    assert_eq!(names(&a.liveness.live_after[4], arch), ["exec_lo", "exec_hi", "v[1:3]"]);
    // In the loop: s6 and SCC's test; at the end only the store's operands.
    assert_eq!(live(9), ["s6", "exec_lo", "exec_hi", "scc", "v[1:3]"]);
    assert_eq!(live(10), ["exec_lo", "exec_hi", "v[1:3]"]);
    // Entry: v0 (work-item id), v1 (on the path that skips the then-block), v[2:3], EXEC.
    assert_eq!(live(0), ["exec_lo", "exec_hi", "v[0:3]"]);
    // v1..v3 are read without a write on some path: v1 and v[2:3] on every one. The
    // program has no descriptor, so only EXEC is known at the start.
    let undefined: Vec<(u32, Vec<String>)> = a
        .liveness
        .undefined_reads
        .iter()
        .map(|(k, r)| (a.program.insts[*k].pc, names(r, arch)))
        .collect();
    assert_eq!(undefined[0], (0, vec!["v0".to_string()]));
    assert!(undefined.iter().any(|(_, r)| r.contains(&"v[2:3]".to_string())));
    // v1 is written on one path before the loop reads it: not "never written".
    assert!(!undefined.iter().any(|(_, r)| r.contains(&"v1".to_string())));
    // Peak: v0-v3 live at the entry.
    assert_eq!(a.liveness.peak_vgprs.0, 4);
    // Mix.
    assert_eq!(a.mix.instructions, 12);
    assert_eq!(a.mix.memory.get("global.store"), Some(&1));
}

#[test]
fn nested_loops_have_depths() {
    let src = "
    s_mov_b32 s0, 0
.Louter:
    s_mov_b32 s1, 0
.Linner:
    s_add_u32 s1, s1, 1
    s_cmp_lt_u32 s1, 4
    s_cbranch_scc1 .Linner
    s_add_u32 s0, s0, 1
    s_cmp_lt_u32 s0, 4
    s_cbranch_scc1 .Louter
    s_endpgm
";
    let a = analyze(&program(Arch::Gcn12, src), None);
    let depths: Vec<u32> = a.cfg.blocks.iter().map(|b| b.loop_depth).collect();
    assert_eq!(depths, [0, 1, 2, 1, 0]);
    let loops: Vec<(usize, Vec<usize>, Vec<usize>, u32)> = a
        .cfg
        .loops
        .iter()
        .map(|l| (l.header, l.blocks.clone(), l.latches.clone(), l.depth))
        .collect();
    assert_eq!(loops, [(1, vec![1, 2, 3], vec![3], 1), (2, vec![2], vec![2], 2)]);
    // s1 is live around the inner loop, dead after it; s0 lives through both.
    assert!(a.liveness.live_after[4].contains(1));
    assert!(!a.liveness.live_after[5].contains(1));
    assert!(a.liveness.live_before[2].contains(0));
}

#[test]
fn calls_to_computed_targets() {
    // s_getpc_b64 leaves the address of the next instruction (4); + 20 is `func`.
    let src = "
    s_getpc_b64 s[4:5]
    s_add_u32 s4, s4, 20
    s_addc_u32 s5, s5, 0
    s_swappc_b64 s[30:31], s[4:5]
    s_endpgm
func:
    s_setpc_b64 s[30:31]
";
    let a = analyze(&program(Arch::Gcn14, src), None);
    // The callee is not part of the kernel's graph; the call returns to s_endpgm.
    assert_eq!(a.program.insts.len(), 5);
    assert_eq!(a.cfg.blocks.len(), 2);
    assert_eq!(
        a.cfg.blocks[0].term,
        Terminator::Call {
            target: Some(24),
            symbol: None
        }
    );
    assert_eq!(edges(&a), [(0, 1, EdgeKind::Return)]);
    // A jump through a register ends the path: its target is unknown.
    let a = analyze(&program(Arch::Gcn14, "s_setpc_b64 s[0:1]\ns_endpgm\n"), None);
    assert_eq!(
        (a.cfg.blocks.len(), a.cfg.blocks[0].term.clone()),
        (1, Terminator::SetPc)
    );
    // A call whose target the block does not compute.
    let a = analyze(&program(Arch::Gcn14, "s_swappc_b64 s[30:31], s[8:9]\ns_endpgm\n"), None);
    assert_eq!(
        a.cfg.blocks[0].term,
        Terminator::Call {
            target: None,
            symbol: None
        }
    );
}

#[test]
fn entry_after_code_it_branches_to() {
    // 0: s_mov_b32 s0, s1; 4: s_endpgm; 8 (the entry): s_branch to 0.
    let (items, _) = assemble(
        Arch::Gcn12,
        Dialect::Llvm,
        "t.s",
        "s_mov_b32 s0, s1\ns_endpgm\ns_branch 0xfffd\n",
    );
    let words: Vec<u32> = items.iter().flat_map(|i| i.words().to_vec()).collect();
    let mut p = Program::from_words("t", Arch::Gcn12, &words);
    let (insts, problems) = gcnkit_analyze::program::discover(Arch::Gcn12, &words, 8);
    assert!(problems.is_empty(), "{problems:?}");
    p.insts = insts;
    p.entry = 8;
    let a = analyze(&p, None);
    assert_eq!(a.cfg.entry, 1);
    assert_eq!(a.cfg.idom, [1, 1]);
    assert_eq!(edges(&a), [(1, 0, EdgeKind::Taken)]);
    // s1 is read before any write: live at the entry, and read never written.
    assert!(a.liveness.live_before[2].contains(1));
    assert_eq!(a.liveness.undefined_reads.len(), 1);
}

// ---- Properties on random programs ----

/// One random instruction (a template and registers) or a branch to a random label.
fn instr() -> impl Strategy<Value = String> {
    let v = || 0u8..8;
    let s = || 0u8..8;
    prop_oneof![
        (v(), v(), v()).prop_map(|(d, a, b)| format!("v_add_u32 v{d}, v{a}, v{b}")),
        (v(), v()).prop_map(|(d, a)| format!("v_mov_b32 v{d}, v{a}")),
        (v(), s()).prop_map(|(d, a)| format!("v_mov_b32 v{d}, s{a}")),
        (v(), v()).prop_map(|(a, b)| format!("v_cmp_lt_u32 vcc, v{a}, v{b}")),
        (v(), v(), v()).prop_map(|(d, a, b)| format!("v_cndmask_b32 v{d}, v{a}, v{b}, vcc")),
        (v(), v(), v()).prop_map(|(d, a, b)| format!("v_mac_f32 v{d}, v{a}, v{b}")),
        (0u8..4, 0u8..3).prop_map(|(d, a)| format!(
            "global_load_dwordx2 v[{}:{}], v[{}:{}], off",
            2 * d,
            2 * d + 1,
            2 * a,
            2 * a + 1
        )),
        (s(), s(), s()).prop_map(|(d, a, b)| format!("s_add_u32 s{d}, s{a}, s{b}")),
        (s(), s(), s()).prop_map(|(d, a, b)| format!("s_addc_u32 s{d}, s{a}, s{b}")),
        (s(), s()).prop_map(|(d, a)| format!("s_cselect_b32 s{d}, s{a}, 0")),
        (s(), s()).prop_map(|(a, b)| format!("s_cmp_eq_u32 s{a}, s{b}")),
        (0u8..4, 0u8..4).prop_map(|(d, a)| format!("s_mov_b64 s[{}:{}], s[{}:{}]", 2 * d, 2 * d + 1, 2 * a, 2 * a + 1)),
        (0u8..4).prop_map(|d| format!("s_and_saveexec_b64 s[{}:{}], vcc", 2 * d, 2 * d + 1)),
        (0u8..4).prop_map(|d| format!("s_or_b64 exec, exec, s[{}:{}]", 2 * d, 2 * d + 1)),
        (s()).prop_map(|d| format!("s_load_dword s{d}, s[0:1], 0x0")),
    ]
}

fn branch(n: usize) -> impl Strategy<Value = String> {
    (0..5u8, 0..n).prop_map(|(k, t)| {
        let op = [
            "s_branch",
            "s_cbranch_scc0",
            "s_cbranch_scc1",
            "s_cbranch_execz",
            "s_cbranch_vccnz",
        ][k as usize];
        format!("{op} .L{t}")
    })
}

/// A program of `lines`, each with a label `.Lk`, ending with s_endpgm.
fn source(lines: &[String]) -> String {
    let mut s = String::new();
    for (k, l) in lines.iter().enumerate() {
        s.push_str(&format!(".L{k}:\n    {l}\n"));
    }
    s.push_str(&format!(".L{}:\n    s_endpgm\n", lines.len()));
    s
}

/// Successor instructions of instruction `k`, from the graph.
fn inst_succs(a: &Analysis, k: usize) -> Vec<usize> {
    let b = a.cfg.block_of(k);
    if k + 1 < a.cfg.blocks[b].end {
        return vec![k + 1];
    }
    a.cfg.succs(b).map(|e| a.cfg.blocks[e.to].start).collect()
}

/// Does some path from the successors of `k` read `r` before writing it? (The definition
/// of "live after k", checked by walking the paths.)
fn read_before_write(a: &Analysis, k: usize, r: u16) -> bool {
    let mut seen = vec![false; a.program.insts.len()];
    let mut work = inst_succs(a, k);
    while let Some(j) = work.pop() {
        if std::mem::replace(&mut seen[j], true) {
            continue;
        }
        let e = &a.liveness.effects[j];
        if e.reads.contains(r) {
            return true;
        }
        if !e.writes.contains(r) {
            work.extend(inst_succs(a, j));
        }
    }
    false
}

fn check_liveness(src: &str) -> Result<(), TestCaseError> {
    let a = analyze(&program(Arch::Gcn14, src), None);
    for k in 0..a.program.insts.len() {
        for r in (0..512u16).filter(|r| {
            a.liveness
                .effects
                .iter()
                .any(|e| e.reads.contains(*r) || e.writes.contains(*r))
        }) {
            let live = a.liveness.live_after[k].contains(r);
            prop_assert_eq!(
                live,
                read_before_write(&a, k, r),
                "{} after instruction {} ({}):\n{}",
                name(r, Arch::Gcn14),
                k,
                gcnkit::syntax::to_text(&a.program.insts[k].instr, gcnkit::syntax::Syntax::Llvm),
                src
            );
            // Live before = read here, or live after and not written here.
            let e = &a.liveness.effects[k];
            let before = e.reads.contains(r) || (live && !e.writes.contains(r));
            prop_assert_eq!(a.liveness.live_before[k].contains(r), before);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any words at all (data, truncated instructions, wild branches) give an analysis and
    /// its three reports, never a panic.
    #[test]
    fn random_words_never_panic(words in prop::collection::vec(any::<u32>(), 0..48), arch in 0usize..5) {
        let arch = Arch::EVERY[arch];
        let p = Program::from_words("w", arch, &words);
        let a = analyze(&p, None);
        let _ = gcnkit_analyze::report::to_text(&a);
        let _ = gcnkit_analyze::report::to_json(&a);
        let _ = gcnkit_analyze::report::to_dot(&a);
    }

    #[test]
    fn straight_line_liveness(lines in prop::collection::vec(instr(), 1..30)) {
        check_liveness(&source(&lines))?;
    }

    #[test]
    fn branching_liveness(
        body in prop::collection::vec(instr(), 4..30),
        branches in prop::collection::vec((0usize..30, branch(31)), 1..6),
    ) {
        let mut lines = body;
        let n = lines.len();
        for (at, b) in branches {
            // Labels beyond the end are clamped to s_endpgm's.
            let b = b.split(".L").next().unwrap().to_string()
                + &format!(".L{}", b.rsplit(".L").next().unwrap().parse::<usize>().unwrap().min(n));
            lines[at % n] = b;
        }
        check_liveness(&source(&lines))?;
    }
}

/// A kernel that calls a function of its code (the address as compilers compute it:
/// `s_getpc_b64` + `s_add_u32`/`s_addc_u32`): the callee's blocks join the graph as a
/// function with a call edge; what it reads is live at the call, what is live after the call
/// is live at its return, and a register the callee leaves alone stays live across the
/// call. With a callee the code does not hold, the calling convention decides: a
/// caller-saved register (v3) does not live across the call, a callee-saved one (v40) does.
#[test]
fn calls_by_the_calling_convention() {
    let src = "
  s_getpc_b64 s[4:5]
.Lafter:
  s_add_u32 s4, s4, f-.Lafter
  s_addc_u32 s5, s5, 0
  v_mov_b32 v1, 7
  v_mov_b32 v3, 1
  v_mov_b32 v40, 2
  s_swappc_b64 s[30:31], s[4:5]
  v_add_u32 v2, v0, v3
  v_add_u32 v2, v2, v40
  s_endpgm
f:
  v_add_u32 v0, v1, v1
  s_setpc_b64 s[30:31]
";
    let a = analyze(&program(Arch::Gcn14, src), None);
    let at = |pc: u32| a.program.insts.iter().position(|i| i.pc == pc).unwrap();
    // EXEC aside (every vector instruction reads it).
    let live = |set: &gcnkit_analyze::regs::RegSet| {
        names(set, Arch::Gcn14)
            .into_iter()
            .filter(|r| !r.starts_with("exec"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(a.cfg.blocks.len(), 3);
    assert_eq!(a.cfg.calls, vec![(0, 2)]);
    assert_eq!(a.cfg.function, vec![None, None, Some(0x2c)]);
    assert!(matches!(
        a.cfg.blocks[0].term,
        Terminator::Call { target: Some(0x2c), .. }
    ));
    // After the call: the callee's argument v1, v3 and v40 (through it), the return address.
    let call = at(0x1c);
    assert_eq!(live(&a.liveness.live_after[call]), "s[30:31] v1 v3 v40");
    // In the callee: v1 read, v3 and v40 live through it to the return point.
    assert_eq!(live(&a.liveness.live_before[at(0x2c)]), "s[30:31] v1 v3 v40");
    assert_eq!(live(&a.liveness.live_after[at(0x2c)]), "s[30:31] v0 v3 v40");
    assert_eq!(live(&a.liveness.live_before[at(0x20)]), "v0 v3 v40");
    assert!(
        a.liveness.dead_writes.iter().all(|(k, _)| *k != at(0x2c)),
        "the callee's v0 is read after it returns"
    );
    assert!(
        a.liveness.undefined_reads.is_empty(),
        "{:?}",
        a.liveness.undefined_reads
    );

    // The same call through a register pair nothing computes: the convention alone.
    let unknown = src.replace("s_swappc_b64 s[30:31], s[4:5]", "s_swappc_b64 s[30:31], s[6:7]");
    let a = analyze(&program(Arch::Gcn14, &unknown), None);
    let at = |pc: u32| a.program.insts.iter().position(|i| i.pc == pc).unwrap();
    assert!(a.cfg.calls.is_empty());
    assert_eq!(a.cfg.blocks.len(), 2, "f is not reached");
    assert_eq!(live(&a.liveness.live_after[at(0x1c)]), "v40");
    // v3's write before the call is dead: the callee may clobber it.
    assert!(a
        .liveness
        .dead_writes
        .iter()
        .any(|(k, r)| *k == at(0x14) && live(r) == "v3"));
}
