//! The affine tier: a planned run's index arithmetic on two numbers a register, not 64 lanes.
//!
//! What a HIP kernel computes per lane before it touches memory is mostly affine in the lane:
//! `v0` is the work-item id (the wave's first + lane), and moves, adds, shifts and multiplies
//! by uniform values keep the form `row[lane] = base + lane * step` (mod 2^32), down to the
//! addresses of its loads and stores, which are then one span. This tier runs such words on
//! (base, step) and such loads and stores as the spans they are; everything else of the run
//! goes through the run loop's own plans.
//!
//! It is planned for a run when a wave first enters it. Which registers hold the form is
//! known while planning, except at the run's start: a register the run reads before writing
//! is checked when first read. A register's row is written (filled) before a plan of the run
//! loop runs and when the tier leaves. Where a check fails (a row that is not affine, EXEC not
//! full, a shift or carry that differs between lanes, a span the coalesced path declines), the
//! tier fills its rows and the run loop goes on from that word, so a wave never sees the tier.
//! Checked against the plans on random runs and states (this module's test).

use super::fast::From;
use super::fastmem::FastGlobal;
use super::lanes::{affine_row, fill_affine};
use super::memory::Memory;
use super::ops::{vop1, vop2, vop3};
use super::wave::Wave;
use crate::isa::{Cond, Semantics};

/// What the tier sees of one plan of a run (by the run loop's own plan of the word).
pub(super) enum Seen<'a> {
    /// A vector-ALU word (its plan).
    Vector(&'a super::fast::FastVop),
    /// A GLOBAL or FLAT load or store.
    Global(&'a FastGlobal),
    /// A plan that neither reads nor writes a VGPR: scalar ALU and memory.
    Scalar,
    /// A word that does nothing the tier must do (`s_waitcnt`, `s_nop`): no op of the tier.
    Nop,
    /// Any other plan.
    Other,
    /// A conditional branch with a run after it (its fall-through): the tier goes on there
    /// while the branch is not taken.
    Branch(Cond),
    /// The run loop's own: a branch, the end of the program.
    Stop,
}

/// Why a tier left at the word it names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Exit {
    /// A check failed there, or the tier ended: the run loop goes on from that word.
    Check,
    /// The plan there stopped: the general path runs the word.
    Stop,
    /// The branch there was taken.
    Jump,
}

/// How the tier runs one of the run loop's plans: `f(env, w, plan, hint)`, `plan` the plan's
/// address, `env` what the run loop passed to [`Tier::run`]; `false` when the plan stopped.
/// One function a kind of plan (the run loop's choice, [`Seen`]'s caller): a call site of the
/// machine code then always goes to one kind, and nothing dispatches on it.
pub(super) type Direct = unsafe extern "sysv64" fn(env: *mut (), w: &mut Wave, plan: usize, hint: &mut u32) -> bool;

/// A 32-bit source: an affine register's two numbers, a scalar register, a constant.
#[derive(Clone, Copy, Debug)]
pub(super) enum Val {
    Slot(u8),
    Sreg(u8),
    Value(u32),
}

/// The words whose result is affine when their sources are, by their semantics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Kind {
    /// `a`
    Mov,
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a + b + c`
    Add3,
    /// `a * b` (one of them uniform)
    Mul,
    /// `a << b` (`b` uniform)
    Shl,
    /// `a >> b` (`b` uniform; arithmetic when `signed`): affine when the lanes' values do
    /// not wrap and the step is a multiple of `1 << b`, uniform when all lanes shift to one value.
    Shr { signed: bool },
    /// `(a << b) + c`
    ShlAdd,
    /// `(a + b) << c`
    AddShl,
    /// `a + b` (+ carry in from a pair that is all lanes or none), the carry out to a pair:
    /// the same in every lane.
    AddCarry { cin: bool },
    /// The 64-bit `(a, b) << c` into VDST's pair (`c` uniform).
    Shl64,
    /// `a rel b` of 32-bit integers (signed or not), the lanes where it holds to a scalar
    /// pair (`v_cmp_*_i32`/`_u32`): where neither side's lanes wrap, a run of lanes at one
    /// end, found in O(1).
    Cmp { rel: Rel, signed: bool },
}

/// A float row the tier runs on rows of f32 (`Op::Float`): `a * b + c`, `a * b`, `a + b`,
/// `a - b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum FloatOp {
    Fma,
    Mul,
    Add,
    Sub,
}

