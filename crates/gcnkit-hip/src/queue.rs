//! Streams and events as HIP orders them: every operation given a stream (a kernel launch, an
//! `...Async` copy or set, an event record, a callback) is put on one work queue and the call
//! returns; one runtime thread, the executor, runs the queue in the order operations were
//! given. That order is a valid HIP schedule: each stream's operations run in their order, the
//! legacy null stream's after every stream's earlier work and before their later work, and a
//! `hipStreamWaitEvent` is met because the event's record was given earlier. Streams never
//! overlap each other (HIP allows but does not promise it); the host overlaps the device.
//!
//! One executor also means one launch at a time, each with every worker thread
//! (`GCNKIT_THREADS`): concurrent streams do not oversubscribe the cores.
//!
//! Locks: this module's lock is taken last and never held while waiting for the runtime's
//! lock; the executor runs an operation without it. A host thread must not wait here while it
//! holds the runtime's lock ([`wait_for`] is only called from entry points outside it).

use crate::errors::*;
use gcnkit_check::streams::Order;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// An operation of a stream: run on the executor thread; its error is the launch failure the
/// next synchronisation reports.
pub type Work = Box<dyn FnOnce() -> Result<(), HipError> + Send>;

/// `hipStreamNonBlocking`: the stream does not synchronise with the null stream.
pub const STREAM_NON_BLOCKING: u32 = 1;

/// `hipEventDisableTiming`: the event keeps no time (`hipEventElapsedTime` refuses it).
pub const EVENT_DISABLE_TIMING: u32 = 2;

/// A created stream.
#[derive(Clone, Copy, Debug)]
pub struct Stream {
    pub flags: u32,
    pub priority: i32,
    /// The device the stream was created on (its operations run there).
    pub device: usize,
    /// The sequence number of its last operation (0: none yet).
    last: u64,
}

/// A created event.
#[derive(Clone, Debug, Default)]
struct Event {
    flags: u32,
    /// The operation of its last record, if it was ever recorded.
    recorded: Option<u64>,
    /// When the executor reached that record.
    time: Option<Instant>,
    /// What a stream waiting for it is ordered after (its stream's clock at the record).
    clock: Clock,
}

struct Op {
    seq: u64,
    work: Work,
    /// Its place in HIP's order (`--check` compares launches no order separates).
    order: Order,
}

/// A vector clock: for each stream (0: the null stream), its operations up to this number.
type Clock = BTreeMap<usize, u64>;

fn join(a: &mut Clock, b: &Clock) {
    for (&k, &v) in b {
        let e = a.entry(k).or_insert(0);
        *e = (*e).max(v);
    }
}

#[derive(Default)]
struct State {
    queue: VecDeque<Op>,
    /// The last sequence number given.
    given: u64,
    /// Every operation up to this one is done (the executor runs them in order).
    done: u64,
    streams: HashMap<usize, Stream>,
    events: HashMap<usize, Event>,
    /// A failure of an operation not yet reported by a synchronisation.
    sticky: Option<HipError>,
    /// The operations host threads are waiting for (one entry per waiting thread).
    targets: Vec<u64>,
    started: bool,
    next_handle: usize,
    /// Each stream's clock: what its next operation is ordered after.
    clocks: HashMap<usize, Clock>,
    /// What the host has waited for (every operation given later is ordered after it).
    host: Clock,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);
/// Work was given (the executor waits on it).
static WORK: Condvar = Condvar::new();
/// A waited-for operation is done (host threads in [`wait_for`] wait on it; the executor
/// wakes them only then, not after every operation).
static DONE: Condvar = Condvar::new();

/// `hipStreamPerThread`: the calling thread's own default stream.
pub const PER_THREAD: usize = 2;

thread_local! {
    /// Is this thread the executor? (A callback that synchronises would wait for itself.)
    static EXECUTOR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The handle of this thread's `hipStreamPerThread` stream (0 until first used).
    static OWN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// The order of the operation the executor is running.
    static CURRENT: std::cell::RefCell<Option<Order>> = const { std::cell::RefCell::new(None) };
}

/// The place in HIP's order of the operation running on this thread (the executor's), if any.
pub fn current_order() -> Option<Order> {
    CURRENT.with(|c| c.borrow().clone())
}

