//! T2S's projection form of the space-time transform
//! (`ure.space_time_transform @a (i, j) -> (s, t) projection MAP reverse
//! MAP`, T2S's `space_time_transform({i, j}, {s, t}, matrix, reverse)`),
//! checked against the nest and written as the transform it stands for.
//!
//! The PEs of a t2s array are the values of loops, so each space row must
//! select one loop (`s = j`); a skewed or non-unimodular projection
//! (`s = j - i`) is refused with that reason. The time row then gives the
//! scheduling coefficients of the space loops, and its coefficients on the
//! other source loops must order each PE's iterations as the nest does
//! (every coefficient exceeds what the loops inside it span): T2S's
//! flattened time `t = mk + MK * ci + ...`, or a looser one. The reverse
//! map must give back every point of the source loops' box, and every
//! dependence must keep a positive time distance under the time row.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Location;
use t2s_ir::diag::error;
use t2s_ir::pass::Failed;
use t2s_model::spacetime::{DependenceSpec, NestLoop, ParamDecl, TransformSpec};
use t2s_model::QuasiAffine;

/// The most points of the source loops' box the reverse map is checked on.
const MAX_CHECKED_POINTS: i64 = 1 << 22;

/// The transform a directive in projection form stands for, or `None` for
/// a directive in t2s's own form.
pub(super) fn spec_of(
    op: &OperationRef<'_, '_>,
    sources: &[String],
    check_time: bool,
    loops: &[NestLoop],
    deps: &[DependenceSpec],
    params: &[ParamDecl],
) -> Result<Option<TransformSpec>, Failed> {
    if !is_projection(op) {
        return Ok(None);
    }
    let at = op.location();
    let rows = t2s_ir::quasi::quasi_map_rows(op, "projection")?;
    let reverse = t2s_ir::quasi::quasi_map_rows(op, "reverse")?;
    let positions = source_positions(sources, loops, at)?;
    let extents = source_extents(&positions, loops, params, at)?;
    let (space_rows, time_row) = rows.split_at(rows.len() - 1);
    let time_row = linear(&time_row[0], at, "the time row")?;
    let space = space_loops(space_rows, sources, at)?;
    check_innermost(&space, &positions, loops, at)?;
    check_order(time_row, &space, sources, &positions, &extents, at)?;
    check_inverse(&rows, &reverse, &positions, loops, &extents, at)?;
    check_distances(&rows, &positions, loops.len(), deps, at)?;
    let vector: Vec<i64> = space.iter().map(|&s| coefficient(time_row, s)).collect();
    // No skew: every PE at each step, in PE order (the dataflow form).
    let dataflow = vector.iter().all(|c| *c == 0);
    Ok(Some(TransformSpec {
        space: space.iter().map(|&s| sources[s].clone()).collect(),
        vector: (!dataflow).then_some(vector),
        check_time,
    }))
}

/// Whether the directive is in projection form.
pub(super) fn is_projection(op: &OperationRef<'_, '_>) -> bool {
    op.has_attribute("projection")
}

