//! How far the interpreter is in its loop nest, for a front end's progress
//! bar (`t2s-run` draws one on a terminal). The counters are per process:
//! they describe the run in progress, and read (0, 0) when none is.

use std::sync::atomic::{AtomicU64, Ordering};

/// The interpreter publishes its count every this many points.
pub(super) const EVERY: u64 = 1 << 12;

static DONE: AtomicU64 = AtomicU64::new(0);
static TOTAL: AtomicU64 = AtomicU64::new(0);

/// `(points done, points in all)` of the run in progress.
pub fn snapshot() -> (u64, u64) {
    (DONE.load(Ordering::Relaxed), TOTAL.load(Ordering::Relaxed))
}

pub(super) fn set(done: u64) {
    DONE.store(done, Ordering::Relaxed);
}

/// A run in progress; the counters clear when it ends (or fails).
pub(super) struct Run;

impl Run {
    pub(super) fn start(total: u64) -> Run {
        DONE.store(0, Ordering::Relaxed);
        TOTAL.store(total, Ordering::Relaxed);
        Run
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        TOTAL.store(0, Ordering::Relaxed);
        DONE.store(0, Ordering::Relaxed);
    }
}
