//! Quasi-affine indices of inputs: an affine form plus multiples of `mod`,
//! `floordiv` and `ceildiv` of such forms by positive constants, as
//! MLIR's affine maps write them (T2S's capsule convolution reads
//! `P(((yyy_xxx + yy_xx * 3) mod 3) * 2 + ky + ...)`). Only inputs take
//! them: the UREs' own reads (`ure.at`) stay uniform. The operations round
//! toward negative infinity, as MLIR's do: `-1 mod 3 = 2`,
//! `-1 floordiv 3 = -1`, `-1 ceildiv 3 = 0`.

use crate::program::Affine;
use std::fmt;

/// `mod`, `floordiv` or `ceildiv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivisionOp {
    Mod,
    FloorDiv,
    CeilDiv,
}

/// `of op by`, `by` a positive constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Division {
    pub op: DivisionOp,
    pub of: Box<QuasiAffine>,
    pub by: i64,
}

/// `affine + sum(coefficient * division)`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct QuasiAffine {
    pub affine: Affine,
    pub divisions: Vec<(i64, Division)>,
}

impl From<Affine> for QuasiAffine {
    fn from(affine: Affine) -> Self {
        QuasiAffine {
            affine,
            divisions: Vec::new(),
        }
    }
}

impl DivisionOp {
    /// `x op by`, rounding toward negative infinity (`by > 0`).
    pub fn apply(self, x: i128, by: i128) -> i128 {
        match self {
            DivisionOp::Mod => x.rem_euclid(by),
            DivisionOp::FloorDiv => x.div_euclid(by),
            DivisionOp::CeilDiv => -(-x).div_euclid(by),
        }
    }

    fn keyword(self) -> &'static str {
        match self {
            DivisionOp::Mod => "mod",
            DivisionOp::FloorDiv => "floordiv",
            DivisionOp::CeilDiv => "ceildiv",
        }
    }
}

impl QuasiAffine {
    /// The affine form, when there is no division.
    pub fn as_affine(&self) -> Option<&Affine> {
        self.divisions.is_empty().then_some(&self.affine)
    }

    /// The value at `args` (position `p` of a term is `args[p]`).
    pub fn eval(&self, args: &[i64]) -> i128 {
        let linear = self
            .affine
            .terms
            .iter()
            .map(|&(p, c)| i128::from(c) * i128::from(args[p]))
            .sum::<i128>()
            + i128::from(self.affine.constant);
        self.divisions.iter().fold(linear, |acc, (c, d)| {
            acc + i128::from(*c) * d.op.apply(d.of.eval(args), i128::from(d.by))
        })
    }

    /// Every position a term uses, nested ones too.
    pub fn positions(&self) -> Vec<usize> {
        let mut all: Vec<usize> = self.affine.terms.iter().map(|(p, _)| *p).collect();
        for (_, d) in &self.divisions {
            all.extend(d.of.positions());
        }
        all
    }

    /// The least and greatest values when position `p` ranges over
    /// `span(p)` (inclusive); `None` when a position's span is unknown.
    pub fn range(&self, span: &impl Fn(usize) -> Option<(i64, i64)>) -> Option<(i128, i128)> {
        let (mut lo, mut hi) = (
            i128::from(self.affine.constant),
            i128::from(self.affine.constant),
        );
        for &(p, c) in &self.affine.terms {
            let (a, b) = span(p)?;
            let (x, y) = (i128::from(c) * i128::from(a), i128::from(c) * i128::from(b));
            lo += x.min(y);
            hi += x.max(y);
        }
        for (c, d) in &self.divisions {
            let (a, b) = d.of.range(span)?;
            let by = i128::from(d.by);
            let (x, y) = match d.op {
                // The whole residue range unless the operand stays within
                // one period.
                DivisionOp::Mod if a.div_euclid(by) == b.div_euclid(by) => {
                    (a.rem_euclid(by), b.rem_euclid(by))
                }
                DivisionOp::Mod => (0, by - 1),
                op => (op.apply(a, by), op.apply(b, by)),
            };
            let (x, y) = (i128::from(*c) * x, i128::from(*c) * y);
            lo += x.min(y);
            hi += x.max(y);
        }
        Some((lo, hi))
    }

