//! The affine tier's ops as x86-64 machine code ([`super::affine`]): the affine words
//! (moves, adds, subtractions, shifts and multiplies by constants, adds with a carry pair,
//! 64-bit shifts by a constant) in line on the two numbers, the run loop's plans as direct
//! calls of their kind's function, every other op a direct call of the step the op-by-op
//! tier runs, so that a run's ops cost no dispatch. Made once per tier, when it is planned;
//! what it leaves (the word the run loop goes on from, or a plan that stopped) is what the
//! op-by-op tier leaves (this module's code runs the test of `kernel.rs` that checks the tier
//! against the plans, both ways).
//!
//! The code keeps the context in `rbx`, the SGPRs in `r12` and the slots in `r13`
//! (callee-saved: the calls keep them; `r14` is a scratch register, `r15` pushed for the
//! stack's alignment) and returns the word it left at, with bit 32 set when a plan stopped
//! there.

use super::affine::{compare as compare_lanes, detect, fill, float, span, word, Exit, FloatOp, Kind, Op, Rel, Slots, Val};
use super::fastmem::{FastGlobal, PREFETCH_AHEAD};
use super::memory::{Memory, Region, RegionFields};
use super::scalar::{PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};
use super::wave::{Wave, EXEC, VCC};
use crate::isa::Cond;
use dynasmrt::{dynasm, x64::Assembler, AssemblyOffset, DynamicLabel, DynasmApi, DynasmLabelApi, ExecutableBuffer};

/// A tier's machine code.
pub(super) struct Code {
    buf: ExecutableBuffer,
    entry: AssemblyOffset,
}

/// What the code and its calls reach while it runs (the first two at offsets 0 and 8).
#[repr(C)]
struct Cx {
    s: *mut u32,
    slots: *mut Slots,
    w: *mut Wave,
    mem: *const Memory,
    /// The run's hints (one a word, as many as the tier's words at least).
    hints: *mut u32,
    /// The run loop's, for its plans.
    env: *mut (),
    /// The memory's regions (the spans in line find theirs by its hint).
    regions: *const Region,
    nregions: usize,
    /// 1 where the wave's MODE lets the float ops run (`Gate::ieee_f32`).
    floats: u64,
}

/// Bit 32 of the code's result: a plan stopped at the word it names; bit 33: the branch
/// there was taken.
const STOPPED: u64 = 1 << 32;
const JUMPED: u64 = 1 << 33;

/// The context's fields the code reads.
const CX_W: i32 = std::mem::offset_of!(Cx, w) as i32;
const CX_HINTS: i32 = std::mem::offset_of!(Cx, hints) as i32;
const CX_ENV: i32 = std::mem::offset_of!(Cx, env) as i32;
const CX_REGIONS: i32 = std::mem::offset_of!(Cx, regions) as i32;
const CX_NREGIONS: i32 = std::mem::offset_of!(Cx, nregions) as i32;
const CX_FLOATS: i32 = std::mem::offset_of!(Cx, floats) as i32;

/// The slots' fields, as [`Slots`] lays them out.
const STEP: i32 = 1024;
const STALE: i32 = 2048;

// The steps the code calls (`cx` is the running code's context: its pointers are live).

extern "sysv64" fn call_detect(cx: *mut Cx, r: u64) -> bool {
    // SAFETY: see above.
    let cx = unsafe { &mut *cx };
    detect(unsafe { &*cx.w }, unsafe { &mut *cx.slots }, r as u8)
}

extern "sysv64" fn call_fill(cx: *mut Cx, r: u64) {
    // SAFETY: see above.
    let cx = unsafe { &mut *cx };
    fill(unsafe { &mut *cx.w }, unsafe { &mut *cx.slots }, r as u8)
}

extern "sysv64" fn call_word(cx: *mut Cx, op: *const Op) -> bool {
    // SAFETY: see above; `op` is one of the tier's ops, which outlive its code.
    let cx = unsafe { &mut *cx };
    word(unsafe { &mut *cx.w }, unsafe { &mut *cx.slots }, unsafe { &*op })
}

extern "sysv64" fn call_float(cx: *mut Cx, op: *const Op) -> bool {
    // SAFETY: see above; `op` is one of the tier's ops, which outlive its code.
    let cx = unsafe { &mut *cx };
    float(unsafe { &mut *cx.w }, unsafe { &mut *cx.slots }, unsafe { &*op })
}

