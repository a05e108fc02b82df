//! Which t2s pass is running, for a driver's progress line (`t2s-opt` draws
//! one on a terminal during a long compile). Per process; `None` between
//! t2s passes (upstream passes, parsing, printing).

use std::sync::Mutex;

static CURRENT: Mutex<Option<&'static str>> = Mutex::new(None);

/// The argument of the t2s pass running now.
pub fn current_pass() -> Option<&'static str> {
    CURRENT.lock().ok().and_then(|c| *c)
}

/// Marks `pass` as running until the guard drops.
pub(crate) fn running(pass: &'static str) -> Running {
    if let Ok(mut c) = CURRENT.lock() {
        *c = Some(pass);
    }
    Running
}

pub(crate) struct Running;

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(mut c) = CURRENT.lock() {
            *c = None;
        }
    }
}
