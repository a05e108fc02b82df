//! Progress while a mode runs, on a terminal only (nothing is drawn when
//! stderr is a pipe or a file): a spinner with the elapsed time while the
//! program is compiled and run, which becomes a bar of the iteration points
//! when the interpreter reports how far it is.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

static ACTIVE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// The progress of one mode's run; cleared when dropped.
pub struct Spinner {
    stop: Arc<AtomicBool>,
    poller: Option<JoinHandle<()>>,
}

impl Spinner {
    pub fn start(mode: &str) -> Spinner {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if bar.is_hidden() {
            return Spinner {
                stop: Arc::new(AtomicBool::new(true)),
                poller: None,
            };
        }
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
            bar.set_style(style);
        }
        bar.set_message(format!("{mode}: running"));
        bar.enable_steady_tick(Duration::from_millis(120));
        if let Ok(mut active) = ACTIVE.lock() {
            *active = Some(bar.clone());
        }
        let stop = Arc::new(AtomicBool::new(false));
        let poller = {
            let stop = stop.clone();
            let mode = mode.to_string();
            std::thread::spawn(move || poll_points(&bar, &mode, &stop))
        };
        Spinner {
            stop,
            poller: Some(poller),
        }
    }
}

/// Turns the spinner into a bar while the interpreter reports its points.
fn poll_points(bar: &ProgressBar, mode: &str, stop: &AtomicBool) {
    let mut showing_points = false;
    while !stop.load(Ordering::Relaxed) {
        let (done, total) = t2s_model::interpret::progress::snapshot();
        if total > 0 {
            if !showing_points {
                bar.set_length(total);
                bar.set_position(done);
                bar.set_message(format!("{mode}:"));
                if let Ok(style) = ProgressStyle::with_template(
                    "{msg} [{bar:30}] {human_pos}/{human_len} points, {elapsed} (eta {eta})",
                ) {
                    bar.set_style(style.progress_chars("=> "));
                }
                showing_points = true;
            }
            bar.set_position(done);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(poller) = self.poller.take() {
            let _ = poller.join();
        }
        if let Some(bar) = ACTIVE.lock().ok().and_then(|mut a| a.take()) {
            bar.finish_and_clear();
        }
    }
}

/// Runs `f` (which writes to stderr) with the progress hidden.
pub fn suspended<R>(f: impl FnOnce() -> R) -> R {
    let bar = ACTIVE.lock().ok().and_then(|a| a.clone());
    match bar {
        Some(bar) => bar.suspend(f),
        None => f(),
    }
}
