//! The deadlock diagnosis of a run: when no kernel can move again, and the
//! report of who waits on what.

use super::{DepthMode, Fifo, Run, State, Status};

impl Run {
    /// The channels some kernel waits on, each once, in order.
    pub(super) fn waited_on(state: &State) -> Vec<usize> {
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
    pub(super) fn report(&self, state: &State) -> String {
        let mut lines =
            vec!["deadlock: every kernel still running is blocked on a channel".to_string()];
        let mut shallow = false;
        for (k, status) in state.status.iter().enumerate() {
            let kernel = &self.kernels[k];
            lines.push(match status {
                Status::Waiting { channel, index, full } => {
                    let passed = self.fifo(*channel, *index).passed();
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
        for (spec, fifos) in self.channels.iter().zip(&self.fifos) {
            let passed: u64 = self.used(fifos.iter()).map(Fifo::passed).sum();
            let held: u64 = self.used(fifos.iter()).map(Fifo::held).sum();
            let count: i64 = spec.dims.iter().product();
            lines.push(format!(
                "  channel @{}: {passed} values passed through {} of its {count} channels, {held} still in them",
                spec.name,
                self.used(fifos.iter()).filter(|f| f.passed() > 0).count(),
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
    pub(super) fn stuck(&self, state: &State) -> bool {
        state.live > 0
            && state.status.iter().all(|s| match s {
                Status::Done => true,
                Status::Running => false,
                Status::Waiting {
                    channel,
                    index,
                    full,
                } => !self.ready((*channel, *index), *full),
            })
    }
}
