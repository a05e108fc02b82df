//! What a program reads of its inputs: per input and dimension, the extent
//! its loads need (the largest index any load evaluates, plus one), as an
//! affine function of the parameters.
//!
//! This is Halide's bounds inference for inputs, which T2S inherits: every
//! load counts at every point of the loop nest, whether or not a `select`
//! later discards the value it reads. Compiled code reads the element in
//! either case (both arms of a select are computed), so a buffer smaller than
//! this footprint is read out of bounds, or clamped to a wrong element.
//!
//! The footprint is read off the IR (`t2s_ir::reads`), whatever form the
//! program has reached; this module is its arithmetic.
//!
//! The footprint of an index `c0 + sum(c * v)` over loops `v in [lo, hi]` is
//! separable: its maximum takes each `v` at `hi` where `c > 0` and at `lo`
//! where `c < 0`. With `hi = min + E - 1` and `E` a parameter, the result is
//! affine in the parameters ([`Linear`]). Several loads of one dimension give
//! several such functions; the need is their maximum, kept as a list.

use std::collections::HashMap;
use std::fmt;

use crate::linear::Linear;

/// The values a loop variable (or any index operand) takes in a run:
/// `[lo, hi]`, each affine in the parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub lo: Linear,
    pub hi: Linear,
}

impl Span {
    /// The span of a loop from `min` with `extent` iterations (at least one).
    pub fn of_loop(min: i64, extent: &Linear) -> Option<Span> {
        Some(Span {
            lo: Linear::constant(min),
            hi: extent.add_const(min.checked_sub(1)?)?,
        })
    }

    /// A single value.
    pub fn point(value: Linear) -> Span {
        Span {
            lo: value.clone(),
            hi: value,
        }
    }
}

/// The largest value of `constant + sum(c * x_v)` with each `x_v` in
/// `spans[v]`; `None` when a term names no span or on overflow.
pub fn max_of(terms: &[(usize, i64)], constant: i64, spans: &[Option<Span>]) -> Option<Linear> {
    terms
        .iter()
        .try_fold(Linear::constant(constant), |acc, &(v, c)| {
            let span = spans.get(v)?.as_ref()?;
            let end = if c >= 0 { &span.hi } else { &span.lo };
            acc.add_scaled(end, c)
        })
}

/// One read's need in one dimension: the extent it requires (its largest
/// index plus one) and where the read is (`file:line:col`, may be empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Need {
    pub extent: Linear,
    pub source: String,
}

/// The needs of one input: per dimension, the distinct needs of its reads
/// (the dimension needs the largest). A dimension no read bounds (a read
/// whose index has no known span) is `None`: it cannot be checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputNeeds {
    pub name: String,
    pub dims: Vec<Option<Vec<Need>>>,
}

impl InputNeeds {
    /// No reads yet: every dimension needs nothing.
    pub fn new(name: &str, rank: usize) -> Self {
        InputNeeds {
            name: name.to_string(),
            dims: vec![Some(Vec::new()); rank],
        }
    }

    /// Adds a read of index `index` (its largest value, `None` when
    /// unknown) in dimension `dim`.
    pub fn add(&mut self, dim: usize, max_index: Option<Linear>, source: &str) {
        let Some(slot) = self.dims.get_mut(dim) else {
            return;
        };
        let Some(extent) = max_index.and_then(|m| m.add_const(1)) else {
            *slot = None;
            return;
        };
        let Some(needs) = slot else { return };
        // Same parameters: only the larger constant matters.
        if let Some(existing) = needs.iter_mut().find(|n| n.extent.terms == extent.terms) {
            if extent.constant > existing.extent.constant {
                *existing = Need {
                    extent,
                    source: source.to_string(),
                };
            }
            return;
        }
        needs.push(Need {
            extent,
            source: source.to_string(),
        });
    }

    /// The elements dimension `dim` needs for these parameter values, with
    /// the read that needs them; `None` when nothing is read there or the
    /// dimension cannot be checked. Values that overflow count as needing
    /// more than any buffer has.
    pub fn needed(&self, dim: usize, params: &HashMap<String, i64>) -> Option<(i64, &Need)> {
        self.dims
            .get(dim)?
            .as_ref()?
            .iter()
            .map(|n| (n.extent.eval(params).unwrap_or(i64::MAX), n))
            .max_by_key(|(v, _)| *v)
    }

    /// Checks a buffer of `shape` against the needs in the dimensions
    /// whose size the caller chooses (`declared[d]` is `None`). A static
    /// dimension is the program's own contract: a read past it gives the
    /// dialect's undefined value, which a `select` may discard.
    pub fn check(
        &self,
        shape: &[usize],
        declared: &[Option<i64>],
        params: &HashMap<String, i64>,
    ) -> Result<(), Box<TooSmall>> {
        for (dim, &given) in shape.iter().enumerate() {
            if declared.get(dim).copied().flatten().is_some() {
                continue;
            }
            let Some((needed, need)) = self.needed(dim, params) else {
                continue;
            };
            if i64::try_from(given).is_ok_and(|g| g >= needed) {
                continue;
            }
            return Err(Box::new(TooSmall {
                input: self.name.clone(),
                dim,
                given,
                needed,
                formula: need.extent.clone(),
                params: need
                    .extent
                    .params()
                    .filter_map(|p| Some((p.to_string(), *params.get(p)?)))
                    .collect(),
                source: need.source.clone(),
            }));
        }
        Ok(())
    }
}