/// The stream a handle names: `hipStreamPerThread` is the calling thread's own stream (a
/// blocking stream made on first use, as HIP's per-thread default stream), others themselves.
pub fn resolve(h: usize) -> usize {
    if h != PER_THREAD {
        return h;
    }
    OWN.try_with(|own| {
        if own.get() == 0 {
            own.set(create_stream(0, 0, crate::runtime::current()));
        }
        own.get()
    })
    .unwrap_or(h)
}

fn state() -> MutexGuard<'static, Option<State>> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

fn with<R>(f: impl FnOnce(&mut State) -> R) -> R {
    let mut g = state();
    f(g.get_or_insert_with(State::default))
}

/// A new opaque handle (never dereferenced: it is looked up).
fn handle(s: &mut State, base: usize) -> usize {
    s.next_handle += 1;
    base + s.next_handle * 64
}

/// Creates a stream on `device`.
pub fn create_stream(flags: u32, priority: i32, device: usize) -> usize {
    with(|s| {
        let h = handle(s, 0x5eed_0000_0000);
        s.streams.insert(
            h,
            Stream {
                flags,
                priority,
                device,
                last: 0,
            },
        );
        h
    })
}

/// The stream `h` (0 is the null stream: `None`), or `hipErrorInvalidHandle`.
pub fn stream(h: usize) -> Result<Option<Stream>, HipError> {
    let h = resolve(h);
    if h == 0 {
        return Ok(None);
    }
    with(|s| s.streams.get(&h).copied().map(Some).ok_or(hipErrorInvalidHandle))
}

/// The operation a synchronisation of stream `h` waits for: its last one; for the null
/// stream, the last of every stream (HIP 5.2's header: a synchronisation of the null stream
/// "will cause the command to wait for other streams on the same device"); for a blocking
/// stream, also the null stream's last (ROCm 5.2 makes a blocking stream wait for the null
/// stream whenever a call names it: `hip::getQueue`, `iHipWaitActiveStreams`).
fn horizon(s: &State, h: usize) -> Result<u64, HipError> {
    if h == 0 {
        return Ok(s.given);
    }
    let t = s.streams.get(&h).ok_or(hipErrorInvalidHandle)?;
    let null = if t.flags & STREAM_NON_BLOCKING == 0 {
        s.clocks.get(&0).and_then(|c| c.get(&0)).copied().unwrap_or(0)
    } else {
        0
    };
    Ok(t.last.max(null))
}

/// Puts `work` on stream `h`'s queue; returns its sequence number.
pub fn submit(h: usize, work: Work) -> Result<u64, HipError> {
    let h = resolve(h);
    let seq = with(|s| enqueue(s, h, work))?;
    WORK.notify_one();
    Ok(seq)
}

/// [`submit`] under the lock (the caller notifies).
fn enqueue(s: &mut State, h: usize, work: Work) -> Result<u64, HipError> {
    horizon(s, h)?;
    if !s.started {
        std::thread::Builder::new()
            .name("gcnkit-hip executor".into())
            .spawn(executor)
            .map_err(|e| {
                eprintln!("gcnkit-hip: cannot start the executor thread: {e}");
                hipErrorOutOfMemory
            })?;
        s.started = true;
    }
    s.given += 1;
    let seq = s.given;
    if let Some(t) = s.streams.get_mut(&h) {
        t.last = seq;
    }
    // Ordered after its stream's work, what the host waited for, and as the null stream
    // orders blocking streams: after every blocking stream's work (the null stream), after
    // the null stream's (a blocking stream).
    let mut clock = s.clocks.get(&h).cloned().unwrap_or_default();
    join(&mut clock, &s.host);
    let blocking = |s: &State, t: usize| s.streams.get(&t).is_some_and(|x| x.flags & STREAM_NON_BLOCKING == 0);
    if h == 0 {
        for (&t, c) in s.clocks.iter().filter(|(&t, _)| t != 0 && blocking(s, t)) {
            let _ = t;
            join(&mut clock, c);
        }
    } else if blocking(s, h) {
        if let Some(c) = s.clocks.get(&0) {
            join(&mut clock, c);
        }
    }
    clock.insert(h, seq);
    s.clocks.insert(h, clock.clone());
    let order = Order {
        stream: h,
        clock,
        host: s.host.clone(),
    };
    s.queue.push_back(Op { seq, work, order });
    Ok(seq)
}

