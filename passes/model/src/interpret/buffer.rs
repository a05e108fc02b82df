//! The interpreter's inputs and outputs: dense row-major buffers of values,
//! and the sizes of the storage a program needs.

use super::*;
// ---------------------------------------------------------------------------
// Buffers
// ---------------------------------------------------------------------------

/// A dense, row-major (C order) array of values of one element type: the
/// inputs and outputs of a program.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub elem: ScalarType,
    pub shape: Vec<usize>,
    pub data: Vec<Value>,
}

/// Why a [`Buffer`] is not a well-formed array of its element type.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum BufferError {
    #[error("shape {shape:?} has more elements than fit in memory")]
    TooLarge { shape: Vec<usize> },
    #[error("shape {shape:?} holds {expected} elements but the data has {got}")]
    Length {
        shape: Vec<usize>,
        expected: usize,
        got: usize,
    },
    #[error("element {index} is {value:?}, not a value of type {elem}")]
    ValueType {
        index: usize,
        elem: ScalarType,
        value: Value,
    },
    #[error("element {index} is poison")]
    Poison { index: usize },
}

/// Number of elements of an array of `shape`, or `None` on overflow.
pub fn element_count(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// The number of values the sequential lowering keeps for each Func but the
/// output (its rolling buffer: the largest flattened distance at which a URE
/// reads it, plus one, with row-major strides over the loops at these
/// parameter values); `None` when the arithmetic overflows `i64`. The
/// lowering computes the same numbers at run time.
pub fn rolling_slots(program: &Program, params: &[i64]) -> Option<Vec<i64>> {
    let extent = |l: &crate::program::Loop| -> Option<i64> {
        match l.extent {
            Extent::Const(c) => Some(c),
            Extent::Param(p) => params.get(p).copied(),
        }
    };
    let mut strides = vec![0i64; program.loops.len()];
    let mut stride: i64 = 1;
    for (i, l) in program.loops.iter().enumerate().rev() {
        strides[i] = stride;
        stride = stride.checked_mul(extent(l)?.max(0))?;
    }
    let funcs = program.funcs.len().saturating_sub(1);
    let mut slots = vec![1i64; funcs];
    for reader in &program.funcs {
        for node in &reader.body.nodes {
            let Node::FuncRef {
                func: callee,
                indices,
                ..
            } = node
            else {
                continue;
            };
            if *callee >= funcs {
                continue;
            }
            let target = &program.funcs[*callee];
            let mut flat: i64 = 0;
            for (affine, &p) in indices.iter().zip(&target.lhs) {
                let l = program.loop_index(&target.vars[p])?;
                flat = flat.checked_add(strides[l].checked_mul(affine.constant.checked_neg()?)?)?;
            }
            slots[*callee] = slots[*callee].max(flat.checked_add(1)?);
        }
    }
    Some(slots)
}

/// The zero of `elem`: what unwritten output points hold.
pub fn zero_value(elem: ScalarType) -> Value {
    match elem {
        ScalarType::Int(_) | ScalarType::Index => Value::Int(0),
        ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 => Value::F32(0.0),
        ScalarType::F64 => Value::F64(0.0),
    }
}

/// Whether `value` is a canonical value of `elem` (right variant; integers
/// sign-extended from their width).
pub fn value_has_type(value: Value, elem: ScalarType) -> bool {
    match (elem, value) {
        (ScalarType::Int(w), Value::Int(v)) => (1..=64).contains(&w) && normalize(v, w) == v,
        (ScalarType::Index, Value::Int(_)) => true,
        (ScalarType::F32, Value::F32(_)) | (ScalarType::F64, Value::F64(_)) => true,
        (ScalarType::F16 | ScalarType::BF16, Value::F32(x)) => x.is_nan() || elem.round_f32(x) == x,
        _ => false,
    }
}

/// Row-major strides (in elements) of an array of `shape`.
pub fn row_major_strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1usize; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].saturating_mul(shape[d + 1]);
    }
    strides
}

