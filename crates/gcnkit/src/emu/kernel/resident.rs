//! A resident grid (a cooperative launch: HIP's `hipLaunchCooperativeKernel`): every
//! work-group of the grid starts up front, with its own LDS, scratch slot and waves, so that
//! work-groups can wait for each other. The groups are dealt out to the worker threads (group
//! `g` to worker `g % threads`); each worker takes its waves in turn, a wave running until it
//! executes `s_sleep`, waits at `s_barrier` or at a global wave sync barrier, ends, or has run
//! a time slice ([`SLICE`] instructions: a wave spinning on a global atomic without `s_sleep`
//! cannot starve the others; its instruction budget still bounds it).
//!
//! Global wave sync (GWS) is what the device library's `grid.sync()` compiles to on GCN
//! (`ds_gws_barrier`, one wave per work-group, the count of work-groups less one as its
//! value): a barrier resource (`M0[21:16]` + the offset) releases its waves when as many have
//! arrived as the value of the barrier's first active lane plus one. `ds_gws_init` starts a
//! resource afresh (ROCm runs one before each cooperative dispatch; every launch here starts
//! with fresh resources). A grid in which no wave can go on (each one waits at a GWS or
//! `s_barrier` that can never release) stops with an error naming what they wait for.

use super::{group_id, user_sgprs, Shared, State, Stats, Worker};
use crate::emu::memory::Memory;
use crate::emu::monitor::Watch;
use crate::emu::wave::{Wave, M0};
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::Gws;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Instructions a wave runs before the next one of its worker gets a turn (checked between
/// runs of planned instructions: a run that starts before the slice ends finishes).
pub(super) const SLICE: u64 = 4096;

/// A global wave sync instruction a wave executed: the scheduler carries it out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct GwsOp {
    barrier: bool,
    resource: u32,
    /// The first active lane's value (the barrier's waves less one).
    value: u32,
}

impl GwsOp {
    /// The GWS operation `g` (instruction `i`) as wave `w` executes it.
    pub(super) fn of(i: &Instr, g: Gws, w: &Wave) -> Result<GwsOp, String> {
        let name = i.def().map_or("?", |d| d.name[i.arch.index()]);
        let barrier = g == Gws::Barrier;
        let exec = w.exec();
        if exec == 0 {
            return Err(format!("{name} with no active lane (EXEC is 0): it has no value"));
        }
        let lane = exec.trailing_zeros() as usize;
        Ok(GwsOp {
            barrier,
            resource: (w.s[M0] >> 16 & 0x3f) + (i.get(F::Offset0) & 0x3f),
            value: w.v[i.get(F::Vaddr) as usize][lane],
        })
    }
}

/// A grid's place in a cooperative launch on several devices (ROCm's multi-grid sync info).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MultiGrid {
    /// The multi-grid sync words every grid's work-group 0 updates (memory every device
    /// reaches).
    pub sync: u64,
    /// This grid's rank and the number of grids.
    pub grid: u32,
    pub grids: u32,
    /// Work-items of the grids before this one, and of all.
    pub prev_sum: u64,
    pub all_sum: u64,
}

/// The hidden `multigrid_sync_arg` of a resident grid: ROCm's sync info (the device library's
/// `struct mg_info`: the multi-grid sync words' address, the grid's rank, the number of grids,
/// the work-items before it and in all (a single grid: null, 0 of 0 grids, 0, 0), the
/// single-grid sync words 0, the work-group count), placed in `mem`; returns its address.
pub(super) fn sync_info(mem: &mut Memory, groups: u64, multi: Option<MultiGrid>) -> u64 {
    let m = multi.unwrap_or_default();
    let mut info = [0u8; 48];
    info[0..8].copy_from_slice(&m.sync.to_le_bytes());
    info[8..12].copy_from_slice(&m.grid.to_le_bytes());
    info[12..16].copy_from_slice(&m.grids.to_le_bytes());
    info[16..24].copy_from_slice(&m.prev_sum.to_le_bytes());
    info[24..32].copy_from_slice(&m.all_sum.to_le_bytes());
    info[40..44].copy_from_slice(&(groups as u32).to_le_bytes());
    mem.add("multigrid sync info", 48, &info)
}

/// One GWS resource.
#[derive(Default)]
struct Resource {
    arrived: u32,
    /// Releases so far: a wave waits until this moves on from what it was when it arrived.
    releases: u64,
}

/// What the workers share under one lock.
#[derive(Default)]
struct Sync {
    resources: HashMap<u32, Resource>,
    /// Workers that found none of their waves able to go on since the last release.
    stuck: Vec<bool>,
    /// Workers whose work-groups have all ended.
    finished: Vec<bool>,
    /// Each stuck worker's waves at a GWS barrier and at `s_barrier`.
    waiting: Vec<(usize, usize)>,
    /// The first error (by work-group).
    error: Option<(usize, String)>,
}