/// The executor: runs the queue in order, forever (the process ends it).
fn executor() {
    EXECUTOR.with(|e| e.set(true));
    loop {
        let op = {
            let mut g = state();
            loop {
                if let Some(op) = g.as_mut().and_then(|s| s.queue.pop_front()) {
                    break op;
                }
                g = WORK.wait(g).unwrap_or_else(|e| e.into_inner());
            }
        };
        CURRENT.with(|c| *c.borrow_mut() = Some(op.order));
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(op.work)).unwrap_or(Err(hipErrorUnknown));
        CURRENT.with(|c| *c.borrow_mut() = None);
        let wake = with(|s| {
            s.done = op.seq;
            if let Err(e) = r {
                s.sticky.get_or_insert(e);
            }
            s.targets.iter().any(|&t| t <= s.done)
        });
        if wake {
            DONE.notify_all();
        }
    }
}

/// Waits until operation `seq` is done. On the executor thread (a callback calling a
/// synchronising function) it does not wait: that would wait for itself.
pub fn wait_for(seq: u64) {
    if EXECUTOR.with(|e| e.get()) {
        eprintln!("gcnkit-hip: a stream callback synchronised: it cannot wait for its own stream");
        return;
    }
    let mut g = state();
    let s = g.get_or_insert_with(State::default);
    if s.done >= seq {
        return;
    }
    // Registered under the lock the executor checks, so its wake-up cannot be missed.
    s.targets.push(seq);
    while g.as_ref().is_some_and(|s| s.done < seq) {
        g = DONE.wait(g).unwrap_or_else(|e| e.into_inner());
    }
    if let Some(s) = g.as_mut() {
        if let Some(k) = s.targets.iter().position(|&t| t == seq) {
            s.targets.swap_remove(k);
        }
    }
}

/// Waits for everything given so far (what `hipDeviceSynchronize` and the implicit
/// synchronisation of `hipMemcpy`, `hipFree`... wait for).
pub fn drain() {
    let seq = with(|s| {
        let all: Vec<Clock> = s.clocks.values().cloned().collect();
        all.iter().for_each(|c| join(&mut s.host, c));
        s.given
    });
    wait_for(seq);
}

/// Waits for stream `h` as `hipStreamSynchronize` does.
pub fn wait_stream(h: usize) -> Result<(), HipError> {
    let h = resolve(h);
    let seq = with(|s| {
        let seq = horizon(s, h)?;
        // The null stream's synchronisation waits for every stream (see `horizon`).
        let waited: Vec<Clock> = if h == 0 {
            s.clocks.values().cloned().collect()
        } else {
            s.clocks.get(&h).cloned().into_iter().collect()
        };
        waited.iter().for_each(|c| join(&mut s.host, c));
        Ok::<u64, HipError>(seq)
    })?;
    wait_for(seq);
    Ok(())
}

/// `hipSuccess` when stream `h` has nothing left to run, else `hipErrorNotReady`.
pub fn query_stream(h: usize) -> Result<(), HipError> {
    let h = resolve(h);
    with(|s| {
        let seq = horizon(s, h)?;
        if s.done >= seq {
            Ok(())
        } else {
            Err(hipErrorNotReady)
        }
    })
}

/// The failure not yet reported, taken (a synchronisation reports it once).
pub fn take_sticky() -> Option<HipError> {
    with(|s| s.sticky.take())
}

/// The failure not yet reported, left in place (a callback's status).
pub fn peek_sticky() -> Option<HipError> {
    with(|s| s.sticky)
}

/// Destroys stream `h` once its work is done.
pub fn destroy_stream(h: usize) -> Result<(), HipError> {
    if h == 0 || h == PER_THREAD {
        return Err(hipErrorInvalidHandle);
    }
    wait_stream(h)?;
    with(|s| s.streams.remove(&h).map(|_| ()).ok_or(hipErrorInvalidHandle))
}

pub fn create_event(flags: u32) -> usize {
    with(|s| {
        let h = handle(s, 0xe7e0_0000_0000);
        s.events.insert(
            h,
            Event {
                flags,
                ..Event::default()
            },
        );
        h
    })
}