extern "sysv64" fn call_span(cx: *mut Cx, op: *const Op, at: u64) -> bool {
    // SAFETY: see above; `at` is the span's word, which has a hint (`Code::run`).
    let cx = unsafe { &mut *cx };
    let (w, s, mem, hint) = unsafe { (&mut *cx.w, &mut *cx.slots, &*cx.mem, &mut *cx.hints.add(at as usize)) };
    span(w, s, mem, hint, unsafe { &*op })
}

impl Code {
    /// The machine code of a tier's `ops` (which must stay where they are), from word
    /// `start`; None if the assembler fails (the tier then runs op by op).
    pub(super) fn new(ops: &[Op], start: usize) -> Option<Code> {
        let mut a = Assembler::new().ok()?;
        let entry = a.offset();
        dynasm!(a
            ; .arch x64
            ; push rbx
            ; push r12
            ; push r13
            ; push r14
            ; push r15
            ; mov rbx, rdi
            ; mov r12, [rdi]
            ; mov r13, [rdi + 8]
        );
        // Where each check that fails goes, and what the code returns from there.
        let mut exits: Vec<(DynamicLabel, u64)> = Vec::new();
        let mut exit = |a: &mut Assembler, v: u64| {
            let l = a.new_dynamic_label();
            exits.push((l, v));
            l
        };
        let mut next = start as u64;
        let fields = Region::fields();
        // (The float rows' packed code: where the CPU has AVX2 and FMA.)
        let packed = super::lanes::has_avx2() && std::arch::is_x86_feature_detected!("fma");
        for op in ops {
            let this = op as *const Op as i64;
            match *op {
                Op::Plan {
                    at,
                    pair,
                    call: (f, plan),
                } => {
                    // f(env, w, plan, &hints[at]).
                    let l = exit(&mut a, at as u64 | STOPPED);
                    dynasm!(a
                        ; .arch x64
                        ; mov rdi, [rbx + CX_ENV]
                        ; mov rsi, [rbx + CX_W]
                        ; mov rdx, QWORD plan as i64
                        ; mov rcx, [rbx + CX_HINTS]
                        ; add rcx, 4 * at as i32
                        ; mov rax, QWORD f as usize as i64
                        ; call rax
                        ; test al, al
                        ; jz =>l
                    );
                    next = at as u64 + 1 + pair as u64;
                }
                Op::Detect { r, at } => {
                    let l = exit(&mut a, at as u64);
                    call(&mut a, call_detect as *const (), r as i64, 0, Some(l));
                }
                Op::Fill(r) => call(&mut a, call_fill as *const (), r as i64, 0, None),
                Op::Word { at, .. } => {
                    let l = exit(&mut a, at as u64);
                    if !in_line(&mut a, op, l) {
                        call(&mut a, call_word as *const (), this, 0, Some(l));
                    }
                    next = at as u64 + 1;
                }
                Op::Float { op: f, d, src, at } => {
                    let l = exit(&mut a, at as u64);
                    dynasm!(a ; .arch x64 ; cmp QWORD [rbx + CX_FLOATS], 0 ; je =>l);
                    if packed {
                        float_in_line(&mut a, f, d, src, l);
                    } else {
                        call(&mut a, call_float as *const (), this, 0, Some(l));
                    }
                    next = at as u64 + 1;
                }
                Op::Branch { cond, at } => {
                    let l = exit(&mut a, at as u64 | JUMPED);
                    branch(&mut a, cond, l);
                    next = at as u64 + 1;
                }
                Op::Span { g, lo, hi, at } => {
                    let l = exit(&mut a, at as u64);
                    // In line where it can be, the call where the checks fail (it searches
                    // the regions, runs other widths and the general way's declines).
                    let (slow, done) = (a.new_dynamic_label(), a.new_dynamic_label());
                    let fast = fields.is_some_and(|f| span_in_line(&mut a, &g, lo, hi, at, &f, slow));
                    if fast {
                        dynasm!(a ; .arch x64 ; jmp =>done ; =>slow);
                    }
                    call(&mut a, call_span as *const (), this, at as i64, Some(l));
                    if fast {
                        dynasm!(a ; .arch x64 ; =>done);
                    }
                    next = at as u64 + 1;
                }
            }
        }
        dynasm!(a
            ; .arch x64
            ; mov rax, QWORD next as i64
            ; ->done:
            ; pop r15
            ; pop r14
            ; pop r13
            ; pop r12
            ; pop rbx
            ; ret
        );
        for (l, v) in exits {
            dynasm!(a
                ; .arch x64
                ; =>l
                ; mov rax, QWORD v as i64
                ; jmp ->done
            );
        }
        let buf = a.finalize().ok()?;
        Some(Code { buf, entry })
    }

