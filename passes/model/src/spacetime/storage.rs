//! Register files of a schedule: their sizes (at the parameters' maxima)
//! and the FIFO minimization of space-time-transform.md.

use super::*;

pub(super) fn register_files(
    schedule: &Schedule,
    loops: &[NestLoop],
    k: &Checked,
    func_names: &[String],
    maxima: &HashMap<String, i64>,
) -> Result<Vec<RegisterFile>, ScheduleError> {
    let mut files: Vec<RegisterFile> = Vec::new();
    for (index, dep) in schedule.dependences.iter().enumerate() {
        if dep.never_valid(&schedule.coordinates) {
            continue;
        }
        let Some(distance) = dep.max_flattened else {
            return Err(unsized_register(
                schedule,
                index,
                k.transform,
                func_names,
                maxima,
            ));
        };
        match files.iter_mut().find(|f| f.func == dep.spec.callee) {
            Some(f) => f.max_distance = f.max_distance.max(distance),
            None => files.push(RegisterFile {
                func: dep.spec.callee,
                max_distance: distance,
                slots: 0,
                minimized: None,
            }),
        }
    }
    let production = if schedule.is_symbolic() {
        None
    } else {
        production_offsets(schedule, loops)
    };
    for f in &mut files {
        f.slots = k.add(f.max_distance, 1, "a register file's size")?;
        f.minimized = production
            .as_ref()
            .map(|times| minimize(times, f.max_distance));
    }
    files.sort_by_key(|f| f.func);
    Ok(files)
}

/// The error for a read whose delay spans a time loop of unbounded extent:
/// the innermost such loop inside the read's outermost time distance.
fn unsized_register(
    schedule: &Schedule,
    dependence: usize,
    transform: usize,
    func_names: &[String],
    maxima: &HashMap<String, i64>,
) -> ScheduleError {
    let dep = &schedule.dependences[dependence];
    let name = |f: usize| {
        func_names
            .get(f)
            .cloned()
            .unwrap_or_else(|| format!("#{f}"))
    };
    let time: Vec<&Coordinate> = schedule.time_coordinates().collect();
    let first = dep.coordinates.iter().position(|d| *d != 0).unwrap_or(0);
    let spanned = time
        .iter()
        .skip(first + 1)
        .find(|c| c.max_extent.is_none())
        .or_else(|| time.iter().find(|c| c.max_extent.is_none()))
        .copied()
        .unwrap_or(time[0]);
    let param = spanned.extent.missing(maxima).unwrap_or("").to_string();
    let distance: Vec<String> = dep.spec.distance.iter().map(|d| d.to_string()).collect();
    let message = format!(
        "the register file of @{} cannot be sized: the read by @{} at distance ({}) spans time loop '{}' of extent {}, and @{param} has no declared max (ure.param @{param} max N)",
        name(dep.spec.callee),
        name(dep.spec.consumer),
        distance.join(", "),
        spanned.name,
        spanned.extent,
    );
    ScheduleError::UnsizedRegister {
        transform,
        dependence,
        param,
        message,
    }
}

/// The flattened times at which one PE computes, relative to the PE's first
/// step (the same pattern for every PE: flattened time is affine in the
/// original indices, and a PE fixes its space indices). `None` when there
/// are too many points to enumerate.
pub fn production_offsets(schedule: &Schedule, loops: &[NestLoop]) -> Option<Vec<i64>> {
    let n = loops.len();
    // Flattened time = sum over original vars of a[v] * x[v] + constant.
    // None (not enumerated) on overflow.
    let a: Vec<i64> = (0..n)
        .map(|v| {
            (0..schedule.coordinates.len()).try_fold(0i64, |acc, c| {
                acc.checked_add(schedule.strides[c]?.checked_mul(schedule.forward[c][v])?)
            })
        })
        .collect::<Option<_>>()?;
    let space_vars: Vec<bool> = (0..n)
        .map(|v| {
            schedule
                .space_coordinates()
                .any(|c| c.name == loops[v].name)
        })
        .collect();
    let mut extents = Vec::with_capacity(n);
    let mut count: usize = 1;
    for (v, l) in loops.iter().enumerate() {
        let extent = l.extent.as_const()?;
        extents.push(extent);
        if !space_vars[v] {
            count = count.checked_mul(usize::try_from(extent).ok()?)?;
        }
    }
    if count > MAX_ENUMERATED_POINTS {
        return None;
    }
    let mut times = vec![0i64];
    for (v, extent) in extents.iter().copied().enumerate() {
        if space_vars[v] {
            continue;
        }
        let step = a[v];
        times = times
            .iter()
            .flat_map(|t| (0..extent).map(move |x| step.checked_mul(x)?.checked_add(*t)))
            .collect::<Option<_>>()?;
    }
    times.sort_unstable();
    Some(times)
}

/// The smallest storage for values read `distance` steps after they are
/// produced at `times` (sorted).
pub fn minimize(times: &[i64], distance: i64) -> Storage {
    let regular_stride = match times {
        [] | [_] => Some(1),
        [first, second, ..] => {
            let s = second - first;
            (s > 0 && times.windows(2).all(|w| w[1] - w[0] == s)).then_some(s)
        }
    };
    if let Some(every) = regular_stride {
        // A value produced at t is read at t + distance: it has been shifted
        // ceil(distance / every) times by then.
        return Storage::ShiftRegisters {
            every,
            slots: ceil_div(distance, every) + 1,
        };
    }
    // The channel holds every value produced in [t - distance, t] at step t.
    let mut depth = 0;
    let mut end = 0;
    for (start, &t) in times.iter().enumerate() {
        while end < times.len() && times[end] <= t.saturating_add(distance) {
            end += 1;
        }
        depth = depth.max((end - start) as i64);
    }
    Storage::Channel { depth }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1).div_euclid(b)
}