/// The float rows the tier runs, by their semantics, and whether their two sources come in
/// reverse order (`v_subrev_f32`).
fn float_of(sem: Semantics) -> Option<(FloatOp, bool)> {
    by_semantics(
        &[
            (vop2::fmac_f32, FloatOp::Fma, false),
            (vop3::fma_f32, FloatOp::Fma, false),
            (vop2::mul_f32, FloatOp::Mul, false),
            (vop2::add_f32, FloatOp::Add, false),
            (vop2::sub_f32, FloatOp::Sub, false),
            (vop2::subrev_f32, FloatOp::Sub, true),
        ],
        sem,
    )
}

/// The row of `table` whose semantics are `sem`: what it stands for, and whether its first
/// two sources come in reverse order.
fn by_semantics<K: Copy>(table: &[(Semantics, K, bool)], sem: Semantics) -> Option<(K, bool)> {
    table.iter().find(|(f, ..)| std::ptr::fn_addr_eq(*f, sem)).map(|&(_, k, rev)| (k, rev))
}

/// A compare's relation, `a rel b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Rel {
    Lt,
    Eq,
    Le,
    Gt,
    Ne,
    Ge,
}

impl Rel {
    /// In the order of the integer compare families' rows 1-6 (`ops::cmp`), their
    /// discriminants.
    pub(super) const ALL: [Rel; 6] = [Rel::Lt, Rel::Eq, Rel::Le, Rel::Gt, Rel::Ne, Rel::Ge];
}

/// The kind of a row's semantics, and whether its two shift sources come in reverse order
/// (`v_lshlrev_b32`: SRC0 is the amount).
fn kind_of(sem: Semantics) -> Option<(Kind, bool)> {
    use super::ops::cmp::{INT_I32, INT_U32};
    for (k, rel) in Rel::ALL.into_iter().enumerate() {
        for (family, signed) in [(&INT_I32, true), (&INT_U32, false)] {
            if std::ptr::fn_addr_eq(family[k + 1], sem) {
                return Some((Kind::Cmp { rel, signed }, false));
            }
        }
    }
    let table: [(Semantics, Kind, bool); 19] = [
        (vop1::mov_b32, Kind::Mov, false),
        (vop2::add_u32, Kind::Add, false),
        (vop2::sub_u32, Kind::Sub, false),
        (vop2::subrev_u32, Kind::Sub, true),
        (vop3::add3_u32, Kind::Add3, false),
        (vop3::mul_lo_u32, Kind::Mul, false),
        (vop3::mul_lo_i32, Kind::Mul, false),
        (vop2::lshl_b32, Kind::Shl, false),
        (vop2::lshlrev_b32, Kind::Shl, true),
        (vop2::lshr_b32, Kind::Shr { signed: false }, false),
        (vop2::lshrrev_b32, Kind::Shr { signed: false }, true),
        (vop2::ashr_i32, Kind::Shr { signed: true }, false),
        (vop2::ashrrev_i32, Kind::Shr { signed: true }, true),
        (vop3::lshl_add_u32, Kind::ShlAdd, false),
        (vop3::add_lshl_u32, Kind::AddShl, false),
        (vop2::add_co_u32, Kind::AddCarry { cin: false }, false),
        (vop2::addc_co_u32, Kind::AddCarry { cin: true }, false),
        (vop3::lshl_b64, Kind::Shl64, false),
        (vop3::lshlrev_b64, Kind::Shl64, true),
    ];
    by_semantics(&table, sem)
}