    /// `self * factor`.
    pub fn scaled(mut self, factor: i64) -> Self {
        for term in &mut self.affine.terms {
            term.1 *= factor;
        }
        self.affine.constant *= factor;
        for (c, _) in &mut self.divisions {
            *c *= factor;
        }
        self
    }

    /// `self + other`.
    pub fn plus(mut self, other: QuasiAffine) -> Self {
        for (p, c) in other.affine.terms {
            match self.affine.terms.iter_mut().find(|(q, _)| *q == p) {
                Some(term) => term.1 += c,
                None => self.affine.terms.push((p, c)),
            }
        }
        self.affine.terms.retain(|(_, c)| *c != 0);
        self.affine.constant += other.affine.constant;
        self.divisions.extend(other.divisions);
        self
    }
}

impl fmt::Display for QuasiAffine {
    /// `2*x0 + (x1 mod 3)*4 + 1`, positions as `x<p>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .affine
            .terms
            .iter()
            .map(|(p, c)| match c {
                1 => format!("x{p}"),
                _ => format!("{c}*x{p}"),
            })
            .collect();
        for (c, d) in &self.divisions {
            let of = d.of.to_string();
            let simple = d.of.affine.terms.len() + d.of.divisions.len() <= 1
                && (d.of.affine.constant == 0
                    || d.of.affine.terms.is_empty() && d.of.divisions.is_empty());
            let of = if simple { of } else { format!("({of})") };
            let term = format!("({of} {} {})", d.op.keyword(), d.by);
            parts.push(match c {
                1 => term,
                _ => format!("{term}*{c}"),
            });
        }
        if self.affine.constant != 0 || parts.is_empty() {
            parts.push(self.affine.constant.to_string());
        }
        write!(f, "{}", parts.join(" + "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(p: usize) -> QuasiAffine {
        Affine {
            terms: vec![(p, 1)],
            constant: 0,
        }
        .into()
    }

    fn division(op: DivisionOp, of: QuasiAffine, by: i64) -> QuasiAffine {
        QuasiAffine {
            affine: Affine::default(),
            divisions: vec![(
                1,
                Division {
                    op,
                    of: Box::new(of),
                    by,
                },
            )],
        }
    }

    #[test]
    fn rounds_toward_negative_infinity() {
        let x = var(0);
        let at = |q: &QuasiAffine, v: i64| q.eval(&[v]);
        assert_eq!(at(&division(DivisionOp::Mod, x.clone(), 3), -1), 2);
        assert_eq!(at(&division(DivisionOp::FloorDiv, x.clone(), 3), -1), -1);
        assert_eq!(at(&division(DivisionOp::CeilDiv, x.clone(), 3), -1), 0);
        assert_eq!(at(&division(DivisionOp::CeilDiv, x.clone(), 3), 4), 2);
        assert_eq!(at(&division(DivisionOp::FloorDiv, x, 3), 8), 2);
    }

    #[test]
    fn ranges_bound_every_value() {
        // (x mod 3) * 2 + (x floordiv 3) * 7 - 1 over x in [0, 11].
        let q = division(DivisionOp::Mod, var(0), 3)
            .scaled(2)
            .plus(division(DivisionOp::FloorDiv, var(0), 3).scaled(7))
            .plus(QuasiAffine::from(Affine {
                terms: vec![],
                constant: -1,
            }));
        let (lo, hi) = q.range(&|_| Some((0, 11))).unwrap();
        let values: Vec<i128> = (0..=11).map(|x| q.eval(&[x])).collect();
        assert_eq!(lo, *values.iter().min().unwrap());
        assert_eq!(hi, *values.iter().max().unwrap());
        assert_eq!(q.to_string(), "(x0 mod 3)*2 + (x0 floordiv 3)*7 + -1");
        let shifted = division(
            DivisionOp::Mod,
            var(0).plus(QuasiAffine::from(Affine {
                terms: vec![],
                constant: -5,
            })),
            4,
        );
        assert_eq!(shifted.to_string(), "((x0 + -5) mod 4)");
        // Within one period, mod is the operand's own range.
        let m = division(DivisionOp::Mod, var(0), 16);
        assert_eq!(m.range(&|_| Some((3, 5))), Some((3, 5)));
    }
}
