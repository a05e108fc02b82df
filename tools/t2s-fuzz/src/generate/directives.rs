//! The schedule and the directives after it.

use super::body::{Loop, Rng};

/// A chain of space-time transforms: each one's space loops and vector.
pub type Chain = Vec<(Vec<String>, Option<Vec<i64>>)>;

/// What the directives made: whether the program has a space-time array,
/// and the chain of transforms when it has one.
pub struct Scheduled {
    pub scheduled: bool,
    pub transforms: Option<Chain>,
}

/// The schedule and what follows it: isolation, vectorization, scatters,
/// a gather and an unloader.
pub fn directives(
    rng: &mut Rng,
    text: &mut String,
    order: &[&str],
    loops: &[Loop],
    read_inputs: &[bool],
) -> Scheduled {
    let extent = |name: &str| {
        loops
            .iter()
            .find(|l| l.name == name)
            .map_or(1, |l| l.extent)
    };
    let Some((space, chain)) = schedule(rng, text, order, loops) else {
        return Scheduled {
            scheduled: unscheduled(rng, text, order, loops),
            transforms: None,
        };
    };
    let kernels = isolate(rng, text, read_inputs, order, &space);
    let wide: Vec<&str> = space.iter().copied().filter(|l| extent(l) >= 2).collect();
    // Half the time every vectorized kernel takes the same loops, so that
    // both ends of a channel have the same lanes (pack-channels).
    let mut shared: Option<Vec<&str>> = None;
    let share = rng.chance(50);
    for target in std::iter::once("f0".to_string()).chain(kernels.iter().cloned()) {
        if wide.is_empty() || !rng.chance(if share { 60 } else { 30 }) {
            continue;
        }
        let chosen: Vec<&str> = wide.iter().copied().filter(|_| rng.chance(60)).collect();
        let chosen = match &shared {
            Some(loops) => loops.clone(),
            None if chosen.is_empty() => vec![*rng.pick(&wide)],
            None => chosen,
        };
        if share {
            shared = Some(chosen.clone());
        }
        *text += &format!("  ure.vectorize @{target} ({})\n", chosen.join(", "));
    }
    // Scatters of inputs along any loop, a gather of the output along a
    // space loop: legal or not (a Down scatter along a serial loop, a
    // loop whose read is under a condition, ...), each refused with a
    // diagnostic when it cannot be done.
    let read: Vec<usize> = (0..read_inputs.len()).filter(|k| read_inputs[*k]).collect();
    if !read.is_empty() && rng.chance(15) {
        let loop_ = *rng.pick(order);
        let strategy = if rng.chance(70) { "up" } else { "down" };
        for k in read.iter().filter(|_| rng.chance(70)) {
            *text += &format!("  ure.scatter @f0 (@in{k}, {loop_}, {strategy})\n");
        }
    }
    if kernels.iter().any(|k| k == "drainer") && rng.chance(20) {
        let loop_ = *rng.pick(&space);
        let strategy = if rng.chance(50) { "up" } else { "down" };
        *text += &format!("  ure.gather @drainer (@out, {loop_}, {strategy})\n");
    }
    // An unloader after the drainer (gathered, vectorized or not): T2S's
    // collector >> FIFO >> unloader.
    if kernels.iter().any(|k| k == "drainer") && rng.chance(30) {
        *text += &format!(
            "  ure.unload @out from @drainer into @unloader depth {}\n",
            rng.range(1, 3)
        );
    }
    Scheduled {
        scheduled: true,
        transforms: Some(chain),
    }
}

/// Without a schedule: sometimes a split (T2S's `split(l, lo, li, F)`),
/// and sometimes a vectorized loop, which becomes the space loop (its inner
/// loop, after a split, now and then); whether there is one.
fn unscheduled(rng: &mut Rng, text: &mut String, order: &[&str], loops: &[Loop]) -> bool {
    let extent = |name: &str| {
        loops
            .iter()
            .find(|l| l.name == name)
            .map_or(1, |l| l.extent)
    };
    let split = split(rng, text, order, loops);
    if !rng.chance(30) {
        return false;
    }
    let wide: Vec<&str> = order.iter().copied().filter(|l| extent(l) >= 2).collect();
    let inner = split
        .as_ref()
        .filter(|(_, f)| *f >= 2)
        .map(|(l, _)| l.as_str());
    let pick = match inner {
        Some(l) if rng.chance(60) => Some(l),
        _ => (!wide.is_empty() && split.is_none()).then(|| *rng.pick(&wide)),
    };
    if let Some(l) = pick {
        *text += &format!("  ure.vectorize @f0 ({l})\n");
        return true;
    }
    false
}

