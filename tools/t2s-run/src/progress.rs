//! A spinner with the elapsed time while a mode runs (lowering, JIT
//! compilation and the run itself can take long on big designs), on a
//! terminal only: nothing is drawn when stderr is a pipe or a file.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Mutex;
use std::time::Duration;

static ACTIVE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// The spinner of one mode's run; cleared when dropped.
pub struct Spinner;

impl Spinner {
    pub fn start(mode: &str) -> Spinner {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
            bar.set_style(style);
        }
        bar.set_message(format!("{mode}: running"));
        bar.enable_steady_tick(Duration::from_millis(120));
        if let Ok(mut active) = ACTIVE.lock() {
            *active = Some(bar);
        }
        Spinner
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some(bar) = ACTIVE.lock().ok().and_then(|mut a| a.take()) {
            bar.finish_and_clear();
        }
    }
}

/// Runs `f` (which writes to stderr) with the spinner hidden.
pub fn suspended<R>(f: impl FnOnce() -> R) -> R {
    let bar = ACTIVE.lock().ok().and_then(|a| a.clone());
    match bar {
        Some(bar) => bar.suspend(f),
        None => f(),
    }
}
