//! One channel element's FIFO, without a lock: a single-producer,
//! single-consumer queue of fixed-size segments.
//!
//! The writer appends to the segment it holds and, when that segment is
//! full, links a next one (the consumer's last emptied segment when there
//! is one, so a steady stream allocates nothing); the reader follows the
//! links and hands each emptied segment back. The two counters are the only
//! state both sides touch: `written` is stored by the writer alone (Release,
//! after the value and any link), `read` by the reader alone (Release,
//! after it copied the value out). A depth is a bound on `written - read`,
//! which the writer checks before appending; the queue itself is unbounded.
//!
//! One writer and one reader per element is the channel discipline (a
//! channel connects two kernels); [`Fifo::claim`] enforces it, so that a
//! second writer is a reported misuse, never a data race.

use std::cell::UnsafeCell;
use std::ptr;
use std::sync::atomic::{fence, AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};

/// Values per segment.
const SEGMENT: u64 = 64;

/// No kernel has claimed the side yet.
const NOBODY: usize = usize::MAX;

struct Segment {
    data: Box<[u8]>,
    next: AtomicPtr<Segment>,
}

impl Segment {
    fn alloc(bytes: usize) -> *mut Segment {
        Box::into_raw(Box::new(Segment {
            data: vec![0u8; bytes * SEGMENT as usize].into_boxed_slice(),
            next: AtomicPtr::new(ptr::null_mut()),
        }))
    }
}

/// Keeps the writer's and the reader's fields on separate cache lines.
#[repr(align(128))]
struct Side {
    /// Values this side has moved: written, or read.
    count: AtomicU64,
    /// The kernel that owns this side ([`NOBODY`] until its first access).
    kernel: AtomicUsize,
    /// The segment the side's next access goes to; only its owner touches it.
    segment: UnsafeCell<*mut Segment>,
    /// Whether the owner sleeps until the other side moves a value.
    sleeping: AtomicBool,
}

impl Side {
    fn new() -> Self {
        Side {
            count: AtomicU64::new(0),
            kernel: AtomicUsize::new(NOBODY),
            segment: UnsafeCell::new(ptr::null_mut()),
            sleeping: AtomicBool::new(false),
        }
    }
}

/// Which side of a FIFO an access is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    Write,
    Read,
}

pub(super) struct Fifo {
    bytes: usize,
    writer: Side,
    reader: Side,
    /// The first segment, made by whichever side comes first.
    first: AtomicPtr<Segment>,
    /// An emptied segment the reader handed back for the writer to reuse.
    spare: AtomicPtr<Segment>,
}

// SAFETY: the segment cells are touched only by the side's owner, one
// thread ([`Fifo::claim`]); the data they point to is published through
// the counters' Release stores and read after their Acquire loads.
unsafe impl Sync for Fifo {}
// SAFETY: as for Sync; the raw pointers own heap segments freed in Drop.
unsafe impl Send for Fifo {}

impl Fifo {
    pub(super) fn new(bytes: usize) -> Self {
        Fifo {
            bytes,
            writer: Side::new(),
            reader: Side::new(),
            first: AtomicPtr::new(ptr::null_mut()),
            spare: AtomicPtr::new(ptr::null_mut()),
        }
    }

    fn side(&self, end: End) -> &Side {
        match end {
            End::Write => &self.writer,
            End::Read => &self.reader,
        }
    }

    /// Makes kernel `k` the owner of `end` on its first access; the kernel
    /// that owns it already when another one comes (a misuse).
    pub(super) fn claim(&self, end: End, k: usize) -> Result<(), usize> {
        let side = self.side(end);
        if side.kernel.load(Ordering::Relaxed) == k {
            return Ok(());
        }
        match side
            .kernel
            .compare_exchange(NOBODY, k, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => Ok(()),
            Err(owner) if owner == k => Ok(()),
            Err(owner) => Err(owner),
        }
    }

    /// Marks the owner of `end` asleep (or awake). Asleep, it then checks
    /// the element again: the fence pairs with [`Fifo::sleeper`]'s, so
    /// either that check sees the other side's move or the mover sees the
    /// mark.
    pub(super) fn set_sleeping(&self, end: End, sleeping: bool) {
        self.side(end).sleeping.store(sleeping, Ordering::SeqCst);
        fence(Ordering::SeqCst);
    }