/// Each source loop's position in the nest (outermost first); the source
/// loops are the innermost ones, as T2S transforms the loops inside them.
fn source_positions(
    sources: &[String],
    loops: &[NestLoop],
    at: Location<'_>,
) -> Result<Vec<usize>, Failed> {
    let innermost = &loops[loops.len().saturating_sub(sources.len())..];
    sources
        .iter()
        .map(|s| {
            let inner = innermost.iter().any(|l| l.name == *s);
            match loops.iter().position(|l| l.name == *s) {
                Some(p) if inner => Ok(p),
                Some(_) => Err(error(
                    at,
                    format!(
                        "source loop '{s}' is not among the {} innermost loops ({}): a projection transforms the innermost loops; reorder first",
                        sources.len(),
                        innermost.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                )),
                None => Err(error(at, format!("'{s}' is not a loop of the nest"))),
            }
        })
        .collect()
}

/// The space loops of a projection are the innermost loops: every other
/// source loop is folded into time, so none can run inside the PE (t2s's
/// own form has loops inside the PE).
fn check_innermost(
    space: &[usize],
    positions: &[usize],
    loops: &[NestLoop],
    at: Location<'_>,
) -> Result<(), Failed> {
    let first = loops.len() - space.len();
    match (first..loops.len()).find(|p| !space.iter().any(|&s| positions[s] == *p)) {
        None => Ok(()),
        Some(p) => {
            let order: Vec<&str> = loops.iter().map(|l| l.name.as_str()).collect();
            Err(error(
                at,
                format!(
                    "the space loops of a projection must be the innermost loops: loop '{}' is inside them (loops, outermost first: {}); reorder the loops first",
                    loops[p].name,
                    order.join(", ")
                ),
            ))
        }
    }
}

/// Each source loop's extent (a parameter's declared max).
fn source_extents(
    positions: &[usize],
    loops: &[NestLoop],
    params: &[ParamDecl],
    at: Location<'_>,
) -> Result<Vec<i64>, Failed> {
    let maxima = t2s_model::spacetime::maxima(params);
    positions
        .iter()
        .map(|&p| {
            let l = &loops[p];
            l.extent.eval(&maxima).ok_or_else(|| {
                    error(
                        at,
                        format!("loop '{}' has a symbolic extent without a declared max: the projection cannot be checked over its bounds", l.name),
                    )
                })
        })
        .collect()
}

fn linear<'r>(
    row: &'r QuasiAffine,
    at: Location<'_>,
    what: &str,
) -> Result<&'r t2s_model::Affine, Failed> {
    row.as_affine().filter(|a| a.constant == 0).ok_or_else(|| {
        error(
            at,
            format!("{what} of the projection is a linear form of the source loops, got {row}"),
        )
    })
}

fn coefficient(row: &t2s_model::Affine, source: usize) -> i64 {
    row.terms
        .iter()
        .find(|(p, _)| *p == source)
        .map_or(0, |(_, c)| *c)
}

/// The source loop each space row selects.
fn space_loops(
    rows: &[QuasiAffine],
    sources: &[String],
    at: Location<'_>,
) -> Result<Vec<usize>, Failed> {
    let mut space = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let affine = linear(row, at, "a space row")?;
        let render = || {
            let mut text = String::new();
            for (p, c) in &affine.terms {
                let sign = if *c < 0 { " - " } else { " + " };
                let magnitude = c.unsigned_abs();
                let term = if magnitude == 1 {
                    sources[*p].clone()
                } else {
                    format!("{magnitude} * {}", sources[*p])
                };
                if text.is_empty() {
                    text = if *c < 0 { format!("-{term}") } else { term };
                } else {
                    text += sign;
                    text += &term;
                }
            }
            text
        };
        match affine.terms.as_slice() {
            [(p, 1)] if !space.contains(p) => space.push(*p),
            [(p, 1)] => {
                return Err(error(
                    at,
                    format!("space coordinate {r} is loop '{}' again", sources[*p]),
                ))
            }
            _ => {
                return Err(error(
                    at,
                    format!(
                        "space coordinate {r} is {} (a skewed or non-unimodular projection): the PEs of a t2s array are the values of one loop each, so a space row selects one loop",
                        render()
                    ),
                ))
            }
        }
    }
    Ok(space)
}