/// One step of a tier run. `at`: the word of the run it stands for, where the run loop
/// takes over when a check fails.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    /// The run loop's plan of word `at` (its superinstruction there when `pair`): `call.0`
    /// on the plan at address `call.1`.
    Plan { at: u32, pair: bool, call: (Direct, usize) },
    /// VGPR `r`'s row is affine: its numbers from it (else leave at `at`).
    Detect { r: u8, at: u32 },
    /// VGPR `r`'s row from its numbers.
    Fill(u8),
    /// An affine word: VDST `d` (and `d + 1` for [`Kind::Shl64`]) from the sources; the carry
    /// pair and the carry-in pair of [`Kind::AddCarry`].
    Word { kind: Kind, d: u8, src: [Val; 3], carry: u8, cin: u8, at: u32 },
    /// A load or store whose address registers are affine: one span.
    Span { g: FastGlobal, lo: u8, hi: Option<u8>, at: u32 },
    /// A conditional branch: leave when it is taken, else go on with the run after it.
    Branch { cond: Cond, at: u32 },
    /// A float row (its sources' rows, `Val::Slot(r)` VGPR r's) into VDST's row, when EXEC
    /// is full, MODE makes f32 rows IEEE single precision (`Gate::ieee_f32`: each result
    /// then exact) and no lane's result is a NaN (whose bits are the row's own rule).
    Float { op: FloatOp, d: u8, src: [Val; 3], at: u32 },
}

impl Op {
    /// A vector instruction of 64 lanes the tier runs itself (counted as such).
    fn row_op(&self) -> bool {
        matches!(self, Op::Word { .. } | Op::Float { .. })
    }

    /// An op that stands for a word of its own (not a plan of the run loop).
    fn own(&self) -> bool {
        matches!(self, Op::Word { .. } | Op::Span { .. } | Op::Float { .. })
    }
}

/// A run's tier plan: from word `start` (the run loop's plans before it), to word `end`, the
/// one after its last affine word or span (the run loop's plans after it).
pub(super) struct Tier {
    pub start: usize,
    pub end: usize,
    /// The run loop's plans before `start` read and write only SGPRs, SCC and memory (or
    /// nothing): a kernel's scalar prologue.
    pub scalar_head: bool,
    ops: Vec<Op>,
    /// Its affine words.
    words: u64,
    /// Its ops as machine code.
    #[cfg(target_arch = "x86_64")]
    code: Option<super::affine_x64::Code>,
}

/// What planning knows of a VGPR.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Known {
    /// Its row (the run's start, or a plan wrote it).
    Row,
    /// Its two numbers only: its row is stale.
    Affine,
    /// Both.
    Both,
}

/// The two numbers of each VGPR the tier keeps, and which rows are stale (one bit a VGPR; the
/// machine code reaches them at these offsets: 0, 1024, 2048).
#[repr(C)]
pub(super) struct Slots {
    base: [u32; 256],
    step: [u32; 256],
    stale: [u64; 4],
}

impl Default for Slots {
    fn default() -> Slots {
        Slots {
            base: [0; 256],
            step: [0; 256],
            stale: [0; 4],
        }
    }
}

impl Slots {
    #[inline]
    fn get(&self, w: &Wave, v: Val) -> (u32, u32) {
        match v {
            Val::Slot(r) => (self.base[r as usize], self.step[r as usize]),
            Val::Sreg(c) => (w.s[c as usize & 127], 0),
            Val::Value(x) => (x, 0),
        }
    }

    #[inline]
    fn set(&mut self, r: usize, (b, s): (u32, u32)) {
        self.base[r] = b;
        self.step[r] = s;
        self.stale[r / 64] |= 1 << (r % 64);
    }

    /// Every stale row written.
    #[inline]
    fn fill_all(&mut self, w: &mut Wave) {
        for k in 0..4 {
            let mut bits = self.stale[k];
            self.stale[k] = 0;
            while bits != 0 {
                let r = 64 * k + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                fill_affine(&mut w.v[r], self.base[r], self.step[r]);
            }
        }
    }
}

/// The values of lanes 0 and 63 as the integers they are (unsigned, or signed), when every
/// lane's is `first + lane * step` without wrapping around: they then bound the lanes'.
#[inline]
fn ends((b, s): (u32, u32), signed: bool) -> Option<(i64, i64)> {
    let first = if signed { b as i32 as i64 } else { b as i64 };
    let last = first + 63 * s as i32 as i64;
    let (lo, hi) = if signed { (i32::MIN as i64, i32::MAX as i64) } else { (0, u32::MAX as i64) };
    (lo <= last && last <= hi).then_some((first, last))
}

/// A uniform source's value (a register's step 0).
#[inline]
fn uniform((b, s): (u32, u32)) -> Option<u32> {
    (s == 0).then_some(b)
}