struct Coop<'a> {
    sync: Mutex<Sync>,
    /// Told of each grid barrier's release (`--check`: accesses on either side are ordered).
    monitor: Option<&'a dyn crate::emu::monitor::Monitor>,
    /// Told of each release, error and worker that finished.
    changed: Condvar,
    stop: AtomicBool,
    groups_done: AtomicUsize,
}

impl Coop<'_> {
    fn lock(&self) -> MutexGuard<'_, Sync> {
        self.sync.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn fail(&self, group: usize, e: String) {
        let mut s = self.lock();
        if s.error.as_ref().is_none_or(|(g, _)| group < *g) {
            s.error = Some((group, e));
        }
        self.stop.store(true, Ordering::Relaxed);
        self.changed.notify_all();
    }

    /// Carries out `op`: the wave's state after it.
    fn gws(&self, op: GwsOp) -> State {
        let mut s = self.lock();
        let r = s.resources.entry(op.resource).or_default();
        if !op.barrier {
            r.arrived = 0;
            return State::Run;
        }
        r.arrived += 1;
        if r.arrived as u64 > op.value as u64 {
            r.arrived = 0;
            r.releases += 1;
            s.stuck.iter_mut().for_each(|x| *x = false);
            if let Some(m) = self.monitor {
                m.grid_synced();
            }
            self.changed.notify_all();
            State::Run
        } else {
            State::GwsWait(op.resource, r.releases)
        }
    }

    fn released(s: &Sync, resource: u32, releases: u64) -> bool {
        s.resources.get(&resource).is_some_and(|r| r.releases != releases)
    }
}

/// A resident work-group: what a worker swaps in to run its waves.
struct Group<'a> {
    index: usize,
    id: [u32; 3],
    waves: Vec<super::WaveSlot>,
    lds: Vec<u8>,
    lds_defined: Vec<u64>,
    watch: Option<Box<dyn Watch + 'a>>,
    done: bool,
}