    /// Runs the code: the word the tier left at and why (stale rows are the caller's to
    /// fill).
    /// `hints` must have one for each of the tier's words; `env` is passed to the plans'
    /// functions; `floats`: MODE lets the float ops run.
    pub(super) fn run(
        &self,
        w: &mut Wave,
        s: &mut Slots,
        mem: &Memory,
        hints: &mut [u32],
        env: *mut (),
        floats: bool,
    ) -> (usize, Exit) {
        let w: *mut Wave = w;
        let mut cx = Cx {
            // SAFETY: `w` is a live wave; the code and its calls reach it only through `cx`.
            s: unsafe { std::ptr::addr_of_mut!((*w).s) } as *mut u32,
            slots: s,
            w,
            mem,
            hints: hints.as_mut_ptr(),
            env,
            regions: mem.regions().as_ptr(),
            nregions: mem.regions().len(),
            floats: floats as u64,
        };
        // SAFETY: the code was made by `new` for this calling convention; its context is live
        // for the call.
        let f: extern "sysv64" fn(*mut Cx) -> u64 = unsafe { std::mem::transmute(self.buf.ptr(self.entry)) };
        let r = f(&mut cx);
        let exit = match r {
            _ if r & STOPPED != 0 => Exit::Stop,
            _ if r & JUMPED != 0 => Exit::Jump,
            _ => Exit::Check,
        };
        (r as u32 as usize, exit)
    }
}

/// A call of `f(cx, x, y)`; then to `exit` if it returned `false`.
fn call(a: &mut Assembler, f: *const (), x: i64, y: i64, exit: Option<DynamicLabel>) {
    dynasm!(a
        ; .arch x64
        ; mov rdi, rbx
        ; mov rsi, QWORD x
        ; mov rdx, QWORD y
        ; mov rax, QWORD f as i64
        ; call rax
    );
    if let Some(l) = exit {
        dynasm!(a ; .arch x64 ; test al, al ; jz =>l);
    }
}

/// A 32-bit register's number (dynasm's `Rd`).
const EAX: u8 = 0;
const ECX: u8 = 1;
const EDX: u8 = 2;
const ESI: u8 = 6;
const EDI: u8 = 7;
const R8D: u8 = 8;
const R8: u8 = 8;
const R9: u8 = 9;
const R11: u8 = 11;
const RDI: u8 = 7;
const R14: u8 = 14;

/// Where the wave's SGPR-written flags and SCC are from its SGPRs (`r12`).
const S_WRITTEN: i32 = (std::mem::offset_of!(Wave, s_written) as isize - std::mem::offset_of!(Wave, s) as isize) as i32;
const SCC: i32 = (std::mem::offset_of!(Wave, scc) as isize - std::mem::offset_of!(Wave, s) as isize) as i32;

/// Source `v`'s base into register `b` and its step into `s`.
#[allow(clippy::useless_conversion)] // (dynasm's own conversion of a register number)
fn load(a: &mut Assembler, v: Val, b: u8, s: u8) {
    match v {
        Val::Slot(r) => dynasm!(a
            ; .arch x64
            ; mov Rd(b), DWORD [r13 + 4 * r as i32]
            ; mov Rd(s), DWORD [r13 + STEP + 4 * r as i32]
        ),
        Val::Sreg(c) => dynasm!(a
            ; .arch x64
            ; mov Rd(b), DWORD [r12 + 4 * (c & 127) as i32]
            ; xor Rd(s), Rd(s)
        ),
        Val::Value(x) => dynasm!(a
            ; .arch x64
            ; mov Rd(b), x as i32
            ; xor Rd(s), Rd(s)
        ),
    }
}

/// The same value in every lane, whatever the registers hold: a scalar register or a constant.
fn uniform(v: Val) -> bool {
    !matches!(v, Val::Slot(_))
}