/// The time row orders each PE's iterations as the nest does: over the
/// source loops that are not space loops, innermost first, each
/// coefficient exceeds the span of the loops inside it.
fn check_order(
    time: &t2s_model::Affine,
    space: &[usize],
    sources: &[String],
    positions: &[usize],
    extents: &[i64],
    at: Location<'_>,
) -> Result<(), Failed> {
    let mut time_sources: Vec<usize> = (0..sources.len()).filter(|s| !space.contains(s)).collect();
    // Innermost first: the nest lists loops outermost first.
    time_sources.sort_by_key(|&s| std::cmp::Reverse(positions[s]));
    let mut span: i64 = 0;
    for s in time_sources {
        let c = coefficient(time, s);
        if c <= span {
            return Err(error(
                at,
                format!(
                    "the time row gives loop '{}' the coefficient {c}, which does not exceed {span}, what the loops inside it span: a PE would not run its iterations in the nest's order (T2S's flattened time: each coefficient is at least the product of the extents inside it)",
                    sources[s]
                ),
            ));
        }
        span = span.saturating_add(c.saturating_mul(extents[s] - 1));
    }
    Ok(())
}

/// `reverse` gives back every point of the source loops' box.
fn check_inverse(
    rows: &[QuasiAffine],
    reverse: &[QuasiAffine],
    positions: &[usize],
    loops: &[NestLoop],
    extents: &[i64],
    at: Location<'_>,
) -> Result<(), Failed> {
    let points = extents
        .iter()
        .try_fold(1i64, |n, e| n.checked_mul((*e).max(1)));
    if points.is_none_or(|n| n > MAX_CHECKED_POINTS) {
        return Err(error(
            at,
            format!("the source loops span more than {MAX_CHECKED_POINTS} points: the reverse map cannot be checked"),
        ));
    }
    let mins: Vec<i64> = positions.iter().map(|&p| loops[p].min).collect();
    let mut point = mins.clone();
    loop {
        let image: Vec<i64> = rows.iter().map(|r| r.eval(&point) as i64).collect();
        let back: Vec<i128> = reverse.iter().map(|r| r.eval(&image)).collect();
        if back.iter().zip(&point).any(|(b, p)| *b != i128::from(*p)) {
            return Err(error(
                at,
                format!(
                    "reverse does not invert the projection: the point ({}) maps to ({}), which reverse maps to ({})",
                    join(&point),
                    join(&image),
                    back.iter().map(i128::to_string).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        // The next point of the box, the last source loop fastest.
        let mut d = point.len();
        loop {
            if d == 0 {
                return Ok(());
            }
            d -= 1;
            point[d] += 1;
            if point[d] < mins[d] + extents[d] {
                break;
            }
            point[d] = mins[d];
        }
    }
}

fn join(values: &[i64]) -> String {
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every dependence not carried by a loop outside the source loops keeps a
/// positive time distance, or a zero one from the same PE or an earlier
/// one (the PEs of a step run in order: the dataflow form).
fn check_distances(
    rows: &[QuasiAffine],
    positions: &[usize],
    num_loops: usize,
    deps: &[DependenceSpec],
    at: Location<'_>,
) -> Result<(), Failed> {
    let outer: Vec<usize> = (0..num_loops).filter(|l| !positions.contains(l)).collect();
    for dep in deps {
        // Carried by an outer loop: the nest's order runs it first.
        if outer.iter().any(|&l| dep.distance[l] != 0) {
            continue;
        }
        let source_distance: Vec<i64> = positions.iter().map(|&p| dep.distance[p]).collect();
        let along =
            |row: &QuasiAffine| row.eval(&source_distance) - row.eval(&vec![0; positions.len()]);
        let (space_rows, time_row) = rows.split_at(rows.len() - 1);
        let time = along(&time_row[0]);
        // Within a step, the PEs run in order (the dataflow form): a value
        // of the same step comes from this PE or one before it.
        let space: Vec<i128> = space_rows.iter().map(along).collect();
        let earlier_pe = space.iter().find(|d| **d != 0).is_none_or(|d| *d > 0);
        if time < 0 || (time == 0 && !earlier_pe) {
            return Err(error(
                at,
                format!(
                    "the time row gives a dependence at distance ({}) over the source loops the time distance {time}{}: every dependence must go forward in time",
                    join(&source_distance),
                    if time == 0 { ", from a later PE of the same step" } else { "" }
                ),
            ));
        }
    }
    Ok(())
}