/// `a >> k` of affine `a`, if affine.
#[inline]
fn shr(a: (u32, u32), k: u32, signed: bool) -> Option<(u32, u32)> {
    let sh = |x: u32| if signed { ((x as i32) >> k) as u32 } else { x >> k };
    if a.1 == 0 {
        return Some((sh(a.0), 0));
    }
    let (first, last) = ends(a, signed)?;
    if a.1.trailing_zeros() >= k {
        // Lane i: floor((first + i * step) / 2^k) = floor(first / 2^k) + i * step / 2^k.
        Some((sh(a.0), ((a.1 as i32) >> k) as u32))
    } else if first >> k == last >> k {
        Some((sh(a.0), 0))
    } else {
        None
    }
}

/// The lanes `l` (of 64) where `c + l * m > 0`.
#[inline]
fn above(c: i64, m: i64) -> u64 {
    let ones = |n: i64| if n >= 64 { u64::MAX } else { (1u64 << n.max(0)) - 1 };
    // (A step of 1, the work-item id's, needs no division.)
    let div = |x: i64, m: i64| if m == 1 { x } else { x / m };
    match m {
        0 => ones(64 * (c > 0) as i64),
        // From the first lane past -c / m on.
        1.. => !ones(if c > 0 { 0 } else { div(-c, m) + 1 }),
        // Up to the last lane below c / -m.
        _ => ones(if c <= 0 { 0 } else { div(c - 1, -m) + 1 }),
    }
}

/// The lanes where `a rel b` holds, where neither side's lanes wrap around (as integers of
/// their signedness): `a - b` is then `c + lane * m` exactly, and each relation the lanes
/// at one end (or both, for `Ne`).
#[inline]
pub(super) fn compare(rel: Rel, signed: bool, a: (u32, u32), b: (u32, u32)) -> Option<u64> {
    let (fa, _) = ends(a, signed)?;
    let (fb, _) = ends(b, signed)?;
    let (c, m) = (fa - fb, a.1 as i32 as i64 - b.1 as i32 as i64);
    let ge = || above(c + 1, m);
    let le = || above(1 - c, -m);
    Some(match rel {
        Rel::Gt => above(c, m),
        Rel::Lt => above(-c, -m),
        Rel::Ge => ge(),
        Rel::Le => le(),
        Rel::Eq => ge() & le(),
        Rel::Ne => !(ge() & le()),
    })
}

/// An affine word's result(s), or None where the lanes do not keep the form (the run loop
/// then runs the word). `cin`: the carry-in pair's value.
#[inline]
fn eval(kind: Kind, x: [(u32, u32); 3], cin: u64) -> Option<[(u32, u32); 2]> {
    let [a, b, c] = x;
    let add = |p: (u32, u32), q: (u32, u32)| (p.0.wrapping_add(q.0), p.1.wrapping_add(q.1));
    let shl = |p: (u32, u32), k: u32| (p.0 << k, p.1 << k);
    let r = match kind {
        Kind::Mov => a,
        Kind::Add => add(a, b),
        Kind::Sub => (a.0.wrapping_sub(b.0), a.1.wrapping_sub(b.1)),
        Kind::Add3 => add(add(a, b), c),
        Kind::Mul if a.1 == 0 => (a.0.wrapping_mul(b.0), a.0.wrapping_mul(b.1)),
        Kind::Mul if b.1 == 0 => (a.0.wrapping_mul(b.0), a.1.wrapping_mul(b.0)),
        Kind::Mul => return None,
        Kind::Shl => shl(a, uniform(b)? & 31),
        Kind::Shr { signed } => shr(a, uniform(b)? & 31, signed)?,
        Kind::ShlAdd => add(shl(a, uniform(b)? & 31), c),
        Kind::AddShl => shl(add(a, b), uniform(c)? & 31),
        Kind::AddCarry { .. } => {
            let c = match cin {
                0 => 0,
                u64::MAX => 1,
                _ => return None,
            };
            let (af, al) = ends(a, false)?;
            let (bf, bl) = ends(b, false)?;
            let top = 1i64 << 32;
            let (first, last) = (af + bf + c >= top, al + bl + c >= top);
            if first != last {
                return None;
            }
            let (s0, s1) = add(a, b);
            return Some([(s0.wrapping_add(c as u32), s1), (first as u32, 0)]);
        }
        Kind::Cmp { rel, signed } => {
            let bits = compare(rel, signed, a, b)?;
            return Some([(bits as u32, 0), ((bits >> 32) as u32, 0)]);
        }
        Kind::Shl64 => {
            // (a, b): the low and high dwords.
            let k = uniform(c)? & 63;
            return Some(match k {
                0 => [a, b],
                1..=31 => {
                    let out = uniform(shr(a, 32 - k, false)?)?;
                    [shl(a, k), ((b.0 << k) | out, b.1 << k)]
                }
                _ => [(0, 0), shl(a, k - 32)],
            });
        }
    };
    Some([r, (0, 0)])
}