impl Buffer {
    /// A buffer of zeros.
    ///
    /// # Panics
    /// If the element count overflows or cannot be allocated, like `vec!`.
    pub fn zeros(elem: ScalarType, shape: &[usize]) -> Buffer {
        let n = element_count(shape).expect("buffer element count overflows usize");
        Buffer {
            elem,
            shape: shape.to_vec(),
            data: vec![zero_value(elem); n],
        }
    }

    /// A buffer from its parts, checked with [`Buffer::validate`].
    pub fn new(
        elem: ScalarType,
        shape: Vec<usize>,
        data: Vec<Value>,
    ) -> Result<Buffer, BufferError> {
        let buffer = Buffer { elem, shape, data };
        buffer.validate()?;
        Ok(buffer)
    }

    /// An integer (or index) buffer; each value is truncated to the width of
    /// `elem` as `arith.trunci` would.
    pub fn from_i64(
        elem: ScalarType,
        shape: &[usize],
        values: &[i64],
    ) -> Result<Buffer, BufferError> {
        let data = values
            .iter()
            .map(|&v| match elem {
                ScalarType::Int(w) if (1..=64).contains(&w) => Value::Int(normalize(v, w)),
                _ => Value::Int(v),
            })
            .collect();
        Buffer::new(elem, shape.to_vec(), data)
    }

    /// An `f32` buffer.
    pub fn from_f32(shape: &[usize], values: &[f32]) -> Result<Buffer, BufferError> {
        let data = values.iter().map(|&v| Value::F32(v)).collect();
        Buffer::new(ScalarType::F32, shape.to_vec(), data)
    }

    /// An `f64` buffer.
    pub fn from_f64(shape: &[usize], values: &[f64]) -> Result<Buffer, BufferError> {
        let data = values.iter().map(|&v| Value::F64(v)).collect();
        Buffer::new(ScalarType::F64, shape.to_vec(), data)
    }

    /// Checks that the data length matches the shape and that every element
    /// is a canonical, non-poison value of the element type.
    pub fn validate(&self) -> Result<(), BufferError> {
        let expected = element_count(&self.shape).ok_or_else(|| BufferError::TooLarge {
            shape: self.shape.clone(),
        })?;
        if expected != self.data.len() {
            return Err(BufferError::Length {
                shape: self.shape.clone(),
                expected,
                got: self.data.len(),
            });
        }
        for (index, &value) in self.data.iter().enumerate() {
            if value == Value::Poison {
                return Err(BufferError::Poison { index });
            }
            if !value_has_type(value, self.elem) {
                return Err(BufferError::ValueType {
                    index,
                    elem: self.elem,
                    value,
                });
            }
        }
        Ok(())
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Row-major strides in elements.
    pub fn strides(&self) -> Vec<usize> {
        row_major_strides(&self.shape)
    }

    /// Flat position of `index`, or `None` if its rank or any coordinate is
    /// out of bounds.
    pub fn offset(&self, index: &[usize]) -> Option<usize> {
        if index.len() != self.shape.len() {
            return None;
        }
        let mut offset = 0usize;
        for (&i, &n) in index.iter().zip(&self.shape) {
            if i >= n {
                return None;
            }
            offset = offset * n + i;
        }
        Some(offset)
    }

    pub fn get(&self, index: &[usize]) -> Option<Value> {
        self.offset(index).and_then(|o| self.data.get(o).copied())
    }

    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut Value> {
        let o = self.offset(index)?;
        self.data.get_mut(o)
    }

    /// The integer elements, or `None` if any element is not an integer.
    pub fn to_i64_vec(&self) -> Option<Vec<i64>> {
        self.data
            .iter()
            .map(|v| match v {
                Value::Int(i) => Some(*i),
                _ => None,
            })
            .collect()
    }

    /// The float elements widened to `f64` (exactly), or `None` if any
    /// element is not a float.
    pub fn to_f64_vec(&self) -> Option<Vec<f64>> {
        self.data
            .iter()
            .map(|v| match v {
                Value::F32(x) => Some(f64::from(*x)),
                Value::F64(x) => Some(*x),
                _ => None,
            })
            .collect()
    }
}
