//! One channel element's FIFO, without a lock: a single-producer,
//! single-consumer queue of fixed-size segments.
//!
//! The writer appends to the segment it holds and, when that segment is
//! full, links a next one (the consumer's last emptied segment when there
//! is one, so a steady stream allocates nothing); the reader follows the
//! links and hands each emptied segment back. The two published counters
//! are the only state both sides touch: `written` is stored by the writer
//! alone (Release, after the values and any link), `read` by the reader
//! alone (Release, after it copied the values out). A depth is a bound on
//! `written - read`, which the writer checks before appending; the queue
//! itself is unbounded.
//!
//! Each side counts its moves privately and publishes its counter now and
//! then ([`Fifo::publish`]: every [`BATCH`] moves, and whenever its kernel
//! is about to wait or finishes), and checks the other side's published
//! counter only when the last value it saw says empty or full. A value then
//! costs no cache line moved between cores; a batch costs one.
//!
//! One writer and one reader per element is the channel discipline (a
//! channel connects two kernels); [`Fifo::claim`] enforces it, so that a
//! second writer is a reported misuse, never a data race.

use std::cell::UnsafeCell;
use std::ptr;
use std::sync::atomic::{fence, AtomicPtr, AtomicU64, AtomicU8, AtomicUsize, Ordering};

/// Values per segment.
const SEGMENT: u64 = 64;

/// Moves a side makes before it publishes them on its own.
pub(super) const BATCH: u64 = 32;

/// A side's owner is not asleep.
pub(super) const RUNNING: u8 = 0;
/// A side's owner sleeps: the other side wakes it when it publishes.
pub(super) const SLEEPING: u8 = 1;

/// No kernel has claimed the side yet.
const NOBODY: usize = usize::MAX;

/// [`SEGMENT`] values, and the link to the next segment. The values are
/// reached through a raw pointer only: the writer fills one slot while the
/// reader copies out another, so no reference to the whole may exist.
struct Segment {
    data: *mut u8,
    len: usize,
    next: AtomicPtr<Segment>,
}

impl Segment {
    fn alloc(bytes: usize) -> *mut Segment {
        let data: Box<[u8]> = vec![0u8; bytes * SEGMENT as usize].into_boxed_slice();
        let len = data.len();
        Box::into_raw(Box::new(Segment {
            data: Box::into_raw(data) as *mut u8,
            len,
            next: AtomicPtr::new(ptr::null_mut()),
        }))
    }

    /// The first value's byte of `segment`, a live segment.
    fn data(segment: *mut Segment) -> *mut u8 {
        // SAFETY: the caller passes a live segment; `data` never changes.
        unsafe { (*segment).data }
    }
}

impl Drop for Segment {
    fn drop(&mut self) {
        // SAFETY: `data` and `len` come from the boxed slice of `alloc`,
        // freed once, here.
        drop(unsafe { Box::from_raw(ptr::slice_from_raw_parts_mut(self.data, self.len)) });
    }
}

/// One side of a FIFO: what the other side reads, then what the owner
/// touches on every move, each on its own cache lines (the owner's
/// counting must not move the line the other side polls, and a move must
/// touch one line of the FIFO, not three).
struct Side {
    /// Values this side has moved and published: written, or read.
    count: AtomicU64,
    /// Whether the owner sleeps until the other side moves a value:
    /// [`RUNNING`] or [`SLEEPING`].
    waiting: AtomicU8,
    own: Own,
}

/// The owner's fields of a [`Side`]: one cache line that a move touches
/// alone. Only the owner thread touches the cells; the other side reads
/// `kernel` only to wake a sleeping owner or to name it in a misuse.
#[repr(align(128))]
struct Own {
    /// The kernel that owns this side ([`NOBODY`] until its first access).
    kernel: AtomicUsize,
    /// Bytes per value (the FIFO's, copied so that a move need not load
    /// another line).
    bytes: usize,
    /// Values moved, published or not.
    moved: UnsafeCell<u64>,
    /// Of `moved`, the values published (`count`'s value, kept here so
    /// that a move need not load the line the other side polls).
    published: UnsafeCell<u64>,
    /// The other side's published count as last loaded.
    seen: UnsafeCell<u64>,
    /// Whether the side is on its kernel's list of FIFOs to publish.
    listed: UnsafeCell<bool>,
    /// The segment the side's next access goes to...
    segment: UnsafeCell<*mut Segment>,
    /// ...and its values ([`Segment::data`]), kept here so that a move
    /// need not load the segment's header.
    data: UnsafeCell<*mut u8>,
}