/// Sometimes, isolation directives (the dataflow mode then runs too): some
/// of the inputs the UREs read into one or two loaders, or streamed
/// through a loader and a double-buffered feeder each, the output into a
/// drainer, with random depths.
fn isolate(
    rng: &mut Rng,
    text: &mut String,
    read_inputs: &[bool],
    order: &[&str],
    space: &[&str],
) -> Vec<String> {
    let mut kernels = Vec::new();
    if !rng.chance(50) {
        return kernels;
    }
    let read: Vec<usize> = (0..read_inputs.len()).filter(|k| read_inputs[*k]).collect();
    let mut chosen: Vec<usize> = read.iter().copied().filter(|_| rng.chance(70)).collect();
    if rng.chance(35) {
        chosen.retain(|k| !stream(rng, text, *k, order, space));
    }
    if !chosen.is_empty() {
        if chosen.len() > 1 && rng.chance(50) {
            for k in &chosen {
                *text += &format!(
                    "  ure.isolate_producer [@in{k}] into @loader{k} depth {}\n",
                    rng.range(1, 3)
                );
                kernels.push(format!("loader{k}"));
            }
        } else {
            let names: Vec<String> = chosen.iter().map(|k| format!("@in{k}")).collect();
            *text += &format!(
                "  ure.isolate_producer [{}] into @loader depth {}\n",
                names.join(", "),
                rng.range(1, 3)
            );
            kernels.push("loader".to_string());
        }
    }
    if chosen.is_empty() || rng.chance(70) {
        if rng.chance(25) {
            // The output chain in one directive (no further directive
            // names its collector).
            *text += &output_stream(rng, space);
            return kernels;
        }
        *text += &format!(
            "  ure.isolate_consumer @out into @drainer depth {}\n",
            rng.range(1, 3)
        );
        kernels.push("drainer".to_string());
    }
    kernels
}

/// `ure.stream_output` of the output: a collector gathering along a space
/// loop or not, its lanes a space loop or none, and an unloader.
fn output_stream(rng: &mut Rng, space: &[&str]) -> String {
    let mut pick = || {
        if rng.chance(50) {
            String::new()
        } else {
            rng.pick(space).to_string()
        }
    };
    let scope = pick();
    let out = pick();
    format!(
        "  ure.stream_output @out collector @drainer scope ({scope}) out ({out}) depth {} unloader @unloader\n",
        rng.range(1, 3)
    )
}

/// Sometimes a streaming-tensor chain for input `k`
/// (docs/streaming-tensors.md): a scope loop mostly among the loops the
/// schedule keeps in time, lanes drawn from all the loops, legal or not (a
/// scope that is a space loop or under the skew, lanes that do not index
/// the last dimension are refused with a diagnostic). Whether it streamed
/// the input.
fn stream(rng: &mut Rng, text: &mut String, k: usize, order: &[&str], space: &[&str]) -> bool {
    if !rng.chance(70) {
        return false;
    }
    let time: Vec<&str> = order
        .iter()
        .copied()
        .filter(|l| !space.contains(l))
        .collect();
    let scope = if !time.is_empty() && rng.chance(85) {
        *rng.pick(&time)
    } else {
        *rng.pick(order)
    };
    let out = if rng.chance(40) {
        String::new()
    } else {
        rng.pick(order).to_string()
    };
    *text += &format!(
        "  ure.stream_input @in{k} loader @sl{k} out ({out}) depth {} feeder @sf{k} scope ({scope}) depth {}\n",
        rng.range(1, 3),
        rng.range(1, 3)
    );
    true
}