impl Tier {
    /// Plans the tier for a run of `n` words: `seen(i)` is the run loop's plan of word i,
    /// whether a superinstruction starts there, and how to run that (the plan, or the pair's)
    /// as an [`Op::Plan`]. None when nothing of the run would be affine.
    pub(super) fn plan<'a>(n: usize, seen: impl Fn(usize) -> (Seen<'a>, bool, (Direct, usize))) -> Option<Tier> {
        let mut known = [Known::Row; 256];
        let mut ops = Vec::new();
        let mut i = 0;
        // Rows for the stale registers of `regs` (all of them before a plan of the run loop).
        let fill = |known: &mut [Known; 256], ops: &mut Vec<Op>, regs: std::ops::Range<usize>| {
            for r in regs {
                if known[r] == Known::Affine {
                    ops.push(Op::Fill(r as u8));
                    known[r] = Known::Both;
                }
            }
        };
        // Numbers for a register read by the tier.
        let detect = |known: &mut [Known; 256], ops: &mut Vec<Op>, r: u8, at: u32| {
            if known[r as usize] == Known::Row {
                ops.push(Op::Detect { r, at });
                known[r as usize] = Known::Both;
            }
        };
        while i < n {
            let at = i as u32;
            let (plan, pair, call) = seen(i);
            match plan {
                Seen::Stop => break,
                Seen::Vector(f) => {
                    if let Some(op) = Self::word(f, at) {
                        let Op::Word { kind, d, src, .. } = op else { unreachable!() };
                        for v in src {
                            if let Val::Slot(r) = v {
                                detect(&mut known, &mut ops, r, at);
                            }
                        }
                        ops.push(op);
                        if !matches!(kind, Kind::Cmp { .. }) {
                            known[d as usize] = Known::Affine;
                        }
                        if kind == Kind::Shl64 {
                            known[d as usize + 1] = Known::Affine;
                        }
                        i += 1;
                        continue;
                    }
                    if let Some(op) = Self::float(f, at).filter(|_| !pair) {
                        let Op::Float { d, src, .. } = op else { unreachable!() };
                        for v in src {
                            if let Val::Slot(r) = v {
                                fill(&mut known, &mut ops, r as usize..r as usize + 1);
                            }
                        }
                        ops.push(op);
                        known[d as usize] = Known::Row;
                        i += 1;
                        continue;
                    }
                    fill(&mut known, &mut ops, 0..256);
                    ops.push(Op::Plan { at, pair, call });
                    let words = if pair { 2 } else { 1 };
                    for j in i..i + words {
                        if let (Seen::Vector(f), ..) = seen(j) {
                            known[f.vgprs_written()].iter_mut().for_each(|k| *k = Known::Row);
                        }
                    }
                    i += words;
                }
                Seen::Global(g) => {
                    let (vaddr, wide, _, load, data, dwords) = g.span_operands();
                    let data = data as usize..data as usize + dwords as usize;
                    detect(&mut known, &mut ops, vaddr, at);
                    if wide {
                        detect(&mut known, &mut ops, vaddr + 1, at);
                    }
                    if !load {
                        fill(&mut known, &mut ops, data.clone());
                    }
                    ops.push(Op::Span {
                        g: *g,
                        lo: vaddr,
                        hi: wide.then_some(vaddr + 1),
                        at,
                    });
                    if load {
                        known[data].iter_mut().for_each(|k| *k = Known::Row);
                    }
                    i += 1;
                }
                Seen::Nop => i += 1,
                // (The last word of the run: the run loop's.)
                Seen::Branch(_) if i + 1 == n => break,
                Seen::Branch(cond) => {
                    ops.push(Op::Branch { cond, at });
                    i += 1;
                }
                Seen::Scalar => {
                    ops.push(Op::Plan { at, pair, call });
                    i += if pair { 2 } else { 1 };
                }
                Seen::Other => {
                    fill(&mut known, &mut ops, 0..256);
                    ops.push(Op::Plan { at, pair, call });
                    known = [Known::Row; 256];
                    i += if pair { 2 } else { 1 };
                }
            }
        }
        // What the run loop would do alike is left to it: the plans before the first
        // word the tier reads registers for, the rows and plans after its last word.
        let first = ops.iter().position(|o| !matches!(o, Op::Plan { .. }))?;
        let last = ops.iter().rposition(Op::own)?;
        let start = match ops[first] {
            Op::Detect { at, .. }
            | Op::Word { at, .. }
            | Op::Span { at, .. }
            | Op::Branch { at, .. }
            | Op::Float { at, .. } => at as usize,
            _ => return None,
        };
        let ops = ops[first..=last].to_vec();
        // A plan costs more called from the tier than in the run loop: a tier of more plans
        // than affine words and spans is slower than none (f64 division: 35 plans, 15 words
        // and spans: 0.44-0.46 s against 0.40 without one).
        let count = |f: fn(&Op) -> bool| ops.iter().filter(|o| f(o)).count();
        if count(|o| matches!(o, Op::Plan { .. })) > count(Op::own) {
            return None;
        }
        let end = match ops[ops.len() - 1] {
            Op::Word { at, .. } | Op::Span { at, .. } | Op::Float { at, .. } => at as usize + 1,
            _ => return None,
        };
        let mut t = Tier {
            start,
            end,
            scalar_head: (0..start).all(|i| matches!(seen(i).0, Seen::Scalar | Seen::Nop)),
            words: count(Op::row_op) as u64,
            ops,
            #[cfg(target_arch = "x86_64")]
            code: None,
        };
        // (The code points at the ops, in their place now.)
        #[cfg(target_arch = "x86_64")]
        {
            t.code = super::affine_x64::Code::new(&t.ops, start);
        }
        Some(t)
    }

    /// Its float rows (tests count them).
    #[cfg(test)]
    pub(super) fn floats(&self) -> usize {
        self.ops.iter().filter(|o| matches!(o, Op::Float { .. })).count()
    }

    /// The float op of plan `f`, if its row is one the tier runs.
    fn float(f: &super::fast::FastVop, at: u32) -> Option<Op> {
        let (sem, from, n, d) = f.float_parts()?;
        let (op, rev) = float_of(sem)?;
        let mut src = [Val::Value(0); 3];
        for (v, f) in src.iter_mut().zip(&from[..n]) {
            *v = match *f {
                From::Vgpr(r) => Val::Slot(r),
                From::Sreg(c) => Val::Sreg(c),
                From::Value(x) => Val::Value(x),
                _ => return None,
            };
        }
        if n != if op == FloatOp::Fma { 3 } else { 2 } {
            return None;
        }
        if rev {
            src.swap(0, 1);
        }
        Some(Op::Float { op, d, src, at })
    }

    /// The affine word of plan `f`, if its row is one.
    fn word(f: &super::fast::FastVop, at: u32) -> Option<Op> {
        let super::fast::IntegerParts { sem, src, vdst: d, wide, carry, mask } = f.integer_parts()?;
        let (kind, rev) = kind_of(sem)?;
        let mut v = [Val::Value(0); 3];
        let mut n = 0;
        for s in src {
            let (x, y) = match *s {
                From::Vgpr(r) => (Val::Slot(r), None),
                From::Sreg(c) => (Val::Sreg(c), None),
                From::Value(x) => (Val::Value(x), None),
                From::Vgpr64(r) if kind == Kind::Shl64 => (Val::Slot(r), Some(Val::Slot(r + 1))),
                _ => return None,
            };
            v[n] = x;
            n += 1;
            if let Some(y) = y {
                v[n] = y;
                n += 1;
            }
        }
        // The value first, the amount last, for the reversed shifts.
        match kind {
            Kind::Shl64 if rev => v.rotate_left(1),
            _ if rev => v.swap(0, 1),
            _ => {}
        }
        // The carry-in pair (only V_ADDC's) and the carry pair (only the carries').
        let cin = match (kind, mask) {
            (Kind::AddCarry { cin: true }, Some(m)) => m,
            (Kind::AddCarry { cin: true }, None) | (_, Some(_)) => return None,
            (_, None) => 0,
        };
        let carry = match (kind, carry) {
            (Kind::AddCarry { .. }, Some(c)) => c,
            // (A compare that writes EXEC (126) or beyond: the run loop's.)
            (Kind::Cmp { .. }, Some(c)) if c < 126 => c,
            (Kind::AddCarry { .. } | Kind::Cmp { .. }, _) | (_, Some(_)) => return None,
            (_, None) => 0,
        };
        if wide != (kind == Kind::Shl64) {
            return None;
        }
        Some(Op::Word { kind, d, src: v, carry, cin, at })
    }

    /// Runs the tier from word [`Tier::start`], the run loop's plans called with `env` (see
    /// [`Direct`]; it must be what the plans' functions expect); `floats`: the wave's MODE
    /// lets its float ops run (`Gate::ieee_f32`). Returns the word it left at and why, and
    /// the affine words run (each a vector instruction of 64 lanes). Every row is a row again
    /// afterwards.
    #[inline]
    pub(super) fn run(
        &self,
        w: &mut Wave,
        s: &mut Slots,
        mem: &Memory,
        hints: &mut [u32],
        env: *mut (),
        floats: bool,
    ) -> (usize, Exit, u64) {
        // (The machine code reaches each word's hint without a bounds check.)
        #[cfg(target_arch = "x86_64")]
        let (at, exit) = match self.code.as_ref().filter(|_| !interpret_only() && hints.len() >= self.end) {
            Some(code) => code.run(w, s, mem, hints, env, floats),
            None => self.interpret(w, s, mem, hints, env, floats),
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (at, exit) = self.interpret(w, s, mem, hints, env, floats);
        s.fill_all(w);
        (at, exit, self.words_before(at))
    }

    /// The affine words among the tier's ops for words before `at`: those it ran when it
    /// left at `at` (it runs its ops in order).
    #[inline]
    fn words_before(&self, at: usize) -> u64 {
        if at == self.end {
            return self.words;
        }
        self.ops
            .iter()
            .filter(|o| matches!(o, Op::Word { at: a, .. } | Op::Float { at: a, .. } if (*a as usize) < at))
            .count() as u64
    }

    /// [`Tier::run`] op by op (where there is no machine code); the place it left and why.
    fn interpret(&self, w: &mut Wave, s: &mut Slots, mem: &Memory, hints: &mut [u32], env: *mut (), floats: bool) -> (usize, Exit) {
        let mut spare = 0;
        // The run loop's place: after the last op, the word after it.
        let mut next = self.start;
        for op in &self.ops {
            let (ok, at) = match *op {
                Op::Plan { at, pair, call: (f, plan) } => {
                    let at = at as usize;
                    let hint = hints.get_mut(at).unwrap_or(&mut spare);
                    // SAFETY: `env` is what the plans' functions expect (the caller's word).
                    if !unsafe { f(env, w, plan, hint) } {
                        return (at, Exit::Stop);
                    }
                    next = at + 1 + pair as usize;
                    continue;
                }
                Op::Detect { r, at } => (detect(w, s, r), at),
                Op::Fill(r) => {
                    fill(w, s, r);
                    continue;
                }
                Op::Word { at, .. } => (word(w, s, op), at),
                Op::Span { at, .. } => (span(w, s, mem, hints.get_mut(at as usize).unwrap_or(&mut spare), op), at),
                Op::Float { at, .. } => (floats && float(w, s, op), at),
                Op::Branch { cond, at } => {
                    if w.taken(cond) {
                        return (at as usize, Exit::Jump);
                    }
                    next = at as usize + 1;
                    continue;
                }
            };
            if !ok {
                return (at as usize, Exit::Check);
            }
            next = at as usize + 1;
        }
        (next, Exit::Check)
    }
}

