//! Graphs (`hipGraph_t`) and stream capture, beside the work queue ([`crate::queue`]).
//!
//! A graph is nodes with dependencies; a node's work is a re-runnable [`Job`] (a kernel with
//! its arguments copied when the node was made, a copy, a set, a host function), or a child
//! graph, an event record or wait, or nothing. An executable graph is a private clone of its
//! graph (as ROCm's `hipGraphExec` is), so later changes to the graph do not reach it. A launch
//! puts each node on the stream, one queue operation per node, in a topological order (the
//! queue runs a stream's operations in order, so every dependency is met).
//!
//! Capture: every operation given to a capturing stream goes through [`submit`], which adds
//! a node depending on the stream's last captured nodes instead of queueing it. An event
//! recorded on a capturing stream remembers those nodes; a stream that waits for it joins the
//! capture (HIP's cross-stream capture).
//!
//! Handles given to the program are opaque numbers, looked up here, never dereferenced.

use crate::errors::*;
use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

/// A node's work: run on the executor thread each time the graph is launched.
pub type Job = Arc<dyn Fn() -> Result<(), HipError> + Send + Sync>;

/// What a node's parameters are, kept for the program's getters (its API's own struct).
pub type Params = Arc<dyn Any + Send + Sync>;

/// HIP 5.2's `hipGraphNodeType` values.
pub mod kind {
    pub const KERNEL: i32 = 1;
    pub const MEMCPY: i32 = 2;
    pub const MEMSET: i32 = 3;
    pub const HOST: i32 = 4;
    pub const GRAPH: i32 = 5;
    pub const EMPTY: i32 = 6;
    pub const WAIT_EVENT: i32 = 7;
    pub const EVENT_RECORD: i32 = 8;
    pub const MEMCPY_1D: i32 = 9;
    pub const MEMCPY_FROM_SYMBOL: i32 = 10;
    pub const MEMCPY_TO_SYMBOL: i32 = 11;
}

/// What a node does.
#[derive(Clone)]
pub enum Op {
    Work {
        job: Job,
        params: Params,
    },
    Empty,
    /// A child graph (owned by the node: a clone of the one given).
    Child(usize),
    Record(usize),
    Wait(usize),
}

#[derive(Clone)]
struct Node {
    graph: usize,
    kind: i32,
    op: Op,
    /// The nodes this one depends on (in the same graph).
    deps: Vec<usize>,
}

#[derive(Default)]
struct Graph {
    /// Its nodes, in the order they were added.
    nodes: Vec<usize>,
}

/// An executable graph: a private clone, and which clone stands for each original node.
struct Exec {
    graph: usize,
    clones: HashMap<usize, usize>,
}

/// `hipStreamCaptureModeRelaxed`: the capture may end on another thread; no call is refused.
pub const MODE_RELAXED: i32 = 2;
/// `hipStreamCaptureModeGlobal`.
pub const MODE_GLOBAL: i32 = 0;

/// A capture begun on its origin stream.
struct Session {
    graph: usize,
    mode: i32,
    thread: std::thread::ThreadId,
    id: u64,
    /// Every stream taking part (the origin first).
    members: Vec<usize>,
    /// Events recorded in it (they stop being captured when it ends).
    events: Vec<usize>,
}