pub fn destroy_event(h: usize) -> Result<(), HipError> {
    with(|s| s.events.remove(&h).map(|_| ()).ok_or(hipErrorInvalidHandle))
}

/// Records event `e` on stream `h`: the time is taken when the executor reaches the record
/// (a later record of the same event replaces this one).
pub fn record(e: usize, h: usize) -> Result<(), HipError> {
    let h = resolve(h);
    with(|s| {
        if !s.events.contains_key(&e) {
            return Err(hipErrorInvalidHandle);
        }
        let seq = s.given + 1;
        let work: Work = Box::new(move || {
            let now = Instant::now();
            with(|s| {
                if let Some(ev) = s.events.get_mut(&e).filter(|ev| ev.recorded == Some(seq)) {
                    ev.time = Some(now);
                }
            });
            Ok(())
        });
        enqueue(s, h, work)?;
        let clock = s.clocks.get(&h).cloned().unwrap_or_default();
        if let Some(ev) = s.events.get_mut(&e) {
            ev.recorded = Some(seq);
            ev.time = None;
            ev.clock = clock;
        }
        Ok(())
    })?;
    WORK.notify_one();
    Ok(())
}

/// The operation of event `e`'s last record (`None`: never recorded).
fn event_seq(e: usize) -> Result<Option<u64>, HipError> {
    with(|s| s.events.get(&e).map(|ev| ev.recorded).ok_or(hipErrorInvalidHandle))
}

/// Waits for event `e`'s last record (at once when it was never recorded, as HIP).
pub fn wait_event(e: usize) -> Result<(), HipError> {
    if let Some(seq) = event_seq(e)? {
        with(|s| {
            if let Some(c) = s.events.get(&e).map(|ev| ev.clock.clone()) {
                join(&mut s.host, &c);
            }
        });
        wait_for(seq);
    }
    Ok(())
}

/// `hipSuccess` when event `e`'s record has been reached (or it was never recorded), else
/// `hipErrorNotReady`.
pub fn query_event(e: usize) -> Result<(), HipError> {
    with(|s| {
        let ev = s.events.get(&e).ok_or(hipErrorInvalidHandle)?;
        match ev.recorded {
            Some(seq) if s.done < seq => Err(hipErrorNotReady),
            _ => Ok(()),
        }
    })
}

/// Makes stream `h` wait for event `e`'s last record. The queue runs operations in the order
/// they were given and the record was given before this call, so the wait is met by
/// construction; the handles are checked as HIP checks them.
pub fn stream_wait_event(h: usize, e: usize) -> Result<(), HipError> {
    stream(h)?;
    event_seq(e)?;
    let h = resolve(h);
    with(|s| {
        if let Some(c) = s.events.get(&e).map(|ev| ev.clock.clone()) {
            join(s.clocks.entry(h).or_default(), &c);
        }
    });
    Ok(())
}

/// Milliseconds from event `a`'s record to event `b`'s: `hipErrorNotReady` while either is
/// not reached, `hipErrorInvalidHandle` for an event never recorded or created with
/// `hipEventDisableTiming` (as HIP).
pub fn elapsed_ms(a: usize, b: usize) -> Result<f32, HipError> {
    with(|s| {
        let get = |e: usize| s.events.get(&e).cloned().ok_or(hipErrorInvalidHandle);
        let (ea, eb) = (get(a)?, get(b)?);
        if (ea.flags | eb.flags) & EVENT_DISABLE_TIMING != 0 {
            return Err(hipErrorInvalidHandle);
        }
        let (Some(sa), Some(sb)) = (ea.recorded, eb.recorded) else {
            return Err(hipErrorInvalidHandle);
        };
        if s.done < sa.max(sb) {
            return Err(hipErrorNotReady);
        }
        match (ea.time, eb.time) {
            (Some(ta), Some(tb)) => Ok(match tb.checked_duration_since(ta) {
                Some(d) => d.as_secs_f32() * 1000.0,
                None => -(ta.duration_since(tb).as_secs_f32() * 1000.0),
            }),
            _ => Err(hipErrorNotReady),
        }
    })
}
