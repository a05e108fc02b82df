//! The blocking-FIFO runtime that lowered channels call
//! (`t2s_channel_read`/`t2s_channel_write`, see `lower_channels`), and its
//! deadlock diagnosis.
//!
//! A [`Run`] holds every channel element of one dataflow run, each a
//! lock-free single-producer single-consumer queue ([`fifo`]). Each kernel
//! runs on its own thread, which the runner registers with [`enter`]. A
//! value moves without a lock; only a kernel that must wait (a read of an
//! empty element, a write of one holding `depth` values in `Strict` mode)
//! takes the run's lock and sleeps, and a move wakes it only when some
//! kernel sleeps. When every kernel still running is blocked, no value can
//! ever move again: the run records a report of who waits on what and
//! *fails open* — from then on reads return zeros and writes are dropped,
//! so that every kernel runs to its end and its thread can be joined. The
//! runner then discards the outputs and reports the deadlock. Results never
//! depend on thread timing: each channel element has one writer and one
//! reader (a second one is a reported misuse), and both see its values in
//! order.

mod diagnosis;
mod fifo;

use fifo::{End, Fifo};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

/// A blocked access checks its element this many times between yields...
const PAUSES: u32 = 64;
/// ...for this long before it sleeps.
const SPIN: std::time::Duration = std::time::Duration::from_micros(50);

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

/// What only waiting, finishing and failing touch (under the lock).
struct State {
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
    /// Per channel, one FIFO per element, made at its first access (a
    /// channel array may have many elements a run never uses).
    fifos: Vec<Vec<OnceLock<Box<Fifo>>>>,
    /// Whether the run failed: the lock-free paths read it.
    failed: AtomicBool,
    state: Mutex<State>,
    /// Per kernel, where it sleeps: a move wakes the one kernel asleep on
    /// the element's other side, if any.
    moved: Vec<Condvar>,
}