    /// After a move on the other side: the kernel asleep on `end`, if any.
    pub(super) fn sleeper(&self, end: End) -> Option<usize> {
        fence(Ordering::SeqCst);
        let side = self.side(end);
        side.sleeping
            .load(Ordering::SeqCst)
            .then(|| side.kernel.load(Ordering::Acquire))
    }

    /// Values written so far.
    pub(super) fn passed(&self) -> u64 {
        self.writer.count.load(Ordering::Acquire)
    }

    /// Values written and not read yet.
    pub(super) fn held(&self) -> u64 {
        let read = self.reader.count.load(Ordering::Acquire);
        self.passed().saturating_sub(read)
    }

    /// The segment `side` starts from: the first one, made on demand.
    fn start(&self) -> *mut Segment {
        let first = self.first.load(Ordering::Acquire);
        if !first.is_null() {
            return first;
        }
        let made = Segment::alloc(self.bytes);
        match self.first.compare_exchange(
            ptr::null_mut(),
            made,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => made,
            Err(other) => {
                // SAFETY: `made` was never shared.
                drop(unsafe { Box::from_raw(made) });
                other
            }
        }
    }

    /// Appends `value` (the writer's owner, with `held() < depth` checked).
    pub(super) fn push(&self, value: &[u8]) {
        let written = self.writer.count.load(Ordering::Relaxed);
        // SAFETY: only the writer's owner thread reaches here (claim).
        let cell = unsafe { &mut *self.writer.segment.get() };
        if cell.is_null() {
            *cell = self.start();
        }
        let slot = (written % SEGMENT) as usize;
        // SAFETY: `*cell` is a live segment only the writer fills at this
        // slot: the reader reads it only after `written` passes it.
        unsafe {
            let data = &mut (**cell).data;
            let n = value.len().min(self.bytes);
            data[slot * self.bytes..slot * self.bytes + n].copy_from_slice(&value[..n]);
        }
        if slot as u64 == SEGMENT - 1 {
            let next = self.spare.swap(ptr::null_mut(), Ordering::Acquire);
            let next = if next.is_null() {
                Segment::alloc(self.bytes)
            } else {
                // SAFETY: a spare segment belongs to nobody else now.
                unsafe { (*next).next.store(ptr::null_mut(), Ordering::Relaxed) };
                next
            };
            // SAFETY: `*cell` is live; the link is published by the
            // Release store of `written` below.
            unsafe { (**cell).next.store(next, Ordering::Relaxed) };
            *cell = next;
        }
        self.writer.count.store(written + 1, Ordering::Release);
    }

    /// Takes the oldest value into `out` (the reader's owner, with
    /// `held() > 0` checked).
    pub(super) fn pop(&self, out: &mut [u8]) {
        let read = self.reader.count.load(Ordering::Relaxed);
        // SAFETY: only the reader's owner thread reaches here (claim).
        let cell = unsafe { &mut *self.reader.segment.get() };
        if cell.is_null() {
            *cell = self.start();
        }
        let slot = (read % SEGMENT) as usize;
        // SAFETY: the writer published this slot (its `written` store,
        // which the caller's `held` loaded with Acquire, follows the copy).
        unsafe {
            let data = &(**cell).data;
            let n = out.len().min(self.bytes);
            out[..n].copy_from_slice(&data[slot * self.bytes..slot * self.bytes + n]);
        }
        if slot as u64 == SEGMENT - 1 {
            let done = *cell;
            // SAFETY: the writer linked the next segment before publishing
            // this segment's last value.
            *cell = unsafe { (*done).next.load(Ordering::Relaxed) };
            // The writer moved past `done` when it filled it: hand it back.
            let old = self.spare.swap(done, Ordering::AcqRel);
            if !old.is_null() {
                // SAFETY: a spare nobody took is owned by the swap.
                drop(unsafe { Box::from_raw(old) });
            }
        }
        self.reader.count.store(read + 1, Ordering::Release);
    }
}

impl Drop for Fifo {
    fn drop(&mut self) {
        // Every segment from the reader's (or the first) to the last is
        // linked; the spare is apart.
        let mut at = *self.reader.segment.get_mut();
        if at.is_null() {
            at = *self.first.get_mut();
        }
        while !at.is_null() {
            // SAFETY: the chain's segments are owned by the FIFO, each once.
            let segment = unsafe { Box::from_raw(at) };
            at = segment.next.load(Ordering::Relaxed);
        }
        let spare = *self.spare.get_mut();
        if !spare.is_null() {
            // SAFETY: owned by the FIFO, not on the chain.
            drop(unsafe { Box::from_raw(spare) });
        }
    }
}