/// An affine word in line, if it is a simple one: its result into `d`'s slots (and its row
/// marked stale) when EXEC is full, else to `exit` with nothing written.
fn in_line(a: &mut Assembler, op: &Op, exit: DynamicLabel) -> bool {
    let Op::Word {
        kind,
        d,
        src,
        carry,
        cin,
        ..
    } = *op
    else {
        return false;
    };
    let amount = |v: Val| match v {
        Val::Value(x) => Some((x & 31) as i8),
        _ => None,
    };
    match kind {
        Kind::Mov | Kind::Add | Kind::Sub | Kind::Add3 => {}
        Kind::Shl | Kind::ShlAdd if amount(src[1]).is_some() => {}
        Kind::AddShl if amount(src[2]).is_some() => {}
        Kind::Mul if uniform(src[0]) || uniform(src[1]) => {}
        Kind::AddCarry { cin: c } if carry < 127 && (!c || cin < 127) => {
            add_carry(a, d, src, carry, c.then_some(cin), exit);
            return true;
        }
        Kind::Shr { signed } if amount(src[1]).is_some() => {
            shr(a, d, src[0], amount(src[1]).unwrap_or(0), signed, exit);
            return true;
        }
        Kind::Cmp { rel, signed } => {
            compare(a, src, rel as u32 | (signed as u32) << 8, carry, exit);
            return true;
        }
        Kind::Shl64 if d < 255 => match src[2] {
            Val::Value(k) => {
                shl64(a, d, src, k & 63, exit);
                return true;
            }
            _ => return false,
        },
        _ => return false,
    }
    load(a, src[0], EAX, ECX);
    if kind != Kind::Mov {
        load(a, src[1], EDX, ESI);
    }
    if matches!(kind, Kind::Add3 | Kind::ShlAdd) {
        load(a, src[2], EDI, R8D);
    }
    match kind {
        Kind::Add => dynasm!(a ; .arch x64 ; add eax, edx ; add ecx, esi),
        Kind::Sub => dynasm!(a ; .arch x64 ; sub eax, edx ; sub ecx, esi),
        Kind::Add3 => dynasm!(a ; .arch x64 ; add eax, edx ; add ecx, esi ; add eax, edi ; add ecx, r8d),
        Kind::Shl => {
            let k = amount(src[1]).unwrap_or(0);
            dynasm!(a ; .arch x64 ; shl eax, k ; shl ecx, k)
        }
        Kind::ShlAdd => {
            let k = amount(src[1]).unwrap_or(0);
            dynasm!(a ; .arch x64 ; shl eax, k ; shl ecx, k ; add eax, edi ; add ecx, r8d)
        }
        Kind::AddShl => {
            let k = amount(src[2]).unwrap_or(0);
            dynasm!(a ; .arch x64 ; add eax, edx ; add ecx, esi ; shl eax, k ; shl ecx, k)
        }
        // (a0 + i a1)(b0 + i b1) with a1 = 0: a0 b0 + i a0 b1; with b1 = 0: a0 b0 + i a1 b0.
        Kind::Mul if uniform(src[0]) => dynasm!(a ; .arch x64 ; mov ecx, esi ; imul ecx, eax ; imul eax, edx),
        Kind::Mul => dynasm!(a ; .arch x64 ; imul eax, edx ; imul ecx, edx),
        _ => {}
    }
    full_exec(a, exit);
    set(a, d, EAX, ECX);
    true
}

