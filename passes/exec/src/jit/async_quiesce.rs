//! Waiting until MLIR's async runtime has no worker thread in JIT-compiled
//! code, so that an engine can be destroyed.
//!
//! The runtime (`libmlir_async_runtime`) exports no wait for its thread
//! pool. Its pool runs every task it is given, each on a worker, up to the
//! pool's concurrency. So as many barrier tasks as there are workers, each
//! waiting until all have started, occupy every worker at once: at that
//! moment no worker is running anything else, and a task that was still
//! finishing a compiled coroutine has returned from it.

use std::ffi::c_void;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long the barrier waits for every worker: a task of the compiled code
/// that is past its last await runs only a few instructions more.
const PATIENCE: Duration = Duration::from_secs(10);

/// The barrier's state: how many of its tasks have started, and whether
/// the waiter gave up (then the tasks return at once).
struct Barrier {
    state: Mutex<(i64, bool)>,
    arrived: Condvar,
    workers: i64,
}

type Resume = extern "C" fn(*mut c_void);
type Execute = unsafe extern "C" fn(*mut c_void, Resume);
type Workers = unsafe extern "C" fn() -> i64;

/// One barrier task, run by a worker: it arrives and waits for the others.
extern "C" fn arrive(handle: *mut c_void) {
    // SAFETY: `handle` is an `Arc<Barrier>` leaked by `wait` for this task.
    let barrier = unsafe { Arc::from_raw(handle as *const Barrier) };
    let Ok(mut state) = barrier.state.lock() else {
        return;
    };
    state.0 += 1;
    barrier.arrived.notify_all();
    while state.0 < barrier.workers && !state.1 {
        match barrier.arrived.wait(state) {
            Ok(s) => state = s,
            Err(_) => return,
        }
    }
}

/// Occupies every worker of the async runtime at once; true when they all
/// arrived (no worker is in compiled code), false when the runtime is
/// missing or some worker did not arrive within [`PATIENCE`].
pub fn wait() -> bool {
    let Ok(library) = super::async_runtime() else {
        return false;
    };
    // SAFETY: the runtime's own functions, with the signatures of MLIR's
    // AsyncRuntime.h; the library stays loaded for the process.
    let (execute, workers) = unsafe {
        let (Ok(execute), Ok(workers)) = (
            library.get::<Execute>(b"mlirAsyncRuntimeExecute"),
            library.get::<Workers>(b"mlirAsyncRuntimGetNumWorkerThreads"),
        ) else {
            return false;
        };
        (*execute, *workers)
    };
    // SAFETY: see above.
    let count = unsafe { workers() };
    if count <= 0 {
        return true;
    }
    let barrier = Arc::new(Barrier {
        state: Mutex::new((0, false)),
        arrived: Condvar::new(),
        workers: count,
    });
    for _ in 0..count {
        let handle = Arc::into_raw(barrier.clone()) as *mut c_void;
        // SAFETY: `arrive` takes back the reference leaked for it.
        unsafe { execute(handle, arrive) };
    }
    let Ok(state) = barrier.state.lock() else {
        return false;
    };
    let Ok((mut state, _)) = barrier
        .arrived
        .wait_timeout_while(state, PATIENCE, |s| s.0 < count)
    else {
        return false;
    };
    let all = state.0 >= count;
    // Release the tasks that are still waiting, if any.
    state.1 = true;
    barrier.arrived.notify_all();
    all
}