#[cfg(test)]
thread_local! {
    /// Set by tests to run the tier op by op on a machine that has its machine code.
    pub(super) static INTERPRET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Op by op even where there is machine code (tests, on their thread)?
#[inline(always)]
#[allow(dead_code)]
fn interpret_only() -> bool {
    #[cfg(test)]
    return INTERPRET.with(|i| i.get());
    #[cfg(not(test))]
    false
}

/// [`Op::Detect`]: VGPR `r`'s numbers from its row, if it is affine.
#[inline]
pub(super) fn detect(w: &Wave, s: &mut Slots, r: u8) -> bool {
    match affine_row(&w.v[r as usize]) {
        Some((b, st)) => {
            s.base[r as usize] = b;
            s.step[r as usize] = st;
            true
        }
        None => false,
    }
}

/// [`Op::Fill`]: VGPR `r`'s row from its numbers.
#[inline]
pub(super) fn fill(w: &mut Wave, s: &mut Slots, r: u8) {
    let r = r as usize;
    s.stale[r / 64] &= !(1 << (r % 64));
    fill_affine(&mut w.v[r], s.base[r], s.step[r]);
}

/// [`Op::Word`] (`false`: a check failed, nothing written).
#[inline]
pub(super) fn word(w: &mut Wave, s: &mut Slots, op: &Op) -> bool {
    let Op::Word { kind, d, src, carry, cin, .. } = *op else { return false };
    let x = [s.get(w, src[0]), s.get(w, src[1]), s.get(w, src[2])];
    let cin = if matches!(kind, Kind::AddCarry { cin: true }) { w.pair(cin as usize) } else { 0 };
    let r = match eval(kind, x, cin) {
        Some(r) if w.exec() == u64::MAX => r,
        _ => return false,
    };
    match kind {
        Kind::Cmp { .. } => w.set_pair(carry as usize, r[0].0 as u64 | (r[1].0 as u64) << 32),
        Kind::Shl64 => {
            s.set(d as usize, r[0]);
            s.set(d as usize + 1, r[1]);
        }
        Kind::AddCarry { .. } => {
            s.set(d as usize, r[0]);
            w.set_pair(carry as usize, 0u64.wrapping_sub(r[1].0 as u64));
        }
        _ => s.set(d as usize, r[0]),
    }
    true
}

/// [`Op::Float`] under a MODE that lets it run (`false`: EXEC not full, or a lane's result
/// a NaN: nothing written).
pub(super) fn float(w: &mut Wave, s: &mut Slots, op: &Op) -> bool {
    let Op::Float { op: f, d, src, .. } = *op else { return false };
    if w.exec() != u64::MAX {
        return false;
    }
    let get = |v: Val, i: usize| {
        f32::from_bits(match v {
            Val::Slot(r) => w.v[r as usize][i],
            Val::Sreg(c) => w.s[c as usize & 127],
            Val::Value(x) => x,
        })
    };
    let mut out = [0u32; 64];
    for (i, o) in out.iter_mut().enumerate() {
        let (a, b, c) = (get(src[0], i), get(src[1], i), get(src[2], i));
        let r = match f {
            FloatOp::Fma => a.mul_add(b, c),
            FloatOp::Mul => a * b,
            FloatOp::Add => a + b,
            FloatOp::Sub => a - b,
        };
        if r.is_nan() {
            return false;
        }
        *o = r.to_bits();
    }
    let d = d as usize;
    *w.v[d] = out;
    // (Its row now, not its numbers.)
    s.stale[d / 64] &= !(1 << (d % 64));
    true
}

/// [`Op::Span`] (`false`: not a span the coalesced path runs, nothing done).
#[inline]
pub(super) fn span(w: &mut Wave, s: &mut Slots, mem: &Memory, hint: &mut u32, op: &Op) -> bool {
    let Op::Span { g, lo, hi, .. } = *op else { return false };
    let (_, _, stride, load, data, dwords) = g.span_operands();
    let a = s.get(w, Val::Slot(lo));
    let h = hi.map_or((0, 0), |h| s.get(w, Val::Slot(h)));
    let start = (w.exec() == u64::MAX && a.1 == stride && h.1 == 0 && a.0.checked_add(63 * stride).is_some())
        .then(|| g.span_start(w, a.0, h.0))
        .flatten();
    if !start.is_some_and(|start| g.span(w, mem, start, None, hint)) {
        return false;
    }
    if load {
        // (Loaded rows are rows, not numbers.)
        for r in data as usize..data as usize + dwords as usize {
            s.stale[r / 64] &= !(1 << (r % 64));
        }
    }
    true
}
