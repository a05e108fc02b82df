//! The checks and small computations of [`super::schedule`]: space loops,
//! dependences against the schedule, fresh time names, flattened strides.

use super::*;

/// Space loops are PEs: a constant extent, or a parameter with a max.
/// (Space loops are original loops: their extents are constants or single
/// parameters.)
pub(super) fn check_space_extents(
    coordinates: &[Coordinate],
    transform: usize,
) -> Result<(), ScheduleError> {
    for c in coordinates
        .iter()
        .filter(|c| c.is_space && !c.extent.is_const())
    {
        if c.max_extent.is_none() {
            return Err(ScheduleError::SymbolicSpace {
                transform,
                name: c.name.clone(),
                extent: c.extent.clone(),
                param: c.extent.terms[0].0.clone(),
            });
        }
    }
    Ok(())
}

/// `t1`, `t2`, ... skipping names the nest already uses.
pub(super) fn fresh_time_name(
    made: &mut usize,
    coords: &[Coordinate],
    loops: &[NestLoop],
) -> String {
    loop {
        *made += 1;
        let name = format!("t{made}");
        if !coords.iter().any(|c| c.name == name) && !loops.iter().any(|l| l.name == name) {
            return name;
        }
    }
}

pub(super) fn unit(n: usize, i: usize) -> Vec<i64> {
    (0..n).map(|j| i64::from(i == j)).collect()
}

/// Checks transform `index`'s space loops against the coordinates and
/// returns the position of the outermost one. The space loops enclose one
/// another; any loops inside them run inside each PE (T2S's
/// `space_time_transform(jjj, iii)` with `kkk` innermost). A later transform
/// of a chain must leave the same loops inside the PE (`inside`).
pub(super) fn validate_space(
    index: usize,
    t: &TransformSpec,
    coords: &[Coordinate],
    previous: Option<&[String]>,
    inside: &[String],
) -> Result<usize, ScheduleError> {
    for (k, name) in t.space.iter().enumerate() {
        if t.space[..k].contains(name) {
            return Err(ScheduleError::DuplicateLoop {
                transform: index,
                name: name.clone(),
            });
        }
        if !coords.iter().any(|c| &c.name == name) {
            let hint = if name.starts_with('t') && name[1..].parse::<u32>().is_ok() {
                " (time loops cannot be space loops)".to_string()
            } else {
                String::new()
            };
            return Err(ScheduleError::UnknownLoop {
                transform: index,
                name: name.clone(),
                hint,
            });
        }
    }
    let m = t.space.len();
    let first = coords
        .iter()
        .position(|c| t.space.contains(&c.name))
        .unwrap_or(0);
    let end = (first + m).min(coords.len());
    let order = || {
        let order: Vec<&str> = coords.iter().map(|c| c.name.as_str()).collect();
        order.join(", ")
    };
    if let Some(between) = coords[first..end]
        .iter()
        .find(|c| !t.space.contains(&c.name))
    {
        return Err(ScheduleError::NotInnermost {
            transform: index,
            detail: format!(
                "loop '{}' is between them (loops, outermost first: {})",
                between.name,
                order()
            ),
        });
    }
    let within: Vec<&String> = coords[end..].iter().map(|c| &c.name).collect();
    if previous.is_some() && within != inside.iter().collect::<Vec<_>>() {
        return Err(ScheduleError::NotInnermost {
            transform: index,
            detail: format!(
                "a later transform keeps the loops inside the PE of the first ({}) and nothing else inside its space loops (loops, outermost first: {})",
                if inside.is_empty() { "none".to_string() } else { inside.join(", ") },
                order()
            ),
        });
    }
    if let Some(prev) = previous {
        let proper_subset = m < prev.len() && t.space.iter().all(|s| prev.contains(s));
        if !proper_subset {
            return Err(ScheduleError::NotSubset {
                transform: index,
                space: t.space.join(", "),
                previous: prev.join(", "),
            });
        }
    }
    Ok(first)
}

/// Every non-zero dependence must move forward in time: its distance over the
/// time loops (outermost first) must be lexicographically positive. A
/// dependence already carried by an outer time loop needs nothing from this
/// transform's time loop (`tau`); one within a step along the loops inside
/// the PE needs no time distance.
pub(super) fn check_dependences(
    index: usize,
    coords: &[Coordinate],
    dependences: &[(usize, &DependenceSpec, &Vec<i64>)],
    tau: usize,
    func_names: &[String],
    loop_names: &[String],
    inside: &[String],
) -> Result<(), ScheduleError> {
    for &(dependence, spec, delta) in dependences {
        if delta.iter().all(|d| *d == 0) {
            continue;
        }
        let first_time = coords
            .iter()
            .zip(delta)
            .find(|(c, d)| !c.is_space && **d != 0);
        if matches!(first_time, Some((_, d)) if *d > 0) {
            continue;
        }
        if first_time.is_none() && same_step_inside(coords, delta, inside) {
            continue;
        }
        let name = |f: usize| {
            func_names
                .get(f)
                .cloned()
                .unwrap_or_else(|| format!("#{f}"))
        };
        return Err(ScheduleError::Violated {
            transform: index,
            dependence,
            consumer: name(spec.consumer),
            callee: name(spec.callee),
            read: read_point(loop_names, &spec.distance),
            time_loop: coords[tau].name.clone(),
            time_distance: delta[tau],
        });
    }
    Ok(())
}

/// Whether a dependence of time distance 0 stays inside one PE and reads
/// an earlier iteration of the loops inside it: it moves along those loops
/// only, and its first non-zero distance (outermost first) is positive. The
/// PE runs those iterations in order within its step.
fn same_step_inside(coords: &[Coordinate], delta: &[i64], inside: &[String]) -> bool {
    let mut moves = coords.iter().zip(delta).filter(|(_, d)| **d != 0);
    let first = moves.next();
    let only_inside = coords
        .iter()
        .zip(delta)
        .all(|(c, d)| *d == 0 || inside.contains(&c.name));
    only_inside && matches!(first, Some((_, d)) if *d > 0)
}

/// The point a read at `distance` reads, in the loops' names, innermost
/// first as `ure.set_bounds` lists them: `i - 1, j, k`.
fn read_point(loop_names: &[String], distance: &[i64]) -> String {
    let parts: Vec<String> = loop_names
        .iter()
        .zip(distance)
        .rev()
        .map(|(name, d)| match d {
            0 => name.clone(),
            d if *d > 0 => format!("{name} - {d}"),
            d => format!("{name} + {}", -d),
        })
        .collect();
    parts.join(", ")
}

/// Row-major strides over the time coordinates, with the extents `extent`
/// gives (`None`: unknown, and so is every stride outside it); space
/// coordinates get 0.
pub(super) fn flattened_strides(
    coords: &[Coordinate],
    extent: impl Fn(&Coordinate) -> Option<i64>,
    k: &Checked,
) -> Result<Vec<Option<i64>>, ScheduleError> {
    let mut strides = vec![Some(0); coords.len()];
    let mut stride: Option<i64> = Some(1);
    for (c, coord) in coords.iter().enumerate().rev() {
        if !coord.is_space {
            strides[c] = stride;
            stride = match (stride, extent(coord)) {
                (Some(s), Some(e)) => Some(k.mul(s, e, "the number of flattened time steps")?),
                _ => None,
            };
        }
    }
    Ok(strides)
}