/// [`Op::Float`] in line (AVX2 and FMA; MODE checked by the caller): the row's eight chunks
/// of eight lanes computed into `ymm0`-`ymm7`, then, if EXEC is full and no lane's result is
/// a NaN, stored into VDST's row (which may be a source: nothing is stored before all are
/// read).
#[allow(clippy::useless_conversion)] // (dynasm's own conversion of a register number)
fn float_in_line(a: &mut Assembler, f: FloatOp, d: u8, src: [Val; 3], exit: DynamicLabel) {
    let n = if f == FloatOp::Fma { 3 } else { 2 };
    full_exec(a, exit);
    // Each source: a row's address (r8, r9, r10) or a value in every lane (ymm11-ymm13).
    dynasm!(a
        ; .arch x64
        ; mov rsi, [rbx + CX_W]
        ; mov rsi, [rsi + V]
        ; mov r11, [rsi + 8 * d as i32]
        ; vxorps ymm8, ymm8, ymm8
    );
    for (k, v) in src.iter().take(n).enumerate() {
        let (row, wide) = (R8 + k as u8, 11 + k as u8);
        match *v {
            Val::Slot(r) => dynasm!(a ; .arch x64 ; mov Rq(row), [rsi + 8 * r as i32]),
            Val::Sreg(c) => dynasm!(a ; .arch x64 ; mov eax, DWORD [r12 + 4 * (c & 127) as i32]),
            Val::Value(x) => dynasm!(a ; .arch x64 ; mov eax, x as i32),
        }
        if !matches!(v, Val::Slot(_)) {
            // (Registers named in the code: dynasm encodes a broadcast into a register named
            // at run time as the 128-bit one.)
            dynasm!(a ; .arch x64 ; vmovd xmm15, eax);
            match wide {
                11 => dynasm!(a ; .arch x64 ; vbroadcastss ymm11, xmm15),
                12 => dynasm!(a ; .arch x64 ; vbroadcastss ymm12, xmm15),
                _ => dynasm!(a ; .arch x64 ; vbroadcastss ymm13, xmm15),
            }
        }
    }
    let row = |k: usize| matches!(src[k], Val::Slot(_));
    for i in 0..8u8 {
        let o = 32 * i as i32;
        // a into ymm_i; b, c into ymm9, ymm10 (or their values' registers).
        if row(0) {
            dynasm!(a ; .arch x64 ; vmovups Ry(i), [r8 + o]);
        } else {
            dynasm!(a ; .arch x64 ; vmovaps Ry(i), ymm11);
        }
        let b = if row(1) {
            dynasm!(a ; .arch x64 ; vmovups ymm9, [r9 + o]);
            9
        } else {
            12
        };
        match f {
            FloatOp::Fma => {
                let c = if row(2) {
                    dynasm!(a ; .arch x64 ; vmovups ymm10, [r10 + o]);
                    10
                } else {
                    13
                };
                dynasm!(a ; .arch x64 ; vfmadd213ps Ry(i), Ry(b), Ry(c));
            }
            FloatOp::Mul => dynasm!(a ; .arch x64 ; vmulps Ry(i), Ry(i), Ry(b)),
            FloatOp::Add => dynasm!(a ; .arch x64 ; vaddps Ry(i), Ry(i), Ry(b)),
            FloatOp::Sub => dynasm!(a ; .arch x64 ; vsubps Ry(i), Ry(i), Ry(b)),
        }
        // (Unordered with itself: a NaN.)
        dynasm!(a
            ; .arch x64
            ; vcmpunordps ymm14, Ry(i), Ry(i)
            ; vorps ymm8, ymm8, ymm14
        );
    }
    dynasm!(a
        ; .arch x64
        ; vptest ymm8, ymm8
        ; jz >store
        ; vzeroupper
        ; jmp =>exit
        ; store:
    );
    for i in 0..8u8 {
        let o = 32 * i as i32;
        dynasm!(a ; .arch x64 ; vmovups [r11 + o], Ry(i));
    }
    let d = d as i32;
    dynasm!(a
        ; .arch x64
        ; vzeroupper
        ; btr QWORD [r13 + STALE + 8 * (d / 64)], (d % 64) as i8
    );
}

/// To `taken` when the branch's condition holds ([`Wave::taken`]).
fn branch(a: &mut Assembler, cond: Cond, taken: DynamicLabel) {
    let (vcc, exec) = (4 * VCC as i32, 4 * EXEC as i32);
    match cond {
        Cond::Always => dynasm!(a ; .arch x64 ; jmp =>taken),
        Cond::Scc0 => dynasm!(a ; .arch x64 ; cmp BYTE [r12 + SCC], 0 ; je =>taken),
        Cond::Scc1 => dynasm!(a ; .arch x64 ; cmp BYTE [r12 + SCC], 0 ; jne =>taken),
        Cond::Vccz => dynasm!(a ; .arch x64 ; cmp QWORD [r12 + vcc], 0 ; je =>taken),
        Cond::Vccnz => dynasm!(a ; .arch x64 ; cmp QWORD [r12 + vcc], 0 ; jne =>taken),
        Cond::Execz => dynasm!(a ; .arch x64 ; cmp QWORD [r12 + exec], 0 ; je =>taken),
        Cond::Execnz => dynasm!(a ; .arch x64 ; cmp QWORD [r12 + exec], 0 ; jne =>taken),
    }
}

/// To `exit` unless EXEC is full.
fn full_exec(a: &mut Assembler, exit: DynamicLabel) {
    dynasm!(a
        ; .arch x64
        ; cmp QWORD [r12 + 4 * EXEC as i32], -1
        ; jne =>exit
    );
}

/// VGPR `d`'s numbers from registers `b` and `s`, its row marked stale.
#[allow(clippy::useless_conversion)] // (dynasm's own conversion of a register number)
fn set(a: &mut Assembler, d: u8, b: u8, s: u8) {
    let d = d as i32;
    dynasm!(a
        ; .arch x64
        ; mov DWORD [r13 + 4 * d], Rd(b)
        ; mov DWORD [r13 + STEP + 4 * d], Rd(s)
        ; bts QWORD [r13 + STALE + 8 * (d / 64)], (d % 64) as i8
    );
}