impl<'a> Group<'a> {
    /// Work-group `g` in its initial state.
    fn start(w: &mut Worker<'a>, g: usize) -> Group<'a> {
        let sh = w.sh;
        let mut grp = Group {
            index: g,
            id: group_id(g, sh.groups),
            waves: Vec::new(),
            lds: vec![0; sh.lay.lds_size as usize],
            lds_defined: vec![0; w.lds_defined.len()],
            watch: sh.monitor.map(|m| m.worker()),
            done: false,
        };
        w.sgprs = user_sgprs(sh, g);
        grp.swap(w);
        w.start_group(grp.id);
        grp.swap(w);
        grp
    }

    /// Swaps this group's state with the worker's (twice: back as it was).
    fn swap(&mut self, w: &mut Worker<'a>) {
        std::mem::swap(&mut self.waves, &mut w.waves);
        std::mem::swap(&mut self.lds, &mut w.lds);
        std::mem::swap(&mut self.lds_defined, &mut w.lds_defined);
        std::mem::swap(&mut self.watch, &mut w.watch);
        w.slot = self.index;
    }

    /// Runs each wave of the (swapped in) group that can go on, once; whether any could.
    fn turn(&self, w: &mut Worker<'a>, coop: &Coop) -> Result<bool, String> {
        let mut ran = false;
        for wi in 0..w.waves.len() {
            match w.waves[wi].state {
                State::Run => {
                    w.yield_at = w.waves[wi].instructions.saturating_add(SLICE);
                    let r = w.run_wave(wi, self.id);
                    w.flush_trace(wi);
                    r?;
                    ran = true;
                    if let State::Gws(op) = w.waves[wi].state {
                        w.waves[wi].state = coop.gws(op);
                    }
                }
                State::GwsWait(res, n) if Coop::released(&coop.lock(), res, n) => {
                    w.waves[wi].state = State::Run;
                    ran = true;
                }
                _ => {}
            }
        }
        // `s_barrier` releases when every wave that has not ended waits at it.
        let waves = &mut w.waves;
        if waves.iter().any(|x| x.state == State::Barrier)
            && waves.iter().all(|x| matches!(x.state, State::Barrier | State::Done))
        {
            waves
                .iter_mut()
                .filter(|x| x.state == State::Barrier)
                .for_each(|x| x.state = State::Run);
            ran = true;
        }
        Ok(ran)
    }
}

/// Runs every work-group of a laid-out dispatch at once (`total` of them).
pub(super) fn run(sh: &Shared, total: usize) -> Result<Stats, String> {
    let threads = sh.l.threads.max(1).min(total.max(1));
    let coop = Coop {
        sync: Mutex::new(Sync {
            stuck: vec![false; threads],
            finished: vec![false; threads],
            waiting: vec![(0, 0); threads],
            ..Sync::default()
        }),
        changed: Condvar::new(),
        monitor: sh.monitor,
        stop: AtomicBool::new(false),
        groups_done: AtomicUsize::new(0),
    };
    let start = Instant::now();
    let per_thread: Vec<Stats> = if threads == 1 {
        vec![work(sh, &coop, 0, threads, total, start)]
    } else {
        std::thread::scope(|s| {
            let coop = &coop;
            let handles: Vec<_> = (0..threads)
                .map(|t| s.spawn(move || work(sh, coop, t, threads, total, start)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        })
    };
    let mut stats = Stats::default();
    for s in &per_thread {
        stats.add(s);
    }
    match coop.sync.into_inner().unwrap_or_else(|e| e.into_inner()).error {
        Some((_, e)) => Err(e),
        None => Ok(stats),
    }
}

/// Worker `t`'s share of the grid (groups `t`, `t + threads`...), to the end.
fn work(sh: &Shared, coop: &Coop, t: usize, threads: usize, total: usize, start: Instant) -> Stats {
    let mut w = Worker::new(sh, t);
    // Each group has its own watch (the worker's own would see groups interleaved).
    w.watch = None;
    let mut groups: Vec<Group> = (t..total).step_by(threads).map(|g| Group::start(&mut w, g)).collect();
    let mut live = groups.len();
    let mut due = Duration::from_secs(1);
    let mut reported = false;
    while live > 0 && !coop.stop.load(Ordering::Relaxed) {
        if sh.abort.is_some_and(|a| a.load(Ordering::Relaxed)) {
            coop.fail(
                usize::MAX,
                format!(
                    "kernel {}: stopped: another grid of the same cooperative launch failed",
                    sh.k.name
                ),
            );
            break;
        }
        let mut ran = false;
        for grp in groups.iter_mut().filter(|g| !g.done) {
            grp.swap(&mut w);
            let r = grp.turn(&mut w, coop);
            let ended = w.waves.iter().all(|x| x.state == State::Done);
            grp.swap(&mut w);
            match r {
                Ok(x) => ran |= x,
                Err(e) => {
                    coop.fail(grp.index, e);
                    break;
                }
            }
            if ended {
                // Its memory goes, and its watch reports.
                grp.waves = Vec::new();
                grp.lds = Vec::new();
                grp.lds_defined = Vec::new();
                grp.watch = None;
                grp.done = true;
                live -= 1;
                coop.groups_done.fetch_add(1, Ordering::Relaxed);
            }
        }
        if let Some(p) = sh.l.progress.filter(|_| t == 0) {
            let e = start.elapsed();
            if e >= due {
                p(coop.groups_done.load(Ordering::Relaxed), total, e);
                reported = true;
                due = e + Duration::from_millis(250);
            }
        }
        if !ran && live > 0 {
            wait_for_release(sh, coop, t, &groups);
        }
    }
    {
        let mut s = coop.lock();
        s.finished[t] = true;
        coop.changed.notify_all();
    }
    if reported {
        if let Some(p) = sh.l.progress {
            p(coop.groups_done.load(Ordering::Relaxed), total, start.elapsed());
        }
    }
    w.finish()
}

/// None of worker `t`'s waves can go on: it waits for a release elsewhere, or, when every
/// worker is in the same place, stops the grid with an error.
fn wait_for_release(sh: &Shared, coop: &Coop, t: usize, groups: &[Group]) {
    let (mut at_gws, mut at_barrier) = (0, 0);
    let mut waits = Vec::new();
    for grp in groups.iter().filter(|g| !g.done) {
        for x in &grp.waves {
            match x.state {
                State::GwsWait(r, n) => {
                    at_gws += 1;
                    waits.push((r, n));
                }
                State::Barrier => at_barrier += 1,
                _ => {}
            }
        }
    }
    let mut s = coop.lock();
    if waits.iter().any(|&(r, n)| Coop::released(&s, r, n)) || coop.stop.load(Ordering::Relaxed) {
        return;
    }
    s.stuck[t] = true;
    s.waiting[t] = (at_gws, at_barrier);
    if (0..s.stuck.len()).all(|k| s.stuck[k] || s.finished[k]) {
        let (gws, bar) = s
            .waiting
            .iter()
            .zip(&s.stuck)
            .filter(|(_, st)| **st)
            .fold((0, 0), |a, (x, _)| (a.0 + x.0, a.1 + x.1));
        let mut res: Vec<String> = s
            .resources
            .iter()
            .filter(|(_, r)| r.arrived > 0)
            .map(|(k, r)| format!("resource {k}: {} arrived", r.arrived))
            .collect();
        res.sort();
        let e = format!(
            "kernel {}: the grid cannot go on: {gws} wave(s) wait at ds_gws_barrier ({}) and {bar} at s_barrier, \
             and no other wave is left to arrive (a grid barrier counting more work-groups than the grid has, or \
             one not every work-group reaches)",
            sh.k.name,
            if res.is_empty() {
                "none arrived".to_string()
            } else {
                res.join(", ")
            }
        );
        drop(s);
        coop.fail(usize::MAX, e);
        return;
    }
    let _ = coop.changed.wait_timeout(s, Duration::from_millis(20));
}
