//! A progress line for long compiles, on a terminal only: after a second, a
//! spinner with the elapsed time and the t2s pass running (nothing is drawn
//! when stderr is a pipe or a file, so logs and FileCheck see only the
//! diagnostics).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Shown only for compiles longer than this (milliseconds; the tests set
/// `T2S_PROGRESS_AFTER_MS=0`).
fn quiet_for() -> Duration {
    let ms = std::env::var("T2S_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    Duration::from_millis(ms)
}

pub struct Progress {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    pub fn start() -> Progress {
        let stop = Arc::new(AtomicBool::new(false));
        if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            return Progress { stop, thread: None };
        }
        let thread = {
            let stop = stop.clone();
            std::thread::spawn(move || draw(&stop))
        };
        Progress {
            stop,
            thread: Some(thread),
        }
    }
}

fn draw(stop: &AtomicBool) {
    let started = Instant::now();
    let quiet = quiet_for();
    while started.elapsed() < quiet {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        .with_elapsed(started.elapsed());
    if let Ok(style) = ProgressStyle::with_template("{spinner} t2s-opt: {msg} {elapsed}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(120));
    while !stop.load(Ordering::Relaxed) {
        bar.set_message(match t2s_ir::progress::current_pass() {
            Some(pass) => format!("running {pass}"),
            None => "running upstream passes".to_string(),
        });
        std::thread::sleep(Duration::from_millis(50));
    }
    bar.finish_and_clear();
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