#[derive(Default)]
struct State {
    next: usize,
    graphs: HashMap<usize, Graph>,
    nodes: HashMap<usize, Node>,
    execs: HashMap<usize, Exec>,
    /// Capturing streams: the origin of their capture and their last captured nodes
    /// (`hipStreamGetCaptureInfo_v2` gives the program a pointer to the list's elements).
    capturing: HashMap<usize, (usize, Vec<usize>)>,
    sessions: HashMap<usize, Session>,
    /// Events recorded on a capturing stream: the origin and the nodes before the record.
    events: HashMap<usize, (usize, Vec<usize>)>,
    next_id: u64,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

fn with<R>(f: impl FnOnce(&mut State) -> R) -> R {
    let mut g: MutexGuard<'_, Option<State>> = STATE.lock().unwrap_or_else(|e| e.into_inner());
    f(g.get_or_insert_with(State::default))
}

fn handle(s: &mut State, base: usize) -> usize {
    s.next += 1;
    base + s.next * 64
}

// ---- Graphs and nodes ----

pub fn create_graph() -> usize {
    with(|s| {
        let h = handle(s, 0x6a00_0000_0000);
        s.graphs.insert(h, Graph::default());
        h
    })
}

/// Destroys graph `g` and its nodes (and their child graphs).
pub fn destroy_graph(g: usize) -> Result<(), HipError> {
    with(|s| drop_graph(s, g))
}

fn drop_graph(s: &mut State, g: usize) -> Result<(), HipError> {
    let gr = s.graphs.remove(&g).ok_or(hipErrorInvalidValue)?;
    for n in gr.nodes {
        if let Some(Node { op: Op::Child(c), .. }) = s.nodes.remove(&n) {
            let _ = drop_graph(s, c);
        }
    }
    Ok(())
}

pub fn graph_exists(g: usize) -> bool {
    with(|s| s.graphs.contains_key(&g))
}

/// Adds a node to graph `g` after `deps` (each a node of `g`); gives its handle.
pub fn add_node(g: usize, deps: &[usize], kind: i32, op: Op) -> Result<usize, HipError> {
    with(|s| add(s, g, deps, kind, op))
}

fn add(s: &mut State, g: usize, deps: &[usize], kind: i32, op: Op) -> Result<usize, HipError> {
    if !s.graphs.contains_key(&g) || deps.iter().any(|d| s.nodes.get(d).is_none_or(|n| n.graph != g)) {
        return Err(hipErrorInvalidValue);
    }
    let mut unique = Vec::new();
    for d in deps {
        if !unique.contains(d) {
            unique.push(*d);
        }
    }
    let h = handle(s, 0x6b00_0000_0000);
    s.nodes.insert(
        h,
        Node {
            graph: g,
            kind,
            op,
            deps: unique,
        },
    );
    if let Some(gr) = s.graphs.get_mut(&g) {
        gr.nodes.push(h);
    }
    Ok(h)
}

/// A child graph node: a clone of `child` (as HIP clones it when the node is added).
pub fn add_child(g: usize, deps: &[usize], child: usize) -> Result<usize, HipError> {
    with(|s| {
        if !s.graphs.contains_key(&g) {
            return Err(hipErrorInvalidValue);
        }
        let (c, _) = clone(s, child)?;
        add(s, g, deps, kind::GRAPH, Op::Child(c)).inspect_err(|_| {
            let _ = drop_graph(s, c);
        })
    })
}

/// Node `n`'s type and operation.
pub fn node(n: usize) -> Result<(i32, Op), HipError> {
    with(|s| {
        s.nodes
            .get(&n)
            .map(|x| (x.kind, x.op.clone()))
            .ok_or(hipErrorInvalidValue)
    })
}

/// Replaces node `n`'s operation (its type stays: `want` must be it).
pub fn set_op(n: usize, want: &[i32], op: Op) -> Result<(), HipError> {
    with(|s| {
        let x = s.nodes.get_mut(&n).ok_or(hipErrorInvalidValue)?;
        if !want.contains(&x.kind) {
            return Err(hipErrorInvalidValue);
        }
        x.op = op;
        Ok(())
    })
}

pub fn destroy_node(n: usize) -> Result<(), HipError> {
    with(|s| {
        let x = s.nodes.remove(&n).ok_or(hipErrorInvalidValue)?;
        if let Some(g) = s.graphs.get_mut(&x.graph) {
            g.nodes.retain(|&m| m != n);
        }
        for y in s.nodes.values_mut() {
            y.deps.retain(|&d| d != n);
        }
        if let Op::Child(c) = x.op {
            let _ = drop_graph(s, c);
        }
        Ok(())
    })
}

/// The nodes of node `n`'s graph, in the order they were added.
pub fn nodes_of_node(n: usize) -> Result<Vec<usize>, HipError> {
    with(|s| {
        let g = s.nodes.get(&n).ok_or(hipErrorInvalidValue)?.graph;
        Ok(s.graphs[&g].nodes.clone())
    })
}

/// Makes child graph node `n` run a copy of graph `child` (its old copy goes).
pub fn set_child(n: usize, child: usize) -> Result<(), HipError> {
    with(|s| {
        let old = match s.nodes.get(&n) {
            Some(Node { op: Op::Child(c), .. }) => *c,
            _ => return Err(hipErrorInvalidValue),
        };
        if s.nodes[&n].graph == child {
            return Err(hipErrorUnknown);
        }
        let (c, _) = clone(s, child)?;
        if let Some(x) = s.nodes.get_mut(&n) {
            x.op = Op::Child(c);
        }
        drop_graph(s, old)
    })
}

/// Graph `g`'s nodes in the order they were added.
pub fn nodes(g: usize) -> Result<Vec<usize>, HipError> {
    with(|s| s.graphs.get(&g).map(|x| x.nodes.clone()).ok_or(hipErrorInvalidValue))
}

/// Graph `g`'s nodes that depend on none.
pub fn roots(g: usize) -> Result<Vec<usize>, HipError> {
    with(|s| {
        let gr = s.graphs.get(&g).ok_or(hipErrorInvalidValue)?;
        Ok(gr
            .nodes
            .iter()
            .copied()
            .filter(|n| s.nodes.get(n).is_some_and(|x| x.deps.is_empty()))
            .collect())
    })
}

/// Graph `g`'s edges (from, to).
pub fn edges(g: usize) -> Result<Vec<(usize, usize)>, HipError> {
    with(|s| {
        let gr = s.graphs.get(&g).ok_or(hipErrorInvalidValue)?;
        Ok(gr
            .nodes
            .iter()
            .flat_map(|n| {
                s.nodes
                    .get(n)
                    .map(|x| x.deps.iter().map(|d| (*d, *n)).collect::<Vec<_>>())
            })
            .flatten()
            .collect())
    })
}

/// The nodes `n` depends on.
pub fn dependencies(n: usize) -> Result<Vec<usize>, HipError> {
    with(|s| s.nodes.get(&n).map(|x| x.deps.clone()).ok_or(hipErrorInvalidValue))
}

/// The nodes that depend on `n`.
pub fn dependents(n: usize) -> Result<Vec<usize>, HipError> {
    with(|s| {
        let g = s.nodes.get(&n).ok_or(hipErrorInvalidValue)?.graph;
        Ok(s.graphs[&g]
            .nodes
            .iter()
            .copied()
            .filter(|m| s.nodes.get(m).is_some_and(|x| x.deps.contains(&n)))
            .collect())
    })
}

/// Adds (`add`) or removes the edge `from` → `to` of graph `g`; as HIP: both nodes of `g`, no
/// edge from a node to itself, no edge twice, no removal of a missing one.
pub fn edge(g: usize, from: usize, to: usize, add: bool) -> Result<(), HipError> {
    with(|s| {
        let of_g = |n: &usize| s.nodes.get(n).is_some_and(|x| x.graph == g);
        if from == to || !of_g(&from) || !of_g(&to) {
            return Err(hipErrorInvalidValue);
        }
        let x = s.nodes.get_mut(&to).ok_or(hipErrorInvalidValue)?;
        match (add, x.deps.contains(&from)) {
            (true, false) => x.deps.push(from),
            (false, true) => x.deps.retain(|&d| d != from),
            _ => return Err(hipErrorInvalidValue),
        }
        Ok(())
    })
}

/// A deep copy of graph `g` (child graphs too) and which copy stands for each node.
fn clone(s: &mut State, g: usize) -> Result<(usize, HashMap<usize, usize>), HipError> {
    let order = s.graphs.get(&g).ok_or(hipErrorInvalidValue)?.nodes.clone();
    let c = handle(s, 0x6a00_0000_0000);
    s.graphs.insert(c, Graph::default());
    let mut map = HashMap::new();
    for n in order {
        let Some(mut x) = s.nodes.get(&n).cloned() else {
            continue;
        };
        if let Op::Child(ch) = x.op {
            x.op = Op::Child(clone(s, ch)?.0);
        }
        let h = handle(s, 0x6b00_0000_0000);
        x.graph = c;
        s.nodes.insert(h, x);
        if let Some(gr) = s.graphs.get_mut(&c) {
            gr.nodes.push(h);
        }
        map.insert(n, h);
    }
    // Dependencies may name nodes added later (hipGraphAddDependencies): map them once all
    // copies exist.
    for h in map.values() {
        if let Some(x) = s.nodes.get_mut(h) {
            x.deps = x.deps.iter().filter_map(|d| map.get(d).copied()).collect();
        }
    }
    Ok((c, map))
}

pub fn clone_graph(g: usize) -> Result<(usize, HashMap<usize, usize>), HipError> {
    with(|s| clone(s, g))
}

/// Graph `g`'s nodes in a topological order (ties in the order they were added);
/// `hipErrorInvalidValue` for a cycle.
fn topological(s: &State, g: usize) -> Result<Vec<usize>, HipError> {
    let nodes = &s.graphs.get(&g).ok_or(hipErrorInvalidValue)?.nodes;
    let mut done: HashSet<usize> = HashSet::new();
    let mut order = Vec::with_capacity(nodes.len());
    while order.len() < nodes.len() {
        let before = order.len();
        for n in nodes {
            if !done.contains(n) && s.nodes[n].deps.iter().all(|d| done.contains(d)) {
                done.insert(*n);
                order.push(*n);
            }
        }
        if order.len() == before {
            eprintln!("gcnkit-hip: the graph's dependencies form a cycle");
            return Err(hipErrorInvalidValue);
        }
    }
    Ok(order)
}

// ---- Executable graphs ----

/// Instantiates graph `g`: a private clone, checked to have no cycle.
pub fn instantiate(g: usize) -> Result<usize, HipError> {
    with(|s| {
        let (c, clones) = clone(s, g)?;
        if let Err(e) = flatten(s, c) {
            let _ = drop_graph(s, c);
            return Err(e);
        }
        let h = handle(s, 0x6c00_0000_0000);
        s.execs.insert(h, Exec { graph: c, clones });
        Ok(h)
    })
}

pub fn destroy_exec(x: usize) -> Result<(), HipError> {
    with(|s| {
        let e = s.execs.remove(&x).ok_or(hipErrorInvalidValue)?;
        drop_graph(s, e.graph)
    })
}

/// Graph `g`'s operations in the order they are put on a stream: a topological order, each
/// child graph's own in its place.
fn flatten(s: &State, g: usize) -> Result<Vec<(i32, Op)>, HipError> {
    let mut ops = Vec::new();
    for n in topological(s, g)? {
        let x = &s.nodes[&n];
        match &x.op {
            Op::Child(c) => ops.extend(flatten(s, *c)?),
            op => ops.push((x.kind, op.clone())),
        }
    }
    Ok(ops)
}

/// The operations of executable graph `x` (with their node types), in launch order.
pub fn exec_ops(x: usize) -> Result<Vec<(i32, Op)>, HipError> {
    with(|s| {
        let e = s.execs.get(&x).ok_or(hipErrorInvalidValue)?;
        flatten(s, e.graph)
    })
}

/// The node of executable graph `x` that stands for node `n` of its graph.
pub fn exec_node(x: usize, n: usize) -> Result<usize, HipError> {
    with(|s| {
        let e = s.execs.get(&x).ok_or(hipErrorInvalidValue)?;
        e.clones.get(&n).copied().ok_or(hipErrorInvalidValue)
    })
}

/// `hipGraphExecUpdate`: graph `g` must have the executable graph's shape (as many nodes, in
/// topological order of the same types); each node's operation is then taken from `g`'s.
/// The error: the node of `g` that differs (if one does) and HIP's update result.
pub fn update(x: usize, g: usize) -> Result<(), (Option<usize>, i32)> {
    const TOPOLOGY_CHANGED: i32 = 2;
    const NODE_TYPE_CHANGED: i32 = 3;
    with(|s| {
        let e = s.execs.get(&x).ok_or((None, 1))?;
        let old = topological(s, e.graph).map_err(|_| (None, 1))?;
        let new = topological(s, g).map_err(|_| (None, 1))?;
        if old.len() != new.len() {
            return Err((None, TOPOLOGY_CHANGED));
        }
        for (o, n) in old.iter().zip(&new) {
            if s.nodes[o].kind != s.nodes[n].kind {
                return Err((Some(*n), NODE_TYPE_CHANGED));
            }
        }
        for (o, n) in old.iter().zip(&new) {
            let op = match s.nodes[n].op.clone() {
                Op::Child(c) => Op::Child(clone(s, c).map_err(|_| (Some(*n), 1))?.0),
                op => op,
            };
            if let Some(Node { op: Op::Child(c), .. }) = s.nodes.get(o).cloned() {
                let _ = drop_graph(s, c);
            }
            if let Some(node) = s.nodes.get_mut(o) {
                node.op = op;
            }
        }
        Ok(())
    })
}

// ---- Capture ----

/// Puts `job` on stream `h`, or, when `h` is capturing, adds it to the capture as a node of
/// type `kind` with `params` after the stream's last captured nodes.
pub fn submit(h: usize, kind: i32, params: Params, job: Job) -> Result<(), HipError> {
    let h = crate::queue::resolve(h);
    let captured = with(|s| {
        let Some((origin, last)) = s.capturing.get(&h) else {
            return Ok(false);
        };
        let g = s.sessions[origin].graph;
        let deps = last.clone();
        let n = add(
            s,
            g,
            &deps,
            kind,
            Op::Work {
                job: job.clone(),
                params: params.clone(),
            },
        )?;
        if let Some((_, last)) = s.capturing.get_mut(&h) {
            *last = vec![n];
        }
        Ok::<bool, HipError>(true)
    })?;
    if !captured {
        crate::queue::submit(h, Box::new(move || job()))?;
    }
    Ok(())
}

/// Is stream `h` capturing? (The capture's id, graph and the stream's last nodes if so.)
pub fn capture_info(h: usize) -> Option<(u64, usize, *const usize, usize)> {
    let h = crate::queue::resolve(h);
    with(|s| {
        let (origin, last) = s.capturing.get(&h)?;
        let ses = &s.sessions[origin];
        Some((ses.id, ses.graph, last.as_ptr(), last.len()))
    })
}

/// Begins a capture on stream `h` (not the null stream; not one already capturing).
pub fn begin_capture(h: usize, mode: i32) -> Result<(), HipError> {
    let h = crate::queue::resolve(h);
    with(|s| {
        if s.capturing.contains_key(&h) {
            return Err(hipErrorIllegalState);
        }
        let g = handle(s, 0x6a00_0000_0000);
        s.graphs.insert(g, Graph::default());
        s.next_id += 1;
        s.sessions.insert(
            h,
            Session {
                graph: g,
                mode,
                thread: std::thread::current().id(),
                id: s.next_id,
                members: vec![h],
                events: Vec::new(),
            },
        );
        s.capturing.insert(h, (h, Vec::new()));
        Ok(())
    })
}

/// Ends the capture begun on stream `h` and gives its graph. As HIP 5.2: a stream that did
/// not begin a capture is `hipErrorStreamCaptureUnmatched`; a capture not in relaxed mode
/// must end on the thread that began it (`hipErrorStreamCaptureWrongThread`). A stream that
/// joined and whose last work the origin does not wait for is `hipErrorStreamCaptureUnjoined`
/// (the capture goes on).
pub fn end_capture(h: usize) -> Result<usize, HipError> {
    let h = crate::queue::resolve(h);
    with(|s| {
        let ses = s.sessions.get(&h).ok_or(hipErrorStreamCaptureUnmatched)?;
        if ses.mode != MODE_RELAXED && ses.thread != std::thread::current().id() {
            return Err(hipErrorStreamCaptureWrongThread);
        }
        // Everything the origin's last nodes wait for, directly or not.
        let mut reached: HashSet<usize> = HashSet::new();
        let mut todo: Vec<usize> = s.capturing.get(&h).map(|(_, l)| l.clone()).unwrap_or_default();
        while let Some(n) = todo.pop() {
            if reached.insert(n) {
                todo.extend(s.nodes.get(&n).map(|x| x.deps.clone()).unwrap_or_default());
            }
        }
        let unjoined = ses.members.iter().filter(|&&m| m != h).any(|m| {
            s.capturing
                .get(m)
                .is_some_and(|(_, last)| last.iter().any(|n| !reached.contains(n)))
        });
        if unjoined {
            return Err(hipErrorStreamCaptureUnjoined);
        }
        let ses = s.sessions.remove(&h).ok_or(hipErrorStreamCaptureUnmatched)?;
        for m in &ses.members {
            s.capturing.remove(m);
        }
        for e in &ses.events {
            s.events.remove(e);
        }
        Ok(ses.graph)
    })
}

/// Records event `e` on stream `h` if it is capturing (the event then stands for the stream's
/// last captured nodes); `false` when it is not.
pub fn capture_record(e: usize, h: usize) -> bool {
    let h = crate::queue::resolve(h);
    with(|s| {
        let Some((origin, last)) = s.capturing.get(&h) else {
            return false;
        };
        let (origin, last) = (*origin, last.clone());
        s.events.insert(e, (origin, last));
        if let Some(ses) = s.sessions.get_mut(&origin) {
            ses.events.push(e);
        }
        true
    })
}

/// Makes stream `h` wait for event `e` if `e` was recorded in a capture: `h` joins that
/// capture (if it is not in it yet) and its next node depends on the event's nodes. `false`
/// when `e` is not a captured event.
pub fn capture_wait(h: usize, e: usize) -> Result<bool, HipError> {
    let h = crate::queue::resolve(h);
    with(|s| {
        let Some((origin, nodes)) = s.events.get(&e).cloned() else {
            return Ok(false);
        };
        match s.capturing.get_mut(&h) {
            Some((o, last)) if *o == origin => {
                for n in nodes {
                    if !last.contains(&n) {
                        last.push(n);
                    }
                }
            }
            // A stream capturing into another graph cannot wait for this one's nodes.
            Some(_) => return Err(hipErrorStreamCaptureIsolation),
            None => {
                s.capturing.insert(h, (origin, nodes));
                if let Some(ses) = s.sessions.get_mut(&origin) {
                    ses.members.push(h);
                }
            }
        }
        Ok(true)
    })
}

/// `hipStreamUpdateCaptureDependencies`: adds `nodes` to capturing stream `h`'s last nodes,
/// or (`replace`) makes them its last nodes. A stream not capturing is
/// `hipErrorIllegalState`; a node not of the capture's graph `hipErrorInvalidValue`.
pub fn update_dependencies(h: usize, nodes: &[usize], replace: bool) -> Result<(), HipError> {
    let h = crate::queue::resolve(h);
    with(|s| {
        let origin = s.capturing.get(&h).ok_or(hipErrorIllegalState)?.0;
        let g = s.sessions[&origin].graph;
        if nodes.iter().any(|n| s.nodes.get(n).is_none_or(|x| x.graph != g)) {
            return Err(hipErrorInvalidValue);
        }
        if let Some((_, last)) = s.capturing.get_mut(&h) {
            if replace {
                last.clear();
            }
            for n in nodes {
                if !last.contains(n) {
                    last.push(*n);
                }
            }
        }
        Ok(())
    })
}

/// Stream `h` is being destroyed: it leaves the capture it takes part in, and a capture it
/// began ends with it (as HIP 5.2 drops it from its capturing streams), so that no call is
/// refused for a capture nobody can end.
pub fn forget_stream(h: usize) {
    let h = crate::queue::resolve(h);
    with(|s| {
        s.capturing.remove(&h);
        if let Some(ses) = s.sessions.remove(&h) {
            for m in &ses.members {
                s.capturing.remove(m);
            }
            for e in &ses.events {
                s.events.remove(e);
            }
            let _ = drop_graph(s, ses.graph);
        }
        for ses in s.sessions.values_mut() {
            ses.members.retain(|&m| m != h);
        }
    })
}

/// Is any capture in global mode under way (HIP 5.2 then refuses synchronous copies and sets:
/// `hipErrorStreamCaptureImplicit`)?
pub fn global_capture() -> bool {
    with(|s| s.sessions.values().any(|x| x.mode == MODE_GLOBAL))
}

/// Would HIP 5.2 refuse an allocation or free now (`hipErrorStreamCaptureUnsupported`)? When
/// the calling thread, in mode `thread_mode`, has begun a capture not in relaxed mode, or (in
/// global mode) any thread has begun one in global mode.
pub fn refuses_allocation(thread_mode: i32) -> bool {
    let me = std::thread::current().id();
    with(|s| match thread_mode {
        MODE_RELAXED => false,
        m => s
            .sessions
            .values()
            .any(|x| (x.thread == me && x.mode != MODE_RELAXED) || (m == MODE_GLOBAL && x.mode == MODE_GLOBAL)),
    })
}

/// What a kernel node launches (its arguments copied when the node was made), for
/// `hipGraphKernelNodeGetParams`.
pub struct Launch {
    /// The host stub of an added node (0 for a captured launch: named by `kernel`).
    pub func: usize,
    pub kernel: String,
    /// In blocks.
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared: u32,
    pub args: Arc<Vec<Vec<u8>>>,
    /// A pointer to each argument's copy (`kernelParams` as the getter gives it).
    pub pointers: Vec<usize>,
}
