//! The blocking-FIFO runtime that lowered channels call
//! (`t2s_channel_read`/`t2s_channel_write`, see `lower_channels`), and its
//! deadlock diagnosis.
//!
//! A [`Run`] holds every channel element of one dataflow run behind one
//! lock. Each kernel runs on its own thread, which the runner registers
//! with [`enter`]. A read blocks while its element is empty, a write while
//! it holds `depth` values (in `Strict` mode). When every kernel still
//! running is blocked, no value can ever move again: the run records a
//! report of who waits on what and *fails open* — from then on reads return
//! zeros and writes are dropped, so that every kernel runs to its end and
//! its thread can be joined. The runner then discards the outputs and
//! reports the deadlock. Results never depend on thread timing: each
//! channel has one writer and one reader, and both see its values in order.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// How deep the FIFOs are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DepthMode {
    /// The declared depths, as hardware has them.
    #[default]
    Strict,
    /// No limit: a design that deadlocks only in strict mode has a FIFO too
    /// shallow; one that deadlocks in both has a logic error.
    Unbounded,
}

/// A declared channel (or channel array).
#[derive(Clone, Debug)]
pub struct ChannelSpec {
    pub name: String,
    pub dims: Vec<i64>,
    pub depth: usize,
    pub bytes: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Status {
    Running,
    Waiting {
        channel: usize,
        index: usize,
        full: bool,
    },
    Done,
}

#[derive(Default)]
struct Fifo {
    values: VecDeque<Vec<u8>>,
    passed: u64,
}

struct State {
    fifos: Vec<HashMap<usize, Fifo>>,
    status: Vec<Status>,
    live: usize,
    /// The first failure: a deadlock report or a misuse.
    failure: Option<String>,
    /// The channels the kernels waited on when the run deadlocked.
    stuck_on: Vec<usize>,
}

/// One dataflow run: its channels, kernels and their state.
pub struct Run {
    channels: Vec<ChannelSpec>,
    kernels: Vec<String>,
    /// The emulation's channel arrays: the address of each (empty for
    /// lowered code, whose accesses pass their channel's descriptor).
    pub(crate) emulated: HashMap<usize, usize>,
    mode: DepthMode,
    state: Mutex<State>,
    moved: Condvar,
}

thread_local! {
    static CURRENT: RefCell<Option<(Arc<Run>, usize)>> = const { RefCell::new(None) };
}

impl Run {
    /// A run of `kernels` over `channels`, in the order of their design.
    /// Lowered code names a channel by its descriptor, which holds that
    /// position (`[position, bytes, depth, count]`, lower-channels), so no
    /// symbol is looked up; the OpenCL emulation names an element by its
    /// address in the channel arrays at `emulated` (one per channel).
    pub fn new(
        channels: Vec<ChannelSpec>,
        emulated: &[usize],
        kernels: Vec<String>,
        mode: DepthMode,
    ) -> Arc<Run> {
        let state = State {
            fifos: channels.iter().map(|_| HashMap::new()).collect(),
            status: vec![Status::Running; kernels.len()],
            live: kernels.len(),
            failure: None,
            stuck_on: Vec::new(),
        };
        Arc::new(Run {
            emulated: emulated.iter().enumerate().map(|(c, a)| (*a, c)).collect(),
            channels,
            kernels,
            mode,
            state: Mutex::new(state),
            moved: Condvar::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A kernel thread never panics while holding the lock; recover anyway.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Marks kernel `k` finished; a deadlock may follow if all others wait.
    pub fn finish(&self, k: usize) {
        let mut state = self.lock();
        state.status[k] = Status::Done;
        state.live -= 1;
        if self.stuck(&state) && state.failure.is_none() {
            state.failure = Some(self.report(&state));
            state.stuck_on = Self::waited_on(&state);
        }
        self.moved.notify_all();
    }

    /// The failure of the run, if any: a deadlock report or a misuse; once
    /// every kernel has finished, also values that no kernel read.
    pub fn failure(&self) -> Option<String> {
        let state = self.lock();
        if state.failure.is_some() || state.live > 0 {
            return state.failure.clone();
        }
        let left: Vec<String> = self
            .channels
            .iter()
            .enumerate()
            .flat_map(|(c, _)| {
                let mut held: Vec<(usize, usize)> = state.fifos[c]
                    .iter()
                    .filter(|(_, f)| !f.values.is_empty())
                    .map(|(i, f)| (*i, f.values.len()))
                    .collect();
                held.sort_unstable();
                held.into_iter()
                    .map(move |(i, n)| format!("  {} holds {n} values", self.element(c, i)))
            })
            .collect();
        (!left.is_empty()).then(|| {
            format!(
                "every kernel finished with values no kernel read (a writer sent more than its reader took):\n{}",
                left.join("\n")
            )
        })
    }

    fn element(&self, channel: usize, index: usize) -> String {
        let dims = &self.channels[channel].dims;
        if dims.is_empty() {
            return format!("@{}", self.channels[channel].name);
        }
        let mut rest = index;
        let mut coords = vec![0; dims.len()];
        for (c, d) in coords.iter_mut().zip(dims).rev() {
            *c = rest % *d as usize;
            rest /= *d as usize;
        }
        let coords: Vec<String> = coords.iter().map(usize::to_string).collect();
        format!("@{}[{}]", self.channels[channel].name, coords.join(", "))
    }

    /// The channels some kernel waits on, each once, in order.
    fn waited_on(state: &State) -> Vec<usize> {
        let mut channels: Vec<usize> = state
            .status
            .iter()
            .filter_map(|s| match s {
                Status::Waiting { channel, .. } => Some(*channel),
                _ => None,
            })
            .collect();
        channels.sort_unstable();
        channels.dedup();
        channels
    }

    /// After a deadlock, the channels the kernels waited on.
    pub fn stuck_on(&self) -> Vec<usize> {
        self.lock().stuck_on.clone()
    }

    /// Who waits on what, and what went through each channel.
    fn report(&self, state: &State) -> String {
        let mut lines =
            vec!["deadlock: every kernel still running is blocked on a channel".to_string()];
        let mut shallow = false;
        for (k, status) in state.status.iter().enumerate() {
            let kernel = &self.kernels[k];
            lines.push(match status {
                Status::Waiting { channel, index, full } => {
                    let fifo = &state.fifos[*channel].get(index);
                    let passed = fifo.map_or(0, |f| f.passed);
                    shallow |= *full;
                    if *full {
                        format!(
                            "  kernel @{kernel} waits to write {}: full ({} values, its depth); {passed} values passed through it",
                            self.element(*channel, *index),
                            self.channels[*channel].depth
                        )
                    } else {
                        format!(
                            "  kernel @{kernel} waits to read {}: empty; {passed} values passed through it",
                            self.element(*channel, *index)
                        )
                    }
                }
                Status::Done => format!("  kernel @{kernel} has finished"),
                Status::Running => format!("  kernel @{kernel} is running"),
            });
        }
        for (c, spec) in self.channels.iter().enumerate() {
            let fifos = &state.fifos[c];
            let passed: u64 = fifos.values().map(|f| f.passed).sum();
            let held: usize = fifos.values().map(|f| f.values.len()).sum();
            let count: i64 = spec.dims.iter().product();
            lines.push(format!(
                "  channel @{}: {passed} values passed through {} of its {count} channels, {held} still in them",
                spec.name,
                fifos.values().filter(|f| f.passed > 0).count(),
            ));
        }
        if shallow && self.mode == DepthMode::Strict {
            lines.push("  (a kernel waits on a full channel: run with --channel-depths unbounded to tell a channel too shallow from a logic error)".to_string());
        }
        lines.join("\n")
    }

    /// Whether no kernel can ever move again: some still run, and all of
    /// them wait on a channel that is still empty (read) or full (write).
    /// A kernel woken but not yet rescheduled still reads as waiting, so
    /// the conditions are checked, not only the statuses.
    fn stuck(&self, state: &State) -> bool {
        state.live > 0
            && state.status.iter().all(|s| match s {
                Status::Done => true,
                Status::Running => false,
                Status::Waiting {
                    channel,
                    index,
                    full,
                } => {
                    let held = state.fifos[*channel]
                        .get(index)
                        .map_or(0, |f| f.values.len());
                    if *full {
                        held >= self.capacity(*channel)
                    } else {
                        held == 0
                    }
                }
            })
    }

    fn capacity(&self, channel: usize) -> usize {
        match self.mode {
            DepthMode::Strict => self.channels[channel].depth,
            DepthMode::Unbounded => usize::MAX,
        }
    }

    /// Kernel `k` misused a channel: the run fails with `what`, after the
    /// kernel's name.
    pub(crate) fn misuse(&self, k: usize, what: String) {
        let mut state = self.lock();
        let message = format!("kernel @{} {what}", self.kernels[k]);
        self.fail(&mut state, message);
    }

    fn fail(&self, state: &mut State, message: String) {
        if state.failure.is_none() {
            state.failure = Some(message);
        }
        self.moved.notify_all();
    }

    /// The channel whose descriptor is at `address`: its position, checked
    /// against the run's channel of that position (bytes and count).
    pub(crate) fn channel_at(&self, address: i64) -> Option<usize> {
        let aligned = address != 0 && address % std::mem::align_of::<i64>() as i64 == 0;
        if !aligned {
            return None;
        }
        // SAFETY: the lowered code passes the address of a channel's
        // descriptor, a global of four i64 (lower-channels).
        let d = unsafe { std::slice::from_raw_parts(address as *const i64, 4) };
        let channel = self.channels.get(usize::try_from(d[0]).ok()?)?;
        let count: i64 = channel.dims.iter().product();
        (d[1] == channel.bytes as i64 && d[3] == count).then_some(d[0] as usize)
    }

    /// The channel and element of an access, or a recorded misuse.
    fn locate(
        &self,
        state: &mut State,
        k: usize,
        channel: Option<usize>,
        index: i64,
    ) -> Option<(usize, usize)> {
        let Some(channel) = channel else {
            let message = format!(
                "kernel @{} uses a channel this run does not know",
                self.kernels[k]
            );
            self.fail(state, message);
            return None;
        };
        let count: i64 = self.channels[channel].dims.iter().product();
        if index < 0 || index >= count {
            let message = format!(
                "kernel @{} indexes channel @{} outside its dimensions {:?}",
                self.kernels[k], self.channels[channel].name, self.channels[channel].dims
            );
            self.fail(state, message);
            return None;
        }
        Some((channel, index as usize))
    }

    /// Blocks kernel `k` until `ready` holds for the element; `false` when
    /// the run failed meanwhile (or fails now: a deadlock).
    fn wait_until<'s>(
        &'s self,
        mut state: MutexGuard<'s, State>,
        k: usize,
        (channel, index): (usize, usize),
        full: bool,
        ready: impl Fn(&Fifo) -> bool,
    ) -> Option<MutexGuard<'s, State>> {
        loop {
            if state.failure.is_some() {
                return None;
            }
            let fifo = state.fifos[channel].entry(index).or_default();
            if ready(fifo) {
                return Some(state);
            }
            state.status[k] = Status::Waiting {
                channel,
                index,
                full,
            };
            if self.stuck(&state) {
                let report = self.report(&state);
                state.stuck_on = Self::waited_on(&state);
                self.fail(&mut state, report);
                state.status[k] = Status::Running;
                return None;
            }
            state = self.moved.wait(state).unwrap_or_else(|e| e.into_inner());
            state.status[k] = Status::Running;
        }
    }

    pub(crate) fn write(&self, k: usize, channel: Option<usize>, index: i64, value: &[u8]) {
        let mut state = self.lock();
        let Some(at) = self.locate(&mut state, k, channel, index) else {
            return;
        };
        let depth = self.capacity(at.0);
        let Some(mut state) = self.wait_until(state, k, at, true, |f| f.values.len() < depth)
        else {
            return;
        };
        let fifo = state.fifos[at.0].entry(at.1).or_default();
        fifo.values.push_back(value.to_vec());
        fifo.passed += 1;
        self.wake(&state);
    }

    pub(crate) fn read(&self, k: usize, channel: Option<usize>, index: i64, value: &mut [u8]) {
        value.fill(0);
        let mut state = self.lock();
        let Some(at) = self.locate(&mut state, k, channel, index) else {
            return;
        };
        let Some(mut state) = self.wait_until(state, k, at, false, |f| !f.values.is_empty()) else {
            return;
        };
        let fifo = state.fifos[at.0].entry(at.1).or_default();
        if let Some(v) = fifo.values.pop_front() {
            let n = v.len().min(value.len());
            value[..n].copy_from_slice(&v[..n]);
        }
        self.wake(&state);
    }
}

impl Run {
    fn wake(&self, state: &State) {
        if state
            .status
            .iter()
            .any(|s| matches!(s, Status::Waiting { .. }))
        {
            self.moved.notify_all();
        }
    }
}

/// Makes the calling thread kernel `k` of `run` until [`leave`].
pub fn enter(run: &Arc<Run>, k: usize) {
    CURRENT.with(|c| *c.borrow_mut() = Some((run.clone(), k)));
}

/// The calling thread no longer runs a kernel.
pub fn leave() {
    CURRENT.with(|c| *c.borrow_mut() = None);
}

pub(crate) fn with_current(f: impl FnOnce(&Run, usize)) -> bool {
    CURRENT.with(|c| match &*c.borrow() {
        Some((run, k)) => {
            f(run, *k);
            true
        }
        None => false,
    })
}

/// `t2s_channel_write(channel, index, value, bytes)` of the lowered code.
pub extern "C" fn t2s_channel_write(channel: i64, index: i64, value: i64, bytes: i64) {
    // A panic must not unwind into JIT-compiled frames.
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: the lowered code passes a live buffer of `bytes` bytes.
        let data = unsafe { std::slice::from_raw_parts(value as *const u8, bytes.max(0) as usize) };
        with_current(|run, k| run.write(k, run.channel_at(channel), index, data));
    });
}

/// `t2s_channel_read(channel, index, value, bytes)` of the lowered code;
/// outside a dataflow run (or after a failure) it reads zeros.
pub extern "C" fn t2s_channel_read(channel: i64, index: i64, value: i64, bytes: i64) {
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: the lowered code passes a live buffer of `bytes` bytes.
        let data =
            unsafe { std::slice::from_raw_parts_mut(value as *mut u8, bytes.max(0) as usize) };
        if !with_current(|run, k| run.read(k, run.channel_at(channel), index, data)) {
            data.fill(0);
        }
    });
}

#[cfg(test)]
mod tests;