/// An input smaller than what the program reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooSmall {
    pub input: String,
    pub dim: usize,
    pub given: usize,
    pub needed: i64,
    /// The need as a function of the parameters.
    pub formula: Linear,
    /// The values of the parameters the formula names.
    pub params: Vec<(String, i64)>,
    /// The read that needs it.
    pub source: String,
}

impl fmt::Display for TooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "input @{} is too small in dimension {}: it has {} elements, and ",
            self.input, self.dim, self.given
        )?;
        if self.source.is_empty() {
            f.write_str("the program")?;
        } else {
            write!(f, "the load at {}", self.source)?;
        }
        write!(f, " reads {}", self.needed)?;
        if !self.formula.is_const() {
            let values: Vec<String> = self
                .params
                .iter()
                .map(|(p, v)| format!("{p} = {v}"))
                .collect();
            write!(f, " ({} with {})", self.formula, values.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(lo: i64, hi: Linear) -> Option<Span> {
        Some(Span {
            lo: Linear::constant(lo),
            hi,
        })
    }

    #[test]
    fn the_maximum_takes_each_variable_at_the_end_its_sign_chooses() {
        // n in [0, N - 1], k in [0, K - 1]: n + k <= N + K - 2.
        let n = Span::of_loop(0, &Linear::param("N"));
        let k = Span::of_loop(0, &Linear::param("K"));
        let spans = [n, k];
        let m = max_of(&[(0, 1), (1, 1)], 0, &spans).unwrap();
        assert_eq!(m.to_string(), "N + K - 2");
        // n - k <= N - 1 (k at its low end, 0).
        assert_eq!(
            max_of(&[(0, 1), (1, -1)], 0, &spans).unwrap().to_string(),
            "N - 1"
        );
        // 2 * k + 3 with k in [-2, 5]: 13; -2 * k: 4.
        let c = [span(-2, Linear::constant(5))];
        assert_eq!(max_of(&[(0, 2)], 3, &c).unwrap().as_const(), Some(13));
        assert_eq!(max_of(&[(0, -2)], 0, &c).unwrap().as_const(), Some(4));
        // A variable without a span, and overflow.
        assert!(max_of(&[(2, 1)], 0, &spans).is_none());
        let big = [span(0, Linear::constant(i64::MAX))];
        assert!(max_of(&[(0, 2)], 0, &big).is_none());
    }

    #[test]
    fn a_dimension_needs_the_largest_of_its_reads() {
        let mut needs = InputNeeds::new("x", 2);
        needs.add(0, Some(Linear::constant(4)), "a.mlir:1:1");
        needs.add(0, Some(Linear::constant(6)), "a.mlir:2:1");
        needs.add(0, Some(Linear::constant(5)), "a.mlir:3:1");
        needs.add(0, Linear::param("N").add_const(-1), "a.mlir:4:1");
        let params = HashMap::from([("N".to_string(), 3)]);
        // max(7, N) with N = 3: 7, from the second read.
        assert_eq!(
            needs
                .needed(0, &params)
                .map(|(v, n)| (v, n.source.as_str())),
            Some((7, "a.mlir:2:1"))
        );
        let params = HashMap::from([("N".to_string(), 9)]);
        assert_eq!(needs.needed(0, &params).map(|(v, _)| v), Some(9));
        // Dimension 1 is never read: anything goes.
        assert!(needs.needed(1, &params).is_none());
        assert!(needs.check(&[9, 1], &[None, None], &params).is_ok());
        let err = needs.check(&[8, 1], &[None, None], &params).unwrap_err();
        assert_eq!((err.dim, err.given, err.needed), (0, 8, 9));
        assert_eq!(
            err.to_string(),
            "input @x is too small in dimension 0: it has 8 elements, and the load at a.mlir:4:1 reads 9 (N with N = 9)"
        );
        // An unknown read makes the dimension unchecked.
        needs.add(0, None, "");
        assert!(needs.check(&[1, 1], &[None, None], &params).is_ok());
    }

    #[test]
    fn a_larger_buffer_is_accepted_and_the_second_dimension_is_checked_too() {
        let mut needs = InputNeeds::new("A", 2);
        needs.add(0, Some(Linear::constant(4)), "");
        needs.add(1, Linear::param("K").add_const(-1), "");
        let params = HashMap::from([("K".to_string(), 13)]);
        assert!(needs.check(&[5, 13], &[None, None], &params).is_ok());
        assert!(needs.check(&[6, 20], &[None, None], &params).is_ok());
        let err = needs.check(&[5, 12], &[None, None], &params).unwrap_err();
        assert_eq!((err.dim, err.given, err.needed), (1, 12, 13));
        let err = needs.check(&[4, 13], &[None, None], &params).unwrap_err();
        assert_eq!((err.dim, err.needed), (0, 5));
        // A static dimension is the program's contract: not checked.
        assert!(needs.check(&[4, 13], &[Some(4), None], &params).is_ok());
        // A parameter value that overflows the need refuses every buffer.
        let huge = HashMap::from([("K".to_string(), i64::MAX)]);
        assert!(needs.check(&[5, usize::MAX], &[None, None], &huge).is_err());
    }
}