/// Now and then `ure.split` of a loop of constant extent by a factor that
/// divides it, in a nest that no `ure.reorder` names (its loops would be
/// gone) and whose output is an extended URE without a layout (a plain
/// output takes every loop in order, which a split would change, and a
/// layout permutes them: both refused, docs/ure.md).
/// Returns the inner loop's name and the factor.
fn split(
    rng: &mut Rng,
    text: &mut String,
    order: &[&str],
    loops: &[Loop],
) -> Option<(String, i64)> {
    let extended = text.contains(") with (%");
    // An output laid out by its loops cannot have one of them split
    // (refused, docs/ure.md).
    let laid_out = text
        .lines()
        .any(|l| l.starts_with("  ure.func @out(") && l.contains(" layout "));
    if text.contains("ure.reorder") || !extended || laid_out || !rng.chance(30) {
        return None;
    }
    let splittable: Vec<&Loop> = loops
        .iter()
        .filter(|l| l.param.is_none() && l.extent >= 2 && order.contains(&l.name.as_str()))
        .collect();
    if splittable.is_empty() {
        return None;
    }
    let l = *rng.pick(&splittable);
    let factors: Vec<i64> = (1..=l.extent).filter(|f| l.extent % f == 0).collect();
    let factor = *rng.pick(&factors);
    let (outer, inner) = (format!("{}o", l.name), format!("{}i", l.name));
    *text += &format!(
        "  ure.split @f0 ({}) into ({outer}, {inner}) factor {factor}\n",
        l.name
    );
    Some((inner, factor))
}

/// How many of the innermost loops run inside each PE, of `room` outside
/// the space loops (T2S's space_time_transform(jjj, iii) with kkk inside):
/// mostly none; mostly a time loop stays outside, now and then none does.
fn inside_count(rng: &mut Rng, room: usize) -> usize {
    if room >= 2 && rng.chance(30) {
        rng.range(1, room as i64 - 1) as usize
    } else if room >= 1 && rng.chance(5) {
        room
    } else {
        0
    }
}

/// Scheduling coefficients that stretch time far past the nest's points.
const HUGE_COEFFICIENTS: [i64; 5] = [1 << 12, 1 << 20, 1 << 30, 1 << 40, -(1 << 20)];

/// A random (possibly illegal) chain of space-time transforms on the
/// innermost loops of `order` (innermost first), sometimes with loops inside
/// the PE. Returns the array's space loops and the chain.
fn schedule<'a>(
    rng: &mut Rng,
    text: &mut String,
    order: &[&'a str],
    loops: &[Loop],
) -> Option<(Vec<&'a str>, Chain)> {
    let n = order.len();
    if rng.chance(15) {
        return None;
    }
    let m = rng.range(1, n as i64 - 1) as usize;
    let inside = inside_count(rng, n - m);
    let mut space: Vec<&str> = order[inside..inside + m].to_vec();
    if inside > 0 {
        *text += &format!("  // {} inside the PE\n", order[..inside].join(", "));
    }
    let mut chain: Chain = Vec::new();
    let mut directive = |rng: &mut Rng, space: &[&str], text: &mut String| {
        let mut d = format!("  ure.space_time_transform @f0 ({})", space.join(", "));
        let mut vector = None;
        if rng.chance(65) {
            // Now and then an absurd coefficient: a schedule that idles its
            // PEs, which every mode must refuse quickly (or run).
            let v: Vec<String> = space
                .iter()
                .map(|_| {
                    if rng.chance(4) {
                        rng.pick(&HUGE_COEFFICIENTS).to_string()
                    } else {
                        rng.range(-1, 2).to_string()
                    }
                })
                .collect();
            d += &format!(" vector [{}]", v.join(", "));
            vector = Some(v.iter().map(|c| c.parse().expect("a number")).collect());
        }
        chain.push((space.iter().map(|s| s.to_string()).collect(), vector));
        if rng.chance(50) {
            d += " check_time";
        }
        *text += &d;
        *text += "\n";
    };
    directive(rng, &space, text);
    if m > 1 && rng.chance(25) {
        space.truncate(rng.range(1, m as i64 - 1) as usize);
        directive(rng, &space, text);
    }
    // A single transform, sometimes written in T2S's projection form (whose
    // space loops are the innermost: none inside the PE).
    if let (0, [(space, vector)]) = (inside, chain.as_mut_slice()) {
        let small = vector
            .as_ref()
            .is_none_or(|v| v.iter().all(|c| c.abs() <= 2));
        if small && rng.chance(25) {
            let start = text[..text.len() - 1].rfind('\n').map_or(0, |p| p + 1);
            let check_time = text.trim_end().ends_with(" check_time");
            text.truncate(start);
            *text += &projection_form(space, vector.as_deref(), order, loops, check_time);
            // A time row without the space loops is the dataflow form (the
            // PEs of a step run in order), where `vector [0]` is strict:
            // the oracle judges what the text says.
            if vector.as_ref().is_some_and(|v| v.iter().all(|c| *c == 0)) {
                *vector = None;
            }
        }
    }
    // The array's space loops: those inside the PE and the last listed.
    let array_space = order[..inside].iter().chain(&space).copied().collect();
    Some((array_space, chain))
}

