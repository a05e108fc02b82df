//! What the PEs read instead of an input whose feeder is packed
//! (`pack.rs` plans and fills the tile): a read of the input at its loops
//! becomes a read of the tile at those loops.

use melior::ir::Type;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::lanes::{self, is_vector};
use t2s_model::program::Affine;

/// The packed tile the PEs read: per operand of a read, the buffer
/// dimension it indexes and the value at index 0 (`None`: a loop fixed
/// during the scope's iteration).
pub struct Packed {
    buffer: Val,
    operand_dims: Vec<Option<(usize, i64)>>,
    rank: usize,
}

impl Packed {
    pub(super) fn new(buffer: Val, operand_dims: Vec<Option<(usize, i64)>>, rank: usize) -> Self {
        Packed {
            buffer,
            operand_dims,
            rank,
        }
    }
}

/// A read of the packed input at `operands` (the read's loops, scalars or
/// lanes): one `vector.load` when only the last dimension takes lanes
/// (consecutive: the loop is its coordinate), else each lane's element.
pub fn load(e: &Emitter<'_>, packed: &Packed, operands: &[Val], ty: Option<Type<'_>>) -> Val {
    let mut indices: Vec<Option<Val>> = vec![None; packed.rank];
    for (operand, place) in operands.iter().zip(&packed.operand_dims) {
        if let Some((k, min)) = place {
            if indices[*k].is_none() {
                let offset = Affine {
                    terms: vec![(0, 1)],
                    constant: -min,
                };
                indices[*k] = Some(lanes::affine_lanes(e, &offset, &[*operand]));
            }
        }
    }
    let indices: Vec<Val> = indices
        .into_iter()
        .map(|i| i.unwrap_or_else(|| e.index(0)))
        .collect();
    let element = t2s_ir::types::element(packed.buffer.r#type());
    let shape = ty.and_then(lanes::shape_of).unwrap_or_default();
    let Some(ty) = ty.filter(|_| indices.iter().any(|i| is_vector(*i))) else {
        let value = e.load(packed.buffer, &indices, element);
        // Every lane reads the same element.
        return match shape.is_empty() {
            true => value,
            false => lanes::splat(e, value, &shape),
        };
    };
    let (last, outer) = indices.split_last().expect("a packed tile has dimensions");
    let one_row = shape.len() == 1 && outer.iter().all(|i| !is_vector(*i));
    if one_row && lanes::byte_sized(element) {
        let base: Vec<Val> = outer
            .iter()
            .copied()
            .chain([lanes::extract(e, *last, &[0])])
            .collect();
        return e.vector_load(ty, packed.buffer, &base);
    }
    t2s_ir::vector_indexed::lane_by_lane(e, packed.buffer, ty, &shape, element, |lane| {
        indices
            .iter()
            .map(|i| {
                if is_vector(*i) {
                    lanes::extract(e, *i, lane)
                } else {
                    *i
                }
            })
            .collect()
    })
}
