//! Triangular bounds: T2S's `set_bounds(j, k, SIZE - k)`, a loop whose min
//! or extent adds multiples of loops bounded before it. `merge-ures` gives
//! the nest the smallest box around the domain that a `ure.nest` can hold
//! ([`hull`]) and stores the output only at the domain's points.

use crate::ir::ExtentAttr;
use crate::ops::ure::Bounds;
use t2s_model::Linear;

/// One loop a bound names: `var`'s min takes `min_coef * loop_name`, its
/// extent `extent_coef * loop_name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopTerm {
    pub var: String,
    pub loop_name: String,
    pub min_coef: i64,
    pub extent_coef: i64,
}

/// A bound as written: constants and parameters, plus multiples of loops.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoundExpr {
    pub base: Linear,
    pub loops: Vec<(String, i64)>,
}

impl BoundExpr {
    /// `self + other`; `None` on overflow.
    pub fn plus(&self, other: &BoundExpr) -> Option<BoundExpr> {
        let mut loops = self.loops.clone();
        for (name, coef) in &other.loops {
            match loops.iter_mut().find(|(n, _)| n == name) {
                Some((_, c)) => *c = c.checked_add(*coef)?,
                None => loops.push((name.clone(), *coef)),
            }
        }
        loops.retain(|(_, c)| *c != 0);
        Some(BoundExpr {
            base: self.base.add_scaled(&other.base, 1)?,
            loops,
        })
    }
}

/// `@N - k`, `2 * k + 1`: as `ure.set_bounds` writes it.
impl std::fmt::Display for BoundExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let terms = self
            .base
            .terms
            .iter()
            .map(|(p, c)| (format!("@{p}"), *c))
            .chain(self.loops.iter().cloned());
        let mut first = true;
        for (name, coef) in terms {
            let magnitude = coef.unsigned_abs();
            match (first, coef < 0) {
                (true, true) => f.write_str("-")?,
                (true, false) => {}
                (false, true) => f.write_str(" - ")?,
                (false, false) => f.write_str(" + ")?,
            }
            if magnitude != 1 {
                write!(f, "{magnitude} * ")?;
            }
            f.write_str(&name)?;
            first = false;
        }
        match (first, self.base.constant) {
            (true, c) => write!(f, "{c}"),
            (false, 0) => Ok(()),
            (false, c) if c < 0 => write!(f, " - {}", c.unsigned_abs()),
            (false, c) => write!(f, " + {c}"),
        }
    }
}

/// One loop's bounds as `ure.set_bounds` writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenBound {
    pub var: String,
    pub min: BoundExpr,
    pub extent: BoundExpr,
}

impl WrittenBound {
    /// Whether a bound names a loop.
    pub fn is_triangular(&self) -> bool {
        !self.min.loops.is_empty() || !self.extent.loops.is_empty()
    }
}

/// The bounds `bounds` (the directive's constant and parameter parts) with
/// the loop terms `terms` added.
pub fn written(bounds: &Bounds, terms: &[LoopTerm]) -> Vec<WrittenBound> {
    bounds
        .iter()
        .map(|(var, min, extent)| {
            let of = |coef: fn(&LoopTerm) -> i64| -> Vec<(String, i64)> {
                terms
                    .iter()
                    .filter(|t| &t.var == var && coef(t) != 0)
                    .map(|t| (t.loop_name.clone(), coef(t)))
                    .collect()
            };
            WrittenBound {
                var: var.clone(),
                min: BoundExpr {
                    base: Linear::constant(*min),
                    loops: of(|t| t.min_coef),
                },
                extent: BoundExpr {
                    base: extent.linear(),
                    loops: of(|t| t.extent_coef),
                },
            }
        })
        .collect()
}

/// A loop's range in the box: its smallest value and its last.
#[derive(Clone, Debug)]
struct Range {
    min: i64,
    last: Linear,
}