impl Side {
    fn new(bytes: usize) -> Self {
        Side {
            count: AtomicU64::new(0),
            waiting: AtomicU8::new(RUNNING),
            own: Own {
                kernel: AtomicUsize::new(NOBODY),
                bytes,
                moved: UnsafeCell::new(0),
                published: UnsafeCell::new(0),
                seen: UnsafeCell::new(0),
                listed: UnsafeCell::new(false),
                segment: UnsafeCell::new(ptr::null_mut()),
                data: UnsafeCell::new(ptr::null_mut()),
            },
        }
    }
}

/// A value on cache lines of its own.
#[repr(align(128))]
struct Lines<T>(T);

impl<T> std::ops::Deref for Lines<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Which side of a FIFO an access is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    Write,
    Read,
}

#[repr(C)]
pub(super) struct Fifo {
    writer: Lines<Side>,
    reader: Lines<Side>,
    bytes: usize,
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
            writer: Lines(Side::new(bytes)),
            reader: Lines(Side::new(bytes)),
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
    #[inline(always)]
    pub(super) fn claim(&self, end: End, k: usize) -> Result<(), usize> {
        let side = self.side(end);
        if side.own.kernel.load(Ordering::Relaxed) == k {
            return Ok(());
        }
        match side
            .own
            .kernel
            .compare_exchange(NOBODY, k, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => Ok(()),
            Err(owner) if owner == k => Ok(()),
            Err(owner) => Err(owner),
        }
    }

    /// Marks the owner of `end` asleep (or not). Asleep, it then checks the
    /// element again: the fence pairs with [`Fifo::sleeper`]'s, so either
    /// that check sees the other side's move or the mover sees the mark.
    pub(super) fn set_waiting(&self, end: End, waiting: u8) {
        self.side(end).waiting.store(waiting, Ordering::SeqCst);
        fence(Ordering::SeqCst);
    }

