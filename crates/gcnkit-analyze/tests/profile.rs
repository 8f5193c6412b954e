//! The profiler on hand-made kernels with known answers (executions, lanes, the lock-step
//! barrier wait, the s_waitcnt cover), its JSON, launches added up, and the static cycle
//! estimate's rates.

use gcnkit::asm::{assemble, Assembler, Dialect};
use gcnkit::emu::kernel::{run, Launch};
use gcnkit::Arch;
use gcnkit_analyze::analyze;
use gcnkit_analyze::cycles::{cycles, Estimate, Rate};
use gcnkit_analyze::profile::{self, Profile, Profiler};
use gcnkit_analyze::program::{self, Program};
use std::sync::Arc;

/// A kernel in which wave w of a 256-item group loops w times (3 instructions a pass) before
/// the barrier: lock-step, wave w waits 3 × (3 - w) instructions there.
const STAGGERED: &str = r#"
.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
.text
.globl k
.p2align 8
.type k,@function
k:
  s_load_dword s6, s[0:1], 0x0
  v_readfirstlane_b32 s2, v0
  s_lshr_b32 s2, s2, 6
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc1 .Lbar
.Lloop:
  s_sub_u32 s2, s2, 1
  s_cmp_lg_u32 s2, 0
  s_cbranch_scc1 .Lloop
.Lbar:
  s_barrier
  v_cmp_gt_u32 vcc, 10, v0
  s_and_saveexec_b64 s[4:5], vcc
  v_add_u32 v1, v0, v0
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_user_sgpr_private_segment_buffer 0
  .amdhsa_user_sgpr_dispatch_ptr 1
  .amdhsa_next_free_vgpr 2
  .amdhsa_next_free_sgpr 8
.end_amdhsa_kernel
"#;

fn object(src: &str) -> Vec<u8> {
    let mut asm = Assembler::new(Arch::Gcn14, Dialect::Auto, "k.s").processor("gfx900");
    for (n, line) in src.lines().enumerate() {
        asm.line(n + 1, line);
    }
    let arch = asm.arch();
    let (items, diags, parts) = asm.finish_object();
    assert!(
        !diags.iter().any(|d| d.severity == gcnkit::diag::Severity::Error),
        "{}",
        diags.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
    );
    gcnkit::codeobj::write::object_of(arch, &items, &parts).unwrap()
}

fn profile_of(obj: &[u8], grid: u32, threads: usize) -> (Profile, u64) {
    let ks = gcnkit::emu::dispatch::kernels(obj).unwrap();
    let p = Arc::new(Profiler::new());
    let l = Launch {
        grid: [grid, 1, 1],
        block: [256, 1, 1],
        args: vec![],
        threads,
        budget: 10_000,
        trace: None,
        progress: None,
        checker: Some(p.clone()),
        resident: false,
    };
    let o = run(&ks[0], &l, None).unwrap();
    let mut all = p.take();
    assert_eq!(all.len(), 1);
    (all.remove(0), o.stats.instructions)
}

#[test]
fn staggered_waves_wait_at_the_barrier_in_lock_step() {
    let obj = object(STAGGERED);
    for threads in [1, 2] {
        let (p, instructions) = profile_of(&obj, 512, threads);
        assert_eq!(p.instructions(), instructions);
        assert_eq!((p.workgroups, p.waves, p.launches), (2, 8, 1));
        let an = analyze(&program::kernels(&obj).unwrap()[0], None);
        let insts = an.program.insts.clone();
        let pc = |text: &str| {
            insts
                .iter()
                .find(|i| gcnkit::syntax::to_text(&i.instr, gcnkit::syntax::Syntax::Llvm).starts_with(text))
                .unwrap()
                .pc
        };
        // Per group: waves 1, 2, 3 loop 1, 2, 3 times.
        let body = p.pcs[&pc("s_sub_u32")];
        assert_eq!(body.count, 2 * (1 + 2 + 3));
        assert_eq!(body.lanes, 64 * body.count);
        // Lock-step: waves 0, 1, 2 wait 9, 6, 3 instructions; wave 3 does not wait.
        let bar = p.pcs[&pc("s_barrier")];
        assert_eq!((bar.count, bar.waits, bar.wait), (8, 6, 2 * (9 + 6 + 3)));
        // s_waitcnt: the load was issued 3 instructions before, 2 between them.
        let w = p.pcs[&pc("s_waitcnt")];
        assert_eq!((w.count, w.waits, w.wait), (8, 8, 8 * 2));
        // 10 lanes of the first wave of each group are on for the add; none of the others.
        let add = p.pcs[&pc("v_add_u32")];
        assert_eq!((add.count, add.lanes), (8, 2 * 10));
        // Put on the graph: the loop's block has its share, the add's block its lanes.
        let an = an.with_profile(&p).unwrap();
        let x = an.profile.as_ref().unwrap();
        assert_eq!(x.instructions, instructions);
        let sum: u64 = x.blocks.iter().map(|b| b.executed).sum();
        assert_eq!(sum, instructions);
        let last = x.blocks.len() - 1;
        let tail = &x.blocks[an
            .cfg
            .block_of(an.program.insts.iter().position(|i| i.pc == pc("v_add_u32")).unwrap())];
        assert_eq!(tail.vector, 2 * 8);
        assert!(last > 0 && tail.barrier_wait == 2 * 18 && tail.barrier_waits == 6);
        let u = tail.utilisation.unwrap();
        // v_cmp on 64 lanes, v_add on 10 (first waves) or none: (8 × 64 + 20) / (16 × 64).
        assert!((u - (8.0 * 64.0 + 20.0) / (16.0 * 64.0)).abs() < 1e-12, "{u}");
    }
}