/// The transform of `space` loops with `vector` as T2S writes it: every
/// loop of `order` (innermost first) a source loop, a space row per space
/// loop, the time row the vector plus the other loops flattened with
/// strides of 2^16 (so that it orders the steps as the nest does), and the
/// reverse map undoing it with `mod` and `floordiv`.
fn projection_form(
    space: &[String],
    vector: Option<&[i64]>,
    order: &[&str],
    loops: &[Loop],
    check_time: bool,
) -> String {
    const STRIDE: i64 = 1 << 16;
    let sources: Vec<&str> = order.to_vec();
    let time: Vec<&str> = sources
        .iter()
        .copied()
        .filter(|l| !space.iter().any(|s| s == l))
        .collect();
    let loop_of = |name: &str| loops.iter().find(|l| l.name == name).expect("a loop");
    let mut time_row: Vec<String> = Vec::new();
    for (s, name) in space.iter().enumerate() {
        let c = vector.map_or(0, |v| v[s]);
        if c != 0 {
            time_row.push(format!("{name} * {c}"));
        }
    }
    let mut base: i64 = 0;
    let mut stride: i64 = 1;
    for name in &time {
        time_row.push(format!("{name} * {stride}"));
        base += stride * loop_of(name).min;
        stride *= STRIDE;
    }
    let targets: Vec<String> = (0..space.len())
        .map(|s| format!("s{s}"))
        .chain(["t".to_string()])
        .collect();
    // t minus the skew and the loops' minima: the flattened offsets.
    let mut flat = "t".to_string();
    for (s, _) in space.iter().enumerate() {
        let c = vector.map_or(0, |v| v[s]);
        if c != 0 {
            flat += &format!(" - s{s} * {c}");
        }
    }
    if base != 0 {
        flat += &format!(" - {base}");
    }
    let reverse: Vec<String> = sources
        .iter()
        .map(|l| {
            if let Some(s) = space.iter().position(|s| s == l) {
                return format!("s{s}");
            }
            let r = time.iter().position(|t| t == l).expect("a time loop");
            let below = STRIDE.pow(r as u32);
            let shifted = if r == 0 {
                format!("({flat})")
            } else {
                format!("(({flat}) floordiv {below})")
            };
            let digit = if r + 1 == time.len() {
                shifted
            } else {
                format!("({shifted} mod {STRIDE})")
            };
            format!("{digit} + {}", loop_of(l).min)
        })
        .collect();
    format!(
        "  ure.space_time_transform @f0 ({}) -> ({}) projection affine_map<({}) -> ({}, {})> reverse affine_map<({}) -> ({})>{}\n",
        sources.join(", "),
        targets.join(", "),
        sources.join(", "),
        space.join(", "),
        if time_row.is_empty() { "0".to_string() } else { time_row.join(" + ") },
        targets.join(", "),
        reverse.join(", "),
        if check_time { " check_time" } else { "" }
    )
}
