//! Affine functions of named parameters, `2*I + 3*J + K - 5`: the extents
//! of loops whose bounds are `ure.param`s, through the space-time transform.

use std::collections::HashMap;
use std::fmt;

/// `constant + sum(coefficient * parameter)`, with distinct parameters and
/// non-zero coefficients, in order of first appearance.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Linear {
    pub constant: i64,
    pub terms: Vec<(String, i64)>,
}

impl Linear {
    pub fn constant(value: i64) -> Self {
        Linear {
            constant: value,
            terms: Vec::new(),
        }
    }

    pub fn param(name: &str) -> Self {
        Linear {
            constant: 0,
            terms: vec![(name.to_string(), 1)],
        }
    }

    /// The value when no parameter appears.
    pub fn as_const(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub fn is_const(&self) -> bool {
        self.terms.is_empty()
    }

    /// The parameters, in order.
    pub fn params(&self) -> impl Iterator<Item = &str> {
        self.terms.iter().map(|(p, _)| p.as_str())
    }

    /// `self + scale * other`; `None` on overflow.
    pub fn add_scaled(&self, other: &Linear, scale: i64) -> Option<Linear> {
        let mut out = self.clone();
        out.constant = out
            .constant
            .checked_add(other.constant.checked_mul(scale)?)?;
        for (p, c) in &other.terms {
            let term = c.checked_mul(scale)?;
            match out.terms.iter_mut().find(|(q, _)| q == p) {
                Some((_, existing)) => *existing = existing.checked_add(term)?,
                None => out.terms.push((p.clone(), term)),
            }
        }
        out.terms.retain(|(_, c)| *c != 0);
        Some(out)
    }

    /// `self + value`; `None` on overflow.
    pub fn add_const(&self, value: i64) -> Option<Linear> {
        self.add_scaled(&Linear::constant(value), 1)
    }

    /// The value for the given parameter values; `None` when one is
    /// missing or on overflow.
    pub fn eval(&self, values: &HashMap<String, i64>) -> Option<i64> {
        self.terms.iter().try_fold(self.constant, |acc, (p, c)| {
            acc.checked_add(c.checked_mul(*values.get(p)?)?)
        })
    }

    /// The first parameter that has no value in `values`.
    pub fn missing<'a>(&'a self, values: &HashMap<String, i64>) -> Option<&'a str> {
        self.params().find(|p| !values.contains_key(*p))
    }
}

/// `2*I + 3*J + K - 5`, the design documents' notation.
impl fmt::Display for Linear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, (p, c)) in self.terms.iter().enumerate() {
            let magnitude = if k > 0 {
                f.write_str(if *c < 0 { " - " } else { " + " })?;
                c.unsigned_abs()
            } else {
                if *c < 0 {
                    f.write_str("-")?;
                }
                c.unsigned_abs()
            };
            if magnitude != 1 {
                write!(f, "{magnitude}*")?;
            }
            f.write_str(p)?;
        }
        match (self.terms.is_empty(), self.constant) {
            (true, c) => write!(f, "{c}"),
            (false, 0) => Ok(()),
            (false, c) if c < 0 => write!(f, " - {}", c.unsigned_abs()),
            (false, c) => write!(f, " + {c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_the_design_document() {
        let i = Linear::param("I");
        let j = Linear::param("J");
        let k = Linear::param("K");
        let t1 = Linear::constant(-5)
            .add_scaled(&i, 2)
            .and_then(|e| e.add_scaled(&j, 3))
            .and_then(|e| e.add_scaled(&k, 1))
            .unwrap();
        assert_eq!(t1.to_string(), "2*I + 3*J + K - 5");
        assert_eq!(Linear::constant(7).to_string(), "7");
        assert_eq!(
            Linear::constant(1).add_scaled(&i, -1).unwrap().to_string(),
            "-I + 1"
        );
        let values = HashMap::from([("I".into(), 10), ("J".into(), 10), ("K".into(), 10)]);
        assert_eq!(t1.eval(&values), Some(55));
        assert_eq!(t1.add_scaled(&i, -2).unwrap().terms.len(), 2);
    }

    #[test]
    fn overflow_is_none() {
        let big = Linear::constant(i64::MAX);
        assert!(big.add_const(1).is_none());
        assert!(Linear::param("N")
            .add_scaled(&Linear::param("N"), i64::MAX)
            .is_none());
        let values = HashMap::from([("N".to_string(), i64::MAX)]);
        assert!(Linear::param("N")
            .add_const(1)
            .unwrap()
            .eval(&values)
            .is_none());
        assert_eq!(Linear::param("N").missing(&HashMap::new()), Some("N"));
    }
}
