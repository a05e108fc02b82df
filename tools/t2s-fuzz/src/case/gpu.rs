//! The GPU route on a generated program: a `ure.gpu_map` of random outer
//! loops (some to blocks, some to threads, sometimes with a shared input
//! and its scope, sometimes double-buffered; sometimes a staged output) is
//! compiled to PTX by `t2s-systolic-to-ptx`. There is no GPU here to run
//! it: the check is that the route either makes the kernel (a
//! `gpu.binary`) or refuses the mapping with a diagnostic, never
//! an internal error, a pass's invalid output or a crash (the fork reports
//! those).

use super::{context, internal_error};
use melior::ir::Module;
use t2s_exec::execute::run_pipeline;

/// What went wrong, if anything: the program as it is (one GPU thread),
/// then with a random mapping.
pub fn check(text: &str) -> Option<String> {
    [Some(text.to_string()), with_gpu_map(text)]
        .into_iter()
        .flatten()
        .find_map(|candidate| compile(&candidate))
}

fn compile(text: &str) -> Option<String> {
    let (context, seen) = context();
    let mut module = Module::parse(&context, text)?;
    match run_pipeline(&context, &mut module, "builtin.module(t2s-systolic-to-ptx)") {
        Ok(()) => {
            let printed = module.as_operation().to_string();
            (!printed.contains("gpu.binary"))
                .then(|| "t2s-systolic-to-ptx succeeded without a gpu.binary".to_string())
        }
        Err(_) => {
            if let Some(internal) = internal_error(&seen) {
                return Some(format!("the GPU route: {internal}"));
            }
            seen.borrow()
                .is_empty()
                .then(|| "the GPU route failed without a diagnostic".to_string())
        }
    }
}

/// `text` with a `ure.gpu_map` of its representative's outermost loops
/// (the Func's loops are listed innermost first), drawn from the text
/// itself; `None` for a program without a space-time transform.
fn with_gpu_map(text: &str) -> Option<String> {
    let (rep, loops) = transformed(text)?;
    let inputs: Vec<String> = text
        .match_indices("ure.input @")
        .map(|(at, m)| {
            text[at + m.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect();
    let mut rng = Mix(text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }));
    let count = 1 + rng.below(loops.len().min(4));
    let outer: Vec<&String> = loops.iter().rev().take(count).collect();
    let split = rng.below(outer.len() + 1).min(3);
    let (blocks, threads) = outer.split_at(split);
    let threads = &threads[..threads.len().min(3)];
    let list = |names: &[&String]| {
        names
            .iter()
            .map(|n| n.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut directive = format!(
        "  ure.gpu_map @{rep} blocks ({}) threads ({})",
        list(blocks),
        list(threads)
    );
    let inner = loops.len().checked_sub(count + 1).map(|i| &loops[i]);
    // A program with feeders (ure.stream_input) gets its shared tiles from
    // them; a shared clause as well is refused (both forms are drawn).
    let feeders = text.contains("ure.stream_input") && rng.below(4) != 0;
    if let (Some(scope), false, true, false) =
        (inner, inputs.is_empty(), rng.below(3) == 0, feeders)
    {
        let input = &inputs[rng.below(inputs.len())];
        directive.push_str(&format!(" shared [@{input}] scope ({scope})"));
        if rng.below(2) == 0 {
            directive.push_str(" double_buffered");
        }
    }
    if rng.below(3) == 0 {
        directive.push_str(" staged_output");
    }
    if blocks.is_empty() && threads.is_empty() {
        return None;
    }
    let end = text.rfind('}')?;
    Some(format!("{}{directive}\n{}", &text[..end], &text[end..]))
}

/// The representative of the space-time transform and its loops,
/// innermost first; `None` for a program without one.
pub(super) fn transformed(text: &str) -> Option<(String, Vec<String>)> {
    let rep = after(text, "ure.space_time_transform @")?;
    let rep: String = rep
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    let decl = after(text, &format!("ure.func @{rep}("))?;
    let loops: Vec<String> = decl[..decl.find(')')?]
        .split(',')
        .map(|l| l.split('=').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    Some((rep, loops))
}

fn after<'t>(text: &'t str, what: &str) -> Option<&'t str> {
    text.find(what).map(|at| &text[at + what.len()..])
}

/// SplitMix64, seeded by the program's text: the same program draws the
/// same mapping.
struct Mix(u64);

impl Mix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % n.max(1) as u64) as usize
    }
}