/// The smallest box around the domain of `written` (loops in the order
/// written, each naming only loops before it) whose mins are integers and
/// whose extents are an integer or one parameter, as `ure.nest` takes them.
/// Where the tight box would need more, its min is lowered; an error says
/// why a loop has no such box.
pub fn hull(written: &[WrittenBound]) -> Result<Bounds, String> {
    let mut ranges: Vec<(String, Range)> = Vec::new();
    let mut out = Bounds::new();
    for bound in written {
        let range_of = |loop_name: &str| {
            ranges
                .iter()
                .find(|(n, _)| n == loop_name)
                .map(|(_, r)| r.clone())
                .ok_or_else(|| {
                    format!(
                        "the bounds of '{}' name loop '{loop_name}', which is not bounded before it",
                        bound.var
                    )
                })
        };
        let overflow = || format!("the bounds of '{}' overflow 64-bit integers", bound.var);
        // The smallest min: each loop at the end of its range that lowers it.
        let mut min = bound.min.base.clone();
        for (loop_name, coef) in &bound.min.loops {
            let r = range_of(loop_name)?;
            let end = if *coef > 0 {
                Linear::constant(r.min)
            } else {
                r.last
            };
            min = min.add_scaled(&end, *coef).ok_or_else(overflow)?;
        }
        let Some(mut min) = min.as_const() else {
            return Err(format!(
                "the smallest min of '{}' is {min}, which depends on a parameter; \
                 a loop the min of '{}' subtracts needs a constant range",
                bound.var, bound.var
            ));
        };
        // The largest last value: min + extent - 1, each loop at its end
        // that raises it.
        let mut last = bound
            .min
            .base
            .add_scaled(&bound.extent.base, 1)
            .and_then(|l| l.add_const(-1))
            .ok_or_else(overflow)?;
        let mut coefs: Vec<(String, i64)> = bound.min.loops.clone();
        for (loop_name, coef) in &bound.extent.loops {
            match coefs.iter_mut().find(|(n, _)| n == loop_name) {
                Some((_, c)) => *c = c.checked_add(*coef).ok_or_else(overflow)?,
                None => coefs.push((loop_name.clone(), *coef)),
            }
        }
        for (loop_name, coef) in coefs.iter().filter(|(_, c)| *c != 0) {
            let r = range_of(loop_name)?;
            let end = if *coef > 0 {
                r.last
            } else {
                Linear::constant(r.min)
            };
            last = last.add_scaled(&end, *coef).ok_or_else(overflow)?;
        }
        let extent = last
            .add_const(1)
            .and_then(|e| e.add_const(min.checked_neg()?))
            .ok_or_else(overflow)?;
        let extent = nest_extent(&bound.var, extent, &mut min)?;
        ranges.push((bound.var.clone(), Range { min, last }));
        out.push((bound.var.clone(), min, extent));
    }
    Ok(out)
}

/// `extent` as a `ure.nest` extent (an integer or one parameter), lowering
/// `min` to absorb a negative constant (`@N - 1` from `min` is `@N` from
/// `min - 1`: a larger box, which the output's guard cuts).
fn nest_extent(var: &str, extent: Linear, min: &mut i64) -> Result<ExtentAttr, String> {
    if let Some(c) = extent.as_const() {
        if c <= 0 {
            return Err(format!(
                "the bounds of '{var}' leave it no value: its box would have extent {c}"
            ));
        }
        return Ok(ExtentAttr::Const(c));
    }
    match extent.terms.as_slice() {
        [(param, 1)] if extent.constant <= 0 => {
            *min = min
                .checked_add(extent.constant)
                .ok_or_else(|| format!("the bounds of '{var}' overflow 64-bit integers"))?;
            Ok(ExtentAttr::Param(param.clone()))
        }
        _ => Err(format!(
            "the box around the bounds of '{var}' has extent {extent}, which a ure.nest \
             cannot take (an integer, or one parameter minus a constant)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bound(
        var: &str,
        min: i64,
        extent: Linear,
        min_loops: &[(&str, i64)],
        ext_loops: &[(&str, i64)],
    ) -> WrittenBound {
        let own = |l: &[(&str, i64)]| l.iter().map(|(n, c)| (n.to_string(), *c)).collect();
        WrittenBound {
            var: var.into(),
            min: BoundExpr {
                base: Linear::constant(min),
                loops: own(min_loops),
            },
            extent: BoundExpr {
                base: extent,
                loops: own(ext_loops),
            },
        }
    }

    #[test]
    fn lu_box_is_the_square() {
        // k = 0 extent @N, j = k extent @N - k
        let n = Linear::param("N");
        let b = hull(&[
            bound("k", 0, n.clone(), &[], &[]),
            bound("j", 0, n.clone(), &[("k", 1)], &[("k", -1)]),
        ])
        .unwrap();
        assert_eq!(b[1], ("j".into(), 0, ExtentAttr::Param("N".into())));
    }

    #[test]
    fn a_lower_triangle_grows_with_its_outer_loop() {
        // i = 0 extent 6, k = 0 extent i + 1: k in [0, 5]
        let b = hull(&[
            bound("i", 0, Linear::constant(6), &[], &[]),
            bound("k", 0, Linear::constant(1), &[], &[("i", 1)]),
        ])
        .unwrap();
        assert_eq!(b[1], ("k".into(), 0, ExtentAttr::Const(6)));
    }

    #[test]
    fn a_parameter_minus_a_constant_lowers_the_min() {
        // i = 0 extent @K, k = i + 1 extent @K - i - 1: k in [1, K - 1]
        let k = Linear::param("K");
        let b = hull(&[
            bound("i", 0, k.clone(), &[], &[]),
            bound("k", 1, k.add_const(-1).unwrap(), &[("i", 1)], &[("i", -1)]),
        ])
        .unwrap();
        assert_eq!(b[1], ("k".into(), 0, ExtentAttr::Param("K".into())));
    }

    #[test]
    fn a_min_falling_with_a_symbolic_loop_is_refused() {
        let n = Linear::param("N");
        let e = hull(&[
            bound("i", 0, n, &[], &[]),
            bound("k", 0, Linear::constant(4), &[("i", -1)], &[]),
        ])
        .unwrap_err();
        assert!(e.contains("depends on a parameter"), "{e}");
    }

    #[test]
    fn an_empty_box_is_refused() {
        let e = hull(&[
            bound("i", 0, Linear::constant(4), &[], &[]),
            bound("k", 0, Linear::constant(-3), &[], &[("i", -1)]),
        ])
        .unwrap_err();
        assert!(e.contains("no value"), "{e}");
    }
}