/// To `exit` unless the lanes of the affine value in `b` (base) and `s` (step) do not wrap
/// ([`super::affine`]'s `ends`, unsigned): `first` (64 bits) and `last` (its lane 63) left
/// in those registers; `t` is spoilt.
#[allow(clippy::useless_conversion)]
fn ends(a: &mut Assembler, b: u8, s: u8, first: u8, last: u8, t: u8, exit: DynamicLabel) {
    dynasm!(a
        ; .arch x64
        ; mov Rd(first), Rd(b)
        ; movsxd Rq(last), Rd(s)
        ; imul Rq(last), Rq(last), 63
        ; add Rq(last), Rq(first)
        ; mov Rq(t), Rq(last)
        ; shr Rq(t), 32
        ; jnz =>exit
    );
}

/// [`Kind::AddCarry`] in line: the sum, and the carry pair all ones or all zeros, when every
/// lane carries alike (and the carry-in pair `cin`, if any, is all ones or all zeros).
fn add_carry(a: &mut Assembler, d: u8, src: [Val; 3], carry: u8, cin: Option<u8>, exit: DynamicLabel) {
    load(a, src[0], EAX, ECX);
    load(a, src[1], EDX, ESI);
    // The carry in (r10): 0 or 1.
    dynasm!(a ; .arch x64 ; xor r10d, r10d);
    if let Some(c) = cin {
        dynasm!(a
            ; .arch x64
            ; mov rdi, QWORD [r12 + 4 * c as i32]
            ; cmp rdi, -1
            ; jne >none
            ; mov r10d, 1
            ; jmp >known
            ; none:
            ; test rdi, rdi
            ; jnz =>exit
            ; known:
        );
    }
    // Lane 0's and lane 63's sums (as 64-bit integers) carry alike.
    ends(a, EAX, ECX, R8, R9, R11, exit);
    ends(a, EDX, ESI, RDI, R11, R14, exit);
    let (c, c1) = (carry as i32, carry as i32 + 1);
    let sw = S_WRITTEN;
    dynasm!(a
        ; .arch x64
        ; add r8, rdi
        ; add r8, r10
        ; add r9, r11
        ; add r9, r10
        ; shr r8, 32
        ; shr r9, 32
        ; cmp r8, r9
        ; jne =>exit
    );
    full_exec(a, exit);
    dynasm!(a
        ; .arch x64
        ; add eax, edx
        ; add eax, r10d
        ; add ecx, esi
        ; neg r8
        ; mov DWORD [r12 + 4 * c], r8d
        ; mov DWORD [r12 + 4 * c1], r8d
        ; mov BYTE [r12 + sw + c], 1
        ; mov BYTE [r12 + sw + c1], 1
    );
    set(a, d, EAX, ECX);
}

/// [`Kind::Shr`] by a constant `k` in line ([`super::affine`]'s `shr`): a uniform value
/// shifted; else, when the lanes do not wrap (as integers of the shift's signedness), the
/// step a multiple of `1 << k` shifted alike, or lanes that all shift to one value.
#[allow(clippy::useless_conversion)]
fn shr(a: &mut Assembler, d: u8, src: Val, k: i8, signed: bool, exit: DynamicLabel) {
    load(a, src, EAX, ECX);
    dynasm!(a
        ; .arch x64
        ; test ecx, ecx
        ; jz >uniform
        // First and last lanes as 64-bit integers (r8, r9), inside the 32-bit range.
        ; movsxd r9, ecx
        ; imul r9, r9, 63
    );
    if signed {
        dynasm!(a
            ; .arch x64
            ; movsxd r8, eax
            ; add r9, r8
            ; movsxd r11, r9d
            ; cmp r11, r9
            ; jne =>exit
        );
    } else {
        dynasm!(a
            ; .arch x64
            ; mov r8d, eax
            ; add r9, r8
            ; mov r11, r9
            ; shr r11, 32
            ; jnz =>exit
        );
    }
    let low = ((1u32 << k) - 1) as i32;
    dynasm!(a
        ; .arch x64
        ; test ecx, low
        ; jnz >same
        ; sar ecx, k
        ; jmp >base
        ; same:
    );
    if signed {
        dynasm!(a ; .arch x64 ; sar r8, k ; sar r9, k);
    } else {
        dynasm!(a ; .arch x64 ; shr r8, k ; shr r9, k);
    }
    dynasm!(a
        ; .arch x64
        ; cmp r8, r9
        ; jne =>exit
        ; uniform:
        ; xor ecx, ecx
        ; base:
    );
    if signed {
        dynasm!(a ; .arch x64 ; sar eax, k);
    } else {
        dynasm!(a ; .arch x64 ; shr eax, k);
    }
    full_exec(a, exit);
    set(a, d, EAX, ECX);
}

