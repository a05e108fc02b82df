//! The pieces of a split vector (`split-vectors`): a vector whose shape the
//! target lacks is carried as the row-major list of its pieces, each a
//! 1-D vector of a width the target has (or a scalar where no width divides
//! the rows). A piece never crosses a row: its width divides the innermost
//! dimension, so row-wise loads and stores stay contiguous.

use melior::ir::{Attribute, Type};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::lanes::{count, element_of, shape_of, type_of, vector_type};

/// A split vector: `pieces[k]` holds lanes `k * width .. (k + 1) * width`
/// (row-major) of a `vector<shape x element>`.
#[derive(Clone, Debug)]
pub struct Split {
    pub shape: Vec<i64>,
    pub width: usize,
    pub pieces: Vec<Val>,
}

/// One lane of a value: a scalar, or lane `i` of a (target-legal) 1-D
/// vector.
#[derive(Clone, Copy, Debug)]
pub enum Lane {
    Scalar(Val),
    In(Val, usize),
}

/// The vector widths of the target, widest first, and the values split so
/// far (keyed by the replaced value): as pieces, or, for the results of
/// lane moves, as the lanes they pick, built into pieces where a use needs
/// them (so a chain of moves costs one shuffle per piece).
pub struct Splitter<'c> {
    pub context: &'c Context,
    widths: Vec<usize>,
    splits: HashMap<usize, Split>,
    moved: HashMap<usize, (Vec<i64>, Vec<Lane>)>,
}

