//! Deterministic pseudo-random test data, so that every compiled mode can be
//! checked against the interpreter on the same inputs without a dependency.

use crate::interpret::{element_count, normalize, Buffer};
use crate::program::{ScalarType, Value};

/// The splitmix64 generator: tiny, fast, and good enough for test data.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A random value of `elem`: integers uniform in `[-8, 8)` (wrapped to
    /// narrower widths), so that products and short sums never overflow;
    /// floats uniform in `[-1, 1)` on multiples of 1/64, so that short sums of
    /// products are exact in `f32` and the summation order does not matter.
    pub fn value(&mut self, elem: ScalarType) -> Value {
        let bits = self.next_u64();
        match elem {
            ScalarType::Int(w) => Value::Int(normalize((bits >> 60) as i64 - 8, w)),
            ScalarType::Index => Value::Int((bits >> 60) as i64 - 8),
            // Multiples of 1/64 in [-1, 1): exact in f16 and bf16 too.
            ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 => {
                Value::F32(((bits >> 57) as i64 - 64) as f32 / 64.0)
            }
            ScalarType::F64 => Value::F64(((bits >> 57) as i64 - 64) as f64 / 64.0),
        }
    }
}

/// A buffer of [`SplitMix64::value`]s, the same for the same arguments.
///
/// # Panics
/// If the element count overflows or cannot be allocated, like `vec!`.
pub fn random_buffer(elem: ScalarType, shape: &[usize], seed: u64) -> Buffer {
    let n = element_count(shape).expect("buffer element count overflows usize");
    let mut rng = SplitMix64::new(seed);
    Buffer {
        elem,
        shape: shape.to_vec(),
        data: (0..n).map(|_| rng.value(elem)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let a = random_buffer(ScalarType::Int(32), &[4, 5], 7);
        assert_eq!(a, random_buffer(ScalarType::Int(32), &[4, 5], 7));
        assert_ne!(a, random_buffer(ScalarType::Int(32), &[4, 5], 8));
        assert!(a.validate().is_ok());
        assert!(a.to_i64_vec().unwrap().iter().all(|v| (-8..8).contains(v)));

        let f = random_buffer(ScalarType::F32, &[100], 1);
        for x in f.to_f64_vec().unwrap() {
            assert!((-1.0..1.0).contains(&x));
            assert_eq!((x * 64.0).fract(), 0.0);
        }
        let b = random_buffer(ScalarType::Int(1), &[50], 3);
        assert!(b.validate().is_ok());
        assert!(b.to_i64_vec().unwrap().iter().all(|v| *v == 0 || *v == -1));
    }
}