/// [`super::affine`]'s `compare` of two 32-bit numbers `(a, b)` (relation and signedness
/// in `what`), the lane bits into `out`'s pair: false where a side's lanes wrap.
extern "sysv64" fn call_compare(a: u32, a_step: u32, b: u32, b_step: u32, what: u32, out: *mut u32) -> bool {
    let rel = Rel::ALL[(what & 0xff) as usize % 6];
    match compare_lanes(rel, what >> 8 != 0, (a, a_step), (b, b_step)) {
        Some(bits) => {
            // SAFETY: `out` is the wave's SGPR pair the compare writes (below).
            unsafe { out.cast::<u64>().write_unaligned(bits) };
            true
        }
        None => false,
    }
}

/// [`Kind::Cmp`]: the lane bits to the SGPR pair `pair` by [`call_compare`], when EXEC is full.
fn compare(a: &mut Assembler, src: [Val; 3], what: u32, pair: u8, exit: DynamicLabel) {
    full_exec(a, exit);
    load(a, src[0], EDI, ESI);
    load(a, src[1], EDX, ECX);
    let (c, sw) = (pair as i32, S_WRITTEN);
    dynasm!(a
        ; .arch x64
        ; mov r8d, what as i32
        ; lea r9, [r12 + 4 * c]
        ; mov rax, QWORD call_compare as *const () as i64
        ; call rax
        ; test al, al
        ; jz =>exit
        ; mov BYTE [r12 + sw + c], 1
        ; mov BYTE [r12 + sw + c + 1], 1
    );
}

/// [`Kind::Shl64`] by a constant `k` in line: VDST's pair from the pair (src[0], src[1]).
fn shl64(a: &mut Assembler, d: u8, src: [Val; 3], k: u32, exit: DynamicLabel) {
    load(a, src[0], EAX, ECX);
    load(a, src[1], EDX, ESI);
    match k {
        0 => {}
        1..=31 => {
            // The bits shifted out of the low dword into the high one: the same in every
            // lane (uniform low dwords, or lanes that do not wrap and agree on those bits).
            let (k, out) = (k as i8, 32 - k as i8);
            dynasm!(a
                ; .arch x64
                ; test ecx, ecx
                ; jz >uniform
            );
            ends(a, EAX, ECX, R8, R9, R11, exit);
            dynasm!(a
                ; .arch x64
                ; shr r8, out
                ; shr r9, out
                ; cmp r8, r9
                ; jne =>exit
                ; uniform:
                ; mov edi, eax
                ; shr edi, out
                ; shl eax, k
                ; shl ecx, k
                ; shl edx, k
                ; or edx, edi
                ; shl esi, k
            );
        }
        _ => {
            let k = (k - 32) as i8;
            dynasm!(a
                ; .arch x64
                ; mov edx, eax
                ; mov esi, ecx
                ; shl edx, k
                ; shl esi, k
                ; xor eax, eax
                ; xor ecx, ecx
            );
        }
    }
    full_exec(a, exit);
    set(a, d, EAX, ECX);
    set(a, d + 1, EDX, ESI);
}

/// Where the wave's rows and VGPR-written flags are in it.
const V: i32 = std::mem::offset_of!(Wave, v) as i32;
const V_WRITTEN: i32 = std::mem::offset_of!(Wave, v_written) as i32;