/// The element type of a memref type, `None` for other types.
pub fn buffer_element(ty: Type<'_>) -> Option<Type<'_>> {
    t2s_ir::types::is_memref(ty).then(|| t2s_ir::types::element(ty))
}

fn key(value: Val) -> usize {
    value.key()
}

impl<'c> Splitter<'c> {
    pub fn new(context: &'c Context, mut widths: Vec<usize>) -> Self {
        widths.sort_unstable_by(|a, b| b.cmp(a));
        Self {
            context,
            widths,
            splits: HashMap::new(),
            moved: HashMap::new(),
        }
    }

    /// Whether `ty` is a vector the target lacks: two or more dimensions,
    /// none, or a lane count not among the widths.
    pub fn is_illegal(&self, ty: Type<'_>) -> bool {
        match shape_of(ty) {
            Some(shape) => !(shape.len() == 1 && self.widths.contains(&(shape[0] as usize))),
            None => false,
        }
    }

    /// Whether `ty` is a buffer whose elements are vectors the target lacks.
    pub fn is_illegal_buffer(&self, ty: Type<'_>) -> bool {
        buffer_element(ty).is_some_and(|element| self.is_illegal(element))
    }

    /// The width of the pieces of a vector of `shape`: the widest target
    /// width dividing its rows, or 1 (scalars).
    pub fn width(&self, shape: &[i64]) -> usize {
        let row = shape.last().copied().unwrap_or(1).max(1) as usize;
        self.widths
            .iter()
            .copied()
            .find(|w| row.is_multiple_of(*w))
            .unwrap_or(1)
    }

    /// The type of the pieces of a vector of `shape`.
    pub fn piece_type(&self, shape: &[i64], element: Type<'c>) -> Type<'c> {
        match self.width(shape) {
            1 => element,
            w => vector_type(self.context, &[w as i64], element),
        }
    }

    /// Records `pieces` (row-major, of this target's width for `shape`) as
    /// the split of `value`.
    pub fn record(&mut self, value: Val, shape: Vec<i64>, pieces: Vec<Val>) {
        let width = self.width(&shape);
        debug_assert_eq!(pieces.len() * width, count(&shape));
        self.splits.insert(
            key(value),
            Split {
                shape,
                width,
                pieces,
            },
        );
    }

    /// Records `piece` as every piece of `value` (a splat or poison).
    pub fn record_uniform(&mut self, value: Val, shape: Vec<i64>, piece: Val) {
        let pieces = vec![piece; count(&shape) / self.width(&shape)];
        self.record(value, shape, pieces);
    }

    /// The pieces of a split value, built before `e` if it is a lane move.
    pub fn pieces(&self, e: &Emitter<'c>, value: Val) -> Option<Split> {
        if let Some(split) = self.splits.get(&key(value)) {
            return Some(split.clone());
        }
        let (shape, lanes) = self.moved.get(&key(value))?;
        Some(self.assemble(e, lanes, shape, element_of(type_of(value))))
    }

    /// The lanes of a vector value, row-major: of its pieces if it was
    /// split, else of the value itself (a legal 1-D vector). `None` for a
    /// vector the target lacks that no split op made (a block argument).
    pub fn lanes(&self, value: Val) -> Option<Vec<Lane>> {
        if let Some((_, lanes)) = self.moved.get(&key(value)) {
            return Some(lanes.clone());
        }
        if let Some(split) = self.splits.get(&key(value)) {
            let total = count(&split.shape);
            return Some(
                (0..total)
                    .map(|f| {
                        let piece = split.pieces[f / split.width];
                        if split.width == 1 {
                            Lane::Scalar(piece)
                        } else {
                            Lane::In(piece, f % split.width)
                        }
                    })
                    .collect(),
            );
        }
        let ty = type_of(value);
        let shape = shape_of(ty)?;
        if self.is_illegal(ty) {
            return None;
        }
        Some((0..count(&shape)).map(|i| Lane::In(value, i)).collect())
    }

    /// `lanes` (row-major) as the pieces of a vector of `shape`.
    pub fn assemble(
        &self,
        e: &Emitter<'c>,
        lanes: &[Lane],
        shape: &[i64],
        element: Type<'c>,
    ) -> Split {
        let width = self.width(shape);
        let pieces = lanes
            .chunks(width)
            .map(|chunk| build(e, chunk, element))
            .collect();
        Split {
            shape: shape.to_vec(),
            width,
            pieces,
        }
    }

    /// `lanes` as the value of `result`: a scalar or legal vector built
    /// before `e` (returned), or, for a vector the target lacks, recorded as
    /// a lane move.
    pub fn produce(&mut self, e: &Emitter<'c>, result: Val, lanes: &[Lane]) -> Option<Val> {
        let ty = type_of(result);
        let element = element_of(ty);
        match shape_of(ty) {
            None => Some(build(e, &lanes[..1], element)),
            Some(shape) if self.is_illegal(ty) => {
                self.moved.insert(key(result), (shape, lanes.to_vec()));
                None
            }
            Some(_) => Some(build(e, lanes, element)),
        }
    }

    /// The pieces of a constant vector of `shape` whose lanes are the
    /// (typed) `elements`, row-major; equal pieces share one constant.
    pub fn constant(
        &self,
        e: &Emitter<'c>,
        shape: &[i64],
        element: Type<'c>,
        elements: &[Attribute<'c>],
    ) -> Vec<Val> {
        let width = self.width(shape);
        let piece_type = self.piece_type(shape, element);
        let mut made: HashMap<Vec<usize>, Val> = HashMap::new();
        elements
            .chunks(width)
            .map(|chunk| {
                let id: Vec<usize> = chunk.iter().map(t2s_ir::handle::attribute_key).collect();
                *made.entry(id).or_insert_with(|| {
                    let value = if width == 1 {
                        chunk[0]
                    } else {
                        // `width` typed elements of the piece's vector type.
                        t2s_ir::types::dense_of(piece_type, chunk)
                            .expect("elements of the piece's element type")
                    };
                    e.constant_attribute(value)
                })
            })
            .collect()
    }
}

/// One value from `lanes`: the scalar of a single lane, the source vector
/// itself when the lanes are all of it in order, a `vector.shuffle` when
/// they come from at most two vectors, else `vector.from_elements`.
fn build<'c>(e: &Emitter<'c>, lanes: &[Lane], element: Type<'c>) -> Val {
    if let [lane] = lanes {
        return scalar(e, *lane);
    }
    let mut sources: Vec<Val> = Vec::new();
    for lane in lanes {
        match lane {
            Lane::In(v, _) if sources.iter().any(|s| s.key() == v.key()) => {}
            Lane::In(v, _) if sources.len() < 2 => sources.push(*v),
            _ => {
                let scalars: Vec<Val> = lanes.iter().map(|l| scalar(e, *l)).collect();
                let ty = vector_type(e.context, &[lanes.len() as i64], element);
                return e.from_elements(&scalars, ty);
            }
        }
    }
    let first = sources[0];
    let first_lanes = shape_of(type_of(first)).map_or(1, |s| count(&s));
    let mask: Vec<usize> = lanes
        .iter()
        .map(|l| match l {
            Lane::In(v, i) if v.key() == first.key() => *i,
            Lane::In(_, i) => first_lanes + i,
            Lane::Scalar(_) => unreachable!("scalar lanes take from_elements"),
        })
        .collect();
    if sources.len() == 1
        && first_lanes == lanes.len()
        && mask.iter().enumerate().all(|(l, i)| l == *i)
    {
        return first;
    }
    let second = sources.get(1).copied().unwrap_or(first);
    let mask: Vec<i64> = mask.iter().map(|i| *i as i64).collect();
    e.shuffle(first, second, &mask)
}

/// The scalar of one lane.
fn scalar(e: &Emitter<'_>, lane: Lane) -> Val {
    match lane {
        Lane::Scalar(v) => v,
        Lane::In(v, i) => e.vector_extract(v, &[i as i64]),
    }
}

/// Why a split value has no pieces: no op made it.
pub fn block_argument_error(value: Val) -> String {
    format!(
        "{} comes from a block argument, which split-vectors cannot split",
        type_of(value)
    )
}