    /// After a move on the other side: the kernel asleep on `end`, if any.
    pub(super) fn sleeper(&self, end: End) -> Option<usize> {
        fence(Ordering::SeqCst);
        let side = self.side(end);
        (side.waiting.load(Ordering::SeqCst) == SLEEPING)
            .then(|| side.own.kernel.load(Ordering::Acquire))
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

    /// Whether `end`'s owner can move a value now: a value to read, or room
    /// under `capacity` to write. The other side's counter is loaded only
    /// when the last one seen says no.
    #[inline(always)]
    pub(super) fn ready(&self, end: End, capacity: u64) -> bool {
        let (side, other) = match end {
            End::Write => (&self.writer, &self.reader),
            End::Read => (&self.reader, &self.writer),
        };
        // SAFETY: only `end`'s owner thread calls this (claim).
        let (moved, seen) = unsafe { (*side.own.moved.get(), &mut *side.own.seen.get()) };
        let can = |seen: u64| match end {
            End::Write => moved - seen < capacity,
            End::Read => moved < seen,
        };
        if can(*seen) {
            return true;
        }
        *seen = other.count.load(Ordering::Acquire);
        can(*seen)
    }

    /// The moves `end`'s owner has made and not published.
    #[inline]
    pub(super) fn unpublished(&self, end: End) -> u64 {
        let side = self.side(end);
        // SAFETY: only `end`'s owner thread calls this (claim).
        unsafe { *side.own.moved.get() - *side.own.published.get() }
    }

    /// Publishes `end`'s moves (its owner): the other side may take them.
    pub(super) fn publish(&self, end: End) {
        let side = self.side(end);
        // SAFETY: only `end`'s owner thread calls this (claim).
        let moved = unsafe { *side.own.moved.get() };
        // SAFETY: as above.
        unsafe { *side.own.published.get() = moved };
        side.count.store(moved, Ordering::Release);
    }

    /// Puts `end` on its owner's list of FIFOs to publish; `false` when it
    /// is there already. [`Fifo::unlist`] takes it off.
    #[inline]
    pub(super) fn list(&self, end: End) -> bool {
        // SAFETY: only `end`'s owner thread calls this (claim).
        let listed = unsafe { &mut *self.side(end).own.listed.get() };
        !std::mem::replace(listed, true)
    }

    pub(super) fn unlist(&self, end: End) {
        // SAFETY: only `end`'s owner thread calls this (claim).
        unsafe { *self.side(end).own.listed.get() = false };
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

    /// The segment and values `side` (its owner) moves through now, the
    /// first segment on the side's first move.
    #[inline(always)]
    fn cursor(&self, side: &Side) -> (*mut Segment, *mut u8) {
        // SAFETY: only the side's owner thread calls this (claim).
        unsafe {
            if (*side.own.segment.get()).is_null() {
                Self::move_to(side, self.start());
            }
            (*side.own.segment.get(), *side.own.data.get())
        }
    }

    /// Makes `next` the segment `side` (its owner) moves through.
    fn move_to(side: &Side, next: *mut Segment) {
        // SAFETY: only the side's owner thread calls this (claim).
        unsafe {
            *side.own.segment.get() = next;
            *side.own.data.get() = Segment::data(next);
        }
    }

    /// Appends `value` (the writer's owner, with `ready` checked); the
    /// reader sees it once the writer publishes.
    #[inline]
    pub(super) fn push(&self, value: &[u8]) {
        let own = &self.writer.own;
        // SAFETY: only the writer's owner thread reaches here (claim).
        let written = unsafe { *own.moved.get() };
        let (segment, data) = self.cursor(&self.writer);
        let slot = (written % SEGMENT) as usize;
        let n = value.len().min(own.bytes);
        // SAFETY: `data` holds SEGMENT slots of `bytes` bytes and only the
        // writer fills this slot: the reader reads it only after `written`
        // passes it.
        let dst = unsafe { std::slice::from_raw_parts_mut(data.add(slot * own.bytes), n) };
        copy(dst, &value[..n]);
        if slot as u64 == SEGMENT - 1 {
            let next = self.spare.swap(ptr::null_mut(), Ordering::Acquire);
            let next = if next.is_null() {
                Segment::alloc(own.bytes)
            } else {
                // SAFETY: a spare segment belongs to nobody else now.
                unsafe { (*next).next.store(ptr::null_mut(), Ordering::Relaxed) };
                next
            };
            // SAFETY: `segment` is live; the link is published by the
            // Release store of `written` below.
            unsafe { (*segment).next.store(next, Ordering::Relaxed) };
            Self::move_to(&self.writer, next);
        }
        // SAFETY: as above.
        unsafe { *own.moved.get() = written + 1 };
    }

    /// Takes the oldest value into `out` (the reader's owner, with
    /// `ready` checked); the writer gets its room back once the reader
    /// publishes.
    #[inline]
    pub(super) fn pop(&self, out: &mut [u8]) {
        let own = &self.reader.own;
        // SAFETY: only the reader's owner thread reaches here (claim).
        let read = unsafe { *own.moved.get() };
        let (done, data) = self.cursor(&self.reader);
        let slot = (read % SEGMENT) as usize;
        let n = out.len().min(own.bytes);
        // SAFETY: the writer published this slot (its `written` store,
        // which the caller's `ready` loaded with Acquire, follows the
        // copy), and does not touch it again until the reader hands the
        // segment back.
        let src = unsafe { std::slice::from_raw_parts(data.add(slot * own.bytes), n) };
        copy(&mut out[..n], src);
        out[n..].fill(0);
        if slot as u64 == SEGMENT - 1 {
            // SAFETY: the writer linked the next segment before publishing
            // this segment's last value.
            Self::move_to(&self.reader, unsafe {
                (*done).next.load(Ordering::Relaxed)
            });
            // The writer moved past `done` when it filled it: hand it back.
            let old = self.spare.swap(done, Ordering::AcqRel);
            if !old.is_null() {
                // SAFETY: a spare nobody took is owned by the swap.
                drop(unsafe { Box::from_raw(old) });
            }
        }
        // SAFETY: as above.
        unsafe { *own.moved.get() = read + 1 };
    }
}

/// `dst.copy_from_slice(src)`, with the common sizes of a value (a scalar,
/// a short vector) copied inline rather than by a call to `memcpy`.
#[inline(always)]
fn copy(dst: &mut [u8], src: &[u8]) {
    match dst.len() {
        4 => dst.copy_from_slice(&src[..4]),
        8 => dst.copy_from_slice(&src[..8]),
        16 => dst.copy_from_slice(&src[..16]),
        32 => dst.copy_from_slice(&src[..32]),
        64 => dst.copy_from_slice(&src[..64]),
        _ => dst.copy_from_slice(src),
    }
}

impl Drop for Fifo {
    fn drop(&mut self) {
        // Every segment from the reader's (or the first) to the last is
        // linked; the spare is apart.
        let mut at = *self.reader.0.own.segment.get_mut();
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