/// A dword span (every lane on, lane k's dword at `start + 4k`) in line, as
/// [`super::affine`]'s `span` runs it through [`FastGlobal::span`]: to `slow` where a check
/// fails (a stride or a high dword that is not the span's, an aperture, a null SADDR, an
/// address outside the region its hint names or not a dword's, a store to a region whose
/// writes are tracked). False where the span is not a dword span (the call runs it).
#[allow(clippy::too_many_arguments, clippy::useless_conversion)] // (dynasm's own conversion of a register number)
fn span_in_line(
    a: &mut Assembler,
    g: &FastGlobal,
    lo: u8,
    hi: Option<u8>,
    at: u32,
    f: &RegionFields,
    slow: DynamicLabel,
) -> bool {
    let (_, _, stride, load, data, dwords) = g.span_operands();
    let (saddr, off, flat) = g.span_base();
    if stride != 4 || dwords != 1 || saddr.is_some_and(|c| c >= 126) {
        return false;
    }
    let (lo, data) = (lo as i32, data as i32);
    full_exec(a, slow);
    // The first lane's address into rax: VADDR (lane 0's, the lanes 4 bytes apart without
    // wrapping; a high dword the same in every lane), SADDR's pair, the offset.
    dynasm!(a
        ; .arch x64
        ; cmp DWORD [r13 + STEP + 4 * lo], 4
        ; jne =>slow
        ; mov eax, DWORD [r13 + 4 * lo]
        ; cmp eax, -253
        ; ja =>slow
    );
    if let Some(h) = hi {
        let h = h as i32;
        dynasm!(a
            ; .arch x64
            ; cmp DWORD [r13 + STEP + 4 * h], 0
            ; jne =>slow
            ; mov edx, DWORD [r13 + 4 * h]
        );
        if flat {
            dynasm!(a ; .arch x64 ; cmp edx, PRIVATE_APERTURE_HI as i32 ; je =>slow);
        }
        dynasm!(a ; .arch x64 ; shl rdx, 32 ; or rax, rdx);
    }
    if let Some(c) = saddr {
        dynasm!(a
            ; .arch x64
            ; mov r8, QWORD [r12 + 4 * c as i32]
            ; test r8, r8
            ; jz =>slow
            ; add rax, r8
        );
    }
    if off != 0 {
        dynasm!(a ; .arch x64 ; mov r8, QWORD off as i64 ; add rax, r8);
    }
    if flat {
        // Neither end in the LDS or private aperture.
        for end in [0, 255] {
            dynasm!(a
                ; .arch x64
                ; lea rdx, [rax + end]
                ; shr rdx, 32
                ; cmp edx, SHARED_APERTURE_HI as i32
                ; je =>slow
                ; cmp edx, PRIVATE_APERTURE_HI as i32
                ; je =>slow
            );
        }
    }
    // The region of the span's hint: the 256 bytes inside its reach, at a dword's offset
    // (rdx); its words from there (rdx).
    let RegionFields {
        base,
        reach,
        words,
        untracked,
        size,
    } = *f;
    dynasm!(a
        ; .arch x64
        ; mov rcx, [rbx + CX_HINTS]
        ; mov ecx, DWORD [rcx + 4 * at as i32]
        ; cmp rcx, [rbx + CX_NREGIONS]
        ; jae =>slow
        ; imul rcx, rcx, size
        ; add rcx, [rbx + CX_REGIONS]
        ; mov rdx, rax
        ; sub rdx, [rcx + base]
        ; jb =>slow
        ; test dl, 3
        ; jnz =>slow
        ; mov r8, rdx
        ; add r8, 256
        ; jc =>slow
        ; cmp r8, [rcx + reach]
        ; ja =>slow
    );
    if !load {
        dynasm!(a ; .arch x64 ; cmp QWORD [rcx + untracked], 0 ; jne =>slow);
    }
    // The data row (rdi) and the copy, 64 bytes a round.
    dynasm!(a
        ; .arch x64
        ; add rdx, [rcx + words]
        ; mov rsi, [rbx + CX_W]
        ; mov rdi, [rsi + V]
        ; mov rdi, [rdi + 8 * data]
    );
    // (A load from the words into the row, a store back.)
    let (from, to) = if load { (EDX, RDI) } else { (RDI, EDX) };
    for k in 0..4 {
        let o = 64 * k;
        dynasm!(a
            ; .arch x64
            ; movups xmm0, [Rq(from) + o]
            ; movups xmm1, [Rq(from) + o + 16]
            ; movups xmm2, [Rq(from) + o + 32]
            ; movups xmm3, [Rq(from) + o + 48]
            ; movups [Rq(to) + o], xmm0
            ; movups [Rq(to) + o + 16], xmm1
            ; movups [Rq(to) + o + 32], xmm2
            ; movups [Rq(to) + o + 48], xmm3
        );
    }
    if load {
        // A loaded row is a row (written, not stale).
        dynasm!(a
            ; .arch x64
            ; mov BYTE [rsi + V_WRITTEN + data], 1
            ; btr QWORD [r13 + STALE + 8 * (data / 64)], (data % 64) as i8
        );
    }
    // The next waves' spans, most likely: in the cache before they ask (a prefetch never
    // faults).
    let ahead = (PREFETCH_AHEAD * 256) as i32;
    for k in 0..4 {
        dynasm!(a ; .arch x64 ; prefetcht0 [rdx + ahead + 64 * k]);
    }
    true
}