thread_local! {
    /// The run this thread's kernel belongs to, kept alive while it runs.
    static CURRENT: RefCell<Option<(Arc<Run>, usize)>> = const { RefCell::new(None) };
    /// The same run (a pointer into `CURRENT`'s Arc) and kernel, read on
    /// every channel access: a const, drop-free thread local costs no lazy
    /// initialization check.
    static FAST: Cell<(*const Run, usize)> = const { Cell::new((std::ptr::null(), 0)) };
    /// The elements (channel, index, side) this thread's kernel has moved
    /// values through and may not have published yet.
    static UNPUBLISHED: RefCell<Vec<(usize, usize, End)>> = const { RefCell::new(Vec::new()) };
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
            status: vec![Status::Running; kernels.len()],
            live: kernels.len(),
            failure: None,
            stuck_on: Vec::new(),
        };
        let fifos = channels
            .iter()
            .map(|c| {
                let count = c.dims.iter().product::<i64>().max(0) as usize;
                (0..count).map(|_| OnceLock::new()).collect()
            })
            .collect();
        Arc::new(Run {
            emulated: emulated.iter().enumerate().map(|(c, a)| (*a, c)).collect(),
            channels,
            mode,
            fifos,
            failed: AtomicBool::new(false),
            state: Mutex::new(state),
            moved: kernels.iter().map(|_| Condvar::new()).collect(),
            kernels,
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
            let report = self.report(&state);
            state.stuck_on = Self::waited_on(&state);
            self.fail(&mut state, report);
        }
    }

    /// The failure of the run, if any: a deadlock report or a misuse; once
    /// every kernel has finished, also values that no kernel read.
    pub fn failure(&self) -> Option<String> {
        let state = self.lock();
        if state.failure.is_some() || state.live > 0 {
            return state.failure.clone();
        }
        let left: Vec<String> = self
            .fifos
            .iter()
            .enumerate()
            .flat_map(|(c, fifos)| {
                fifos
                    .iter()
                    .enumerate()
                    .filter_map(|(i, f)| Some((i, f.get()?)))
                    .filter(|(_, f)| f.held() > 0)
                    .map(move |(i, f)| {
                        format!("  {} holds {} values", self.element(c, i), f.held())
                    })
            })
            .collect();
        (!left.is_empty()).then(|| {
            format!(
                "every kernel finished with values no kernel read (a writer sent more than its reader took):\n{}",
                left.join("\n")
            )
        })
    }

    /// The FIFO of an element (made on its first access).
    #[inline]
    fn fifo(&self, channel: usize, index: usize) -> &Fifo {
        self.fifos[channel][index].get_or_init(|| Box::new(Fifo::new(self.channels[channel].bytes)))
    }

    /// The FIFOs made so far among `fifos`.
    fn used<'f>(
        &self,
        fifos: impl Iterator<Item = &'f OnceLock<Box<Fifo>>>,
    ) -> impl Iterator<Item = &'f Fifo> {
        fifos.filter_map(|f| f.get().map(|b| &**b))
    }

    /// The values written into every channel so far.
    pub fn moved(&self) -> u64 {
        self.used(self.fifos.iter().flatten())
            .map(Fifo::passed)
            .sum()
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

    fn capacity(&self, channel: usize) -> u64 {
        match self.mode {
            DepthMode::Strict => self.channels[channel].depth as u64,
            DepthMode::Unbounded => u64::MAX,
        }
    }

    /// Whether the element has room (`full`: for a write) or a value.
    fn ready(&self, (channel, index): (usize, usize), full: bool) -> bool {
        self.fifo_ready(self.fifo(channel, index), channel, full)
    }

    /// [`Run::ready`] of an element's FIFO at hand, from the published
    /// counters (what every kernel can see).
    fn fifo_ready(&self, fifo: &Fifo, channel: usize, full: bool) -> bool {
        let held = fifo.held();
        if full {
            held < self.capacity(channel)
        } else {
            held > 0
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
        self.failed.store(true, Ordering::Release);
        self.moved.iter().for_each(Condvar::notify_all);
    }

    /// The channel whose descriptor is at `address`: its position, checked
    /// against the run's channel of that position (bytes and count).
    #[inline]
    pub(crate) fn channel_at(&self, address: i64) -> Option<usize> {
        let aligned = address != 0 && address % std::mem::align_of::<i64>() as i64 == 0;
        if !aligned {
            return None;
        }
        // SAFETY: the lowered code passes the address of a channel's
        // descriptor, a global of four i64 (lower-channels).
        let d = unsafe { std::slice::from_raw_parts(address as *const i64, 4) };
        let c = usize::try_from(d[0]).ok()?;
        let channel = self.channels.get(c)?;
        // The run made one FIFO slot per element: their count.
        let count = self.fifos[c].len() as i64;
        (d[1] == channel.bytes as i64 && d[3] == count).then_some(c)
    }

    /// The FIFO of an access by kernel `k` on `end`, or a recorded misuse
    /// (an unknown channel, an index outside it, a second writer or reader
    /// of an element).
    #[inline(always)]
    fn locate(&self, k: usize, channel: Option<usize>, index: i64, end: End) -> Option<&Fifo> {
        let fifo = channel.and_then(|c| {
            let slot = self.fifos[c].get(usize::try_from(index).ok()?)?;
            Some(slot.get_or_init(|| Box::new(Fifo::new(self.channels[c].bytes))))
        });
        match fifo.map(|f| (f, f.claim(end, k))) {
            Some((fifo, Ok(()))) => Some(fifo),
            _ => {
                self.misused(k, channel, index, end);
                None
            }
        }
    }

    /// Records why kernel `k`'s access on `end` of `channel[index]` is a
    /// misuse ([`Run::locate`] refused it).
    #[cold]
    #[inline(never)]
    fn misused(&self, k: usize, channel: Option<usize>, index: i64, end: End) {
        let Some(channel) = channel else {
            self.misuse(k, "uses a channel this run does not know".to_string());
            return;
        };
        let spec = &self.channels[channel];
        let Some(fifo) = usize::try_from(index)
            .ok()
            .filter(|i| *i < self.fifos[channel].len())
            .map(|i| self.fifo(channel, i))
        else {
            self.misuse(
                k,
                format!(
                    "indexes channel @{} outside its dimensions {:?}",
                    spec.name, spec.dims
                ),
            );
            return;
        };
        if let Err(owner) = fifo.claim(end, k) {
            let (verb, noun) = match end {
                End::Write => ("writes", "writer"),
                End::Read => ("reads", "reader"),
            };
            self.misuse(
                k,
                format!(
                    "{verb} {}, which kernel @{} {verb}: a channel has one {noun}",
                    self.element(channel, index as usize),
                    self.kernels[owner]
                ),
            );
        }
    }

    /// The element kernel `k` accesses on `end`, once it has room (a write)
    /// or a value (a read); `None` when the access is a misuse or the run
    /// failed. The common case, an element ready, is a few loads.
    #[inline(always)]
    fn acquire(&self, k: usize, channel: Option<usize>, index: i64, end: End) -> Option<&Fifo> {
        let fifo = self.locate(k, channel, index, end)?;
        let at = (channel?, index as usize);
        let capacity = match end {
            End::Write => self.capacity(at.0),
            End::Read => 0,
        };
        if !self.failed.load(Ordering::Acquire) && fifo.ready(end, capacity) {
            return Some(fifo);
        }
        self.wait_for(k, fifo, at, end, capacity)
    }

    /// [`Run::acquire`] of an element not ready: this kernel's moves are
    /// published first (the kernel it waits on may wait on them), then the
    /// element is checked briefly, then the kernel sleeps until the other
    /// side moves.
    #[cold]
    #[inline(never)]
    fn wait_for<'r>(
        &'r self,
        k: usize,
        fifo: &'r Fifo,
        at: (usize, usize),
        end: End,
        capacity: u64,
    ) -> Option<&'r Fifo> {
        let full = end == End::Write;
        loop {
            if self.failed.load(Ordering::Acquire) {
                return None;
            }
            if fifo.ready(end, capacity) {
                return Some(fifo);
            }
            self.publish_all();
            if self.spin(fifo, end, capacity) {
                return Some(fifo);
            }
            if !self.wait_until(k, fifo, at, full) {
                return None;
            }
        }
    }

    /// Blocks kernel `k` until the element is ready (`full`: has room);
    /// `false` when the run failed meanwhile (or fails now: a deadlock).
    fn wait_until(&self, k: usize, fifo: &Fifo, at: (usize, usize), full: bool) -> bool {
        let end = if full { End::Write } else { End::Read };
        let mut state = self.lock();
        let (channel, index) = at;
        state.status[k] = Status::Waiting {
            channel,
            index,
            full,
        };
        fifo.set_waiting(end, fifo::SLEEPING);
        let ready = loop {
            if state.failure.is_some() {
                break false;
            }
            if self.ready(at, full) {
                break true;
            }
            if self.stuck(&state) {
                let report = self.report(&state);
                state.stuck_on = Self::waited_on(&state);
                self.fail(&mut state, report);
                break false;
            }
            state = self.moved[k].wait(state).unwrap_or_else(|e| e.into_inner());
        };
        fifo.set_waiting(end, fifo::RUNNING);
        state.status[k] = Status::Running;
        ready
    }

    /// Waits a little without sleeping: the other side is often a few
    /// hundred cycles from moving, far less than a sleep and a wake cost
    /// (several microseconds each). Checks for up to [`SPIN`], yielding the
    /// core between rounds of checks: kernels may outnumber cores, and the
    /// one this kernel waits on may need it.
    fn spin(&self, fifo: &Fifo, end: End, capacity: u64) -> bool {
        let start = std::time::Instant::now();
        loop {
            for _ in 0..PAUSES {
                std::hint::spin_loop();
                if fifo.ready(end, capacity) {
                    return true;
                }
            }
            if start.elapsed() > SPIN {
                return false;
            }
            std::thread::yield_now();
        }
    }

    /// After kernel `k`'s move on `end` of the element `at`: publishes its
    /// moves there once a batch is full, and wakes the kernel asleep on the
    /// other side once it has enough to do (a sleep and a wake cost several
    /// microseconds: a kernel woken for every batch would spend its time
    /// on them). Otherwise the element is listed for the next
    /// [`Run::publish_all`], which wakes whoever sleeps on it.
    #[inline]
    fn moved_on(&self, fifo: &Fifo, at: (usize, usize), end: End) {
        if fifo.unpublished(end) >= fifo::BATCH {
            fifo.publish(end);
            if self.worth_waking(fifo, at.0, end) {
                self.wake(fifo, other(end));
                return;
            }
        }
        if fifo.list(end) {
            UNPUBLISHED.with(|u| u.borrow_mut().push((at.0, at.1, end)));
        }
    }

    /// Whether, after `end` published its moves, the kernel asleep on the
    /// other side (if any) has enough to do: half the FIFO to fill (a
    /// writer), or half of it to take (a reader; half of 256 values at
    /// most, for a FIFO without a bound).
    #[inline]
    fn worth_waking(&self, fifo: &Fifo, channel: usize, end: End) -> bool {
        let half = self.capacity(channel).min(256) / 2;
        let held = fifo.held();
        match end {
            End::Read => self.capacity(channel).saturating_sub(held) >= half,
            End::Write => held >= half,
        }
    }

    /// Publishes `end`'s moves on `fifo` and wakes the kernel asleep on
    /// the other side, if any.
    fn publish(&self, fifo: &Fifo, end: End) {
        fifo.publish(end);
        self.wake(fifo, other(end));
    }

    /// Publishes every move of the calling thread's kernel: before it
    /// waits (the kernel it waits on may wait on those values) and when it
    /// finishes.
    fn publish_all(&self) {
        let listed = UNPUBLISHED.with(|u| std::mem::take(&mut *u.borrow_mut()));
        for (channel, index, end) in listed {
            let fifo = self.fifo(channel, index);
            fifo.unlist(end);
            // Published or not, its moves may not have woken the other
            // side yet (moved_on).
            self.publish(fifo, end);
        }
    }

    /// After a move on `fifo`: wakes the kernel asleep on its `other` side.
    fn wake(&self, fifo: &Fifo, other: End) {
        if let Some(kernel) = fifo.sleeper(other) {
            // Under the lock: the sleeper is then either waiting on its
            // condition variable or has not checked the element yet.
            let _state = self.lock();
            if let Some(moved) = self.moved.get(kernel) {
                moved.notify_all();
            }
        }
    }

    pub(crate) fn write(&self, k: usize, channel: Option<usize>, index: i64, value: &[u8]) {
        if let Some(fifo) = self.acquire(k, channel, index, End::Write) {
            fifo.push(value);
            self.moved_on(fifo, (channel.unwrap_or(0), index as usize), End::Write);
        }
    }

    pub(crate) fn read(&self, k: usize, channel: Option<usize>, index: i64, value: &mut [u8]) {
        let Some(fifo) = self.acquire(k, channel, index, End::Read) else {
            value.fill(0);
            return;
        };
        fifo.pop(value);
        self.moved_on(fifo, (channel.unwrap_or(0), index as usize), End::Read);
    }
}

/// The side across from `end`.
fn other(end: End) -> End {
    match end {
        End::Write => End::Read,
        End::Read => End::Write,
    }
}

/// Makes the calling thread kernel `k` of `run` until [`leave`].
pub fn enter(run: &Arc<Run>, k: usize) {
    CURRENT.with(|c| *c.borrow_mut() = Some((run.clone(), k)));
    FAST.with(|f| f.set((Arc::as_ptr(run), k)));
}

/// The calling thread no longer runs a kernel: its moves are published.
pub fn leave() {
    FAST.with(|f| f.set((std::ptr::null(), 0)));
    if let Some((run, _)) = CURRENT.with(|c| c.borrow_mut().take()) {
        run.publish_all();
    }
}

pub(crate) fn with_current(f: impl FnOnce(&Run, usize)) -> bool {
    let (run, k) = FAST.with(Cell::get);
    if run.is_null() {
        return false;
    }
    // SAFETY: `FAST` points into the Arc that `CURRENT` holds; `enter` and
    // `leave` set and clear the two together on this thread.
    f(unsafe { &*run }, k);
    true
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