#[test]
fn json_round_trip_launches_and_other_code() {
    let obj = object(STAGGERED);
    let (p, _) = profile_of(&obj, 256, 1);
    let back = Profile::from_json(&p.to_json()).unwrap();
    assert_eq!(back, p);
    let text = format!("{}\n{}\n", p.to_json(), p.to_json());
    let all = profile::merge(profile::read(&text).unwrap());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].launches, 2);
    assert_eq!(all[0].instructions(), 2 * p.instructions());
    assert_eq!(profile::read(&format!("[{}]", p.to_json())).unwrap(), vec![p.clone()]);
    assert!(profile::read("").is_err());
    assert!(Profile::from_json(&serde_json::json!({"profile": 99}))
        .unwrap_err()
        .contains("version 99"));
    // Other code: refused.
    let other = object(&STAGGERED.replace("s_lshr_b32 s2, s2, 6", "s_lshr_b32 s2, s2, 7"));
    let an = analyze(&program::kernels(&other).unwrap()[0], None);
    assert!(an.with_profile(&p).unwrap_err().contains("other code"));
}

fn inst(arch: Arch, text: &str) -> gcnkit_analyze::program::Inst {
    let (items, d) = assemble(arch, Dialect::Llvm, "t.s", text);
    assert!(d.is_empty(), "{text}");
    let words = items[0].words().to_vec();
    Program::from_words("t", arch, &words).insts.remove(0)
}

#[test]
fn cycle_estimate_rates() {
    let a = Arch::Gcn14;
    assert_eq!(cycles(&inst(a, "v_add_f32 v0, v1, v2")), (Rate::Full, 4));
    assert_eq!(cycles(&inst(a, "s_add_u32 s0, s1, s2")), (Rate::Full, 4));
    assert_eq!(cycles(&inst(a, "v_rcp_f32 v0, v1")), (Rate::Quarter, 16));
    assert_eq!(cycles(&inst(a, "v_mul_lo_u32 v0, v1, v2")), (Rate::Quarter, 16));
    // The 16-bit multiply is full rate (the table's flag, not a name prefix); GCN 1.1's
    // s_nop reads three bits of its count.
    assert_eq!(cycles(&inst(a, "v_mul_lo_u16 v0, v1, v2")), (Rate::Full, 4));
    assert_eq!(cycles(&inst(Arch::Gcn11, "s_nop 15")), (Rate::Nop, 32));
    assert_eq!(cycles(&inst(a, "s_nop 15")), (Rate::Nop, 64));
    assert_eq!(
        cycles(&inst(a, "v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]")),
        (Rate::Double, 64)
    );
    assert_eq!(
        cycles(&inst(Arch::Gcn141, "v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]")),
        (Rate::Double, 8)
    );
    assert_eq!(
        cycles(&inst(Arch::Gcn10, "v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]")),
        (Rate::Double, 16)
    );
    assert_eq!(cycles(&inst(a, "s_nop 3")), (Rate::Nop, 16));
    assert_eq!(cycles(&inst(a, "global_load_dword v0, v[0:1], off")), (Rate::Full, 4));
    let e = Estimate::of(&[
        inst(a, "v_rcp_f32 v0, v1"),
        inst(a, "v_add_f32 v0, v1, v2"),
        inst(a, "v_add_f32 v0, v1, v2"),
    ]);
    assert_eq!(e.cycles, 24);
    assert_eq!(e.by_rate, vec![(Rate::Full, 2, 8), (Rate::Quarter, 1, 16)]);
}
