//! `split-vectors` in memory: a buffer of vectors the target lacks
//! (`memref<2xvector<8x8xf32>>`, a register file of a 2-D PE array) gets
//! one more dimension, the piece (`memref<2x8xvector<8xf32>>`), and its
//! loads and stores move piece by piece; a `vector.load` or `vector.store`
//! of such a vector from a buffer of scalars moves each piece from its own
//! row.

use crate::vector::split_vectors::lanes::block_argument_error;
use crate::vector::split_vectors::lanes::{buffer_element, Splitter};
use melior::ir::{
    operation::{OperationLike, OperationRef},
    r#type::MemRefType,
    Type, Value,
};
use std::collections::HashMap;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ir::{attributes_of, operand, result};
use t2s_ir::lanes::{count, element_of, shape_of, type_of, unflatten};
use t2s_ir::ods;

/// Each split buffer's replacement, keyed by the old buffer.
#[derive(Default)]
pub struct Buffers(HashMap<usize, Val>);

impl Buffers {
    fn get(&self, old: Val) -> Option<Val> {
        self.0.get(&{ old.key() }).copied()
    }
}

pub fn handles(name: &str) -> bool {
    t2s_ir::op_in!(
        name,
        ods::memref::AllocOperation
            | ods::memref::AllocaOperation
            | ods::memref::LoadOperation
            | ods::memref::StoreOperation
            | ods::memref::DeallocOperation
            | ods::vector::LoadOperation
            | ods::vector::StoreOperation
    )
}

pub fn split<'c>(
    splitter: &mut Splitter<'c>,
    buffers: &mut Buffers,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    t2s_ir::op_match!(ir::name(op), {
        ods::memref::AllocOperation | ods::memref::AllocaOperation => allocate(splitter, buffers, e, op),
        ods::memref::LoadOperation => {
            let buffer = split_buffer(buffers, op, 0)?;
            let old = result(op);
            let shape = shape_of(type_of(old)).ok_or("a load of a split buffer")?;
            let piece_type = splitter.piece_type(&shape, element_of(type_of(old)));
            let indices = indices(op, 1);
            let width = splitter.width(&shape);
            let pieces = (0..count(&shape) / width)
                .map(|k| {
                    e.load(
                        buffer,
                        &[indices.clone(), vec![e.index(k as i64)]].concat(),
                        piece_type,
                    )
                })
                .collect();
            splitter.record(old, shape, pieces);
            Ok(())
        },
        ods::memref::StoreOperation => {
            let buffer = split_buffer(buffers, op, 1)?;
            let pieces = pieces_of(splitter, e, operand(op, 0))?;
            let indices = indices(op, 2);
            for (k, piece) in pieces.into_iter().enumerate() {
                e.store(
                    piece,
                    buffer,
                    &[indices.clone(), vec![e.index(k as i64)]].concat(),
                );
            }
            Ok(())
        },
        ods::memref::DeallocOperation => {
            let buffer = split_buffer(buffers, op, 0)?;
            e.dealloc(buffer);
            Ok(())
        },
        ods::vector::LoadOperation => {
            let old = result(op);
            let ty = type_of(old);
            let shape = shape_of(ty).ok_or("a vector load")?;
            let width = splitter.width(&shape);
            let piece_type = splitter.piece_type(&shape, element_of(ty));
            let pieces = rows(op, 1, &shape, width)?
                .into_iter()
                .map(|at| row_access(e, op, width, &at, piece_type, None))
                .collect();
            splitter.record(old, shape, pieces);
            Ok(())
        },
        ods::vector::StoreOperation => {
            let value = operand(op, 0);
            let shape = shape_of(type_of(value)).ok_or("a vector store")?;
            let width = splitter.width(&shape);
            let pieces = pieces_of(splitter, e, value)?;
            for (at, piece) in rows(op, 2, &shape, width)?.into_iter().zip(pieces) {
                row_access(e, op, width, &at, type_of(piece), Some(piece));
            }
            Ok(())
        },
        _ => unreachable!("split_memory::handles lists the ops"),
    })
}

/// A buffer of split vectors: the same sizes and memory space, one more
/// dimension (the piece), and the piece type as its element.
fn allocate<'c>(
    splitter: &Splitter<'c>,
    buffers: &mut Buffers,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let old = result(op);
    let ty = type_of(old);
    let mut dims = t2s_ir::types::shape(ty).unwrap_or_default();
    let element = t2s_ir::types::element(ty);
    let space = t2s_ir::types::memory_space(ty);
    let identity = t2s_ir::types::has_identity_layout(ty);
    if !identity {
        return Err(format!(
            "{ty} has a layout; split-vectors splits buffers of the identity layout"
        ));
    }
    let shape = shape_of(element).ok_or("a buffer of vectors")?;
    let width = splitter.width(&shape);
    dims.push((count(&shape) / width) as i64);
    let piece_type = splitter.piece_type(&shape, element_of(element));
    let split = MemRefType::new(piece_type, &dims, None, space);
    let operands: Vec<Val> = op.operands().map(|v| v.val()).collect();
    let new = e.same_op(op, &operands, &[split.into()])[0];
    buffers.0.insert(old.key() as usize, new);
    Ok(())
}

/// The replacement of operand `i`, a buffer this pass allocated anew.
fn split_buffer(buffers: &Buffers, op: &OperationRef<'_, '_>, i: usize) -> Result<Val, String> {
    let old = operand(op, i);
    buffers.get(old).ok_or_else(|| {
        format!(
            "'{}' accesses {}, a buffer of vectors the target lacks that split-vectors did not allocate (an argument or a view): pass such buffers as buffers of scalars",
            ir::name(op),
            type_of(old)
        )
    })
}

fn pieces_of<'c>(splitter: &Splitter<'c>, e: &Emitter<'c>, value: Val) -> Result<Vec<Val>, String> {
    splitter
        .pieces(e, value)
        .map(|s| s.pieces)
        .ok_or_else(|| block_argument_error(value))
}

fn indices(op: &OperationRef<'_, '_>, from: usize) -> Vec<Val> {
    op.operands().skip(from).map(|v| v.val()).collect()
}

/// The coordinates, within the vector, of each piece's first lane; the
/// buffer (operand `from - 1`) must be of scalars with at least the
/// vector's rank.
fn rows(
    op: &OperationRef<'_, '_>,
    from: usize,
    shape: &[i64],
    width: usize,
) -> Result<Vec<Vec<i64>>, String> {
    let buffer_type = type_of(operand(op, from - 1));
    if buffer_element(buffer_type).and_then(shape_of).is_some()
        || indices(op, from).len() < shape.len()
    {
        return Err(format!(
            "'{}' of {} from {buffer_type}: split-vectors splits vector loads and stores on buffers of scalars of at least the vector's rank",
            ir::name(op),
            shape
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join("x")
        ));
    }
    Ok((0..count(shape) / width)
        .map(|k| unflatten(shape, k * width))
        .collect())
}

/// Loads (or stores `value`) one piece at the op's indices offset by the
/// piece's coordinates in the trailing dimensions.
fn row_access<'c>(
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
    width: usize,
    at: &[i64],
    piece_type: Type<'c>,
    value: Option<Val>,
) -> Val {
    let buffer = operand(op, if value.is_some() { 1 } else { 0 });
    let mut indices = indices(op, if value.is_some() { 2 } else { 1 });
    let first = indices.len() - at.len();
    for (d, offset) in at.iter().enumerate() {
        if *offset != 0 {
            indices[first + d] = e.add(indices[first + d], e.index(*offset));
        }
    }
    if width == 1 {
        return match value {
            Some(v) => {
                e.store(v, buffer, &indices);
                buffer
            }
            None => e.load(buffer, &indices, piece_type),
        };
    }
    let index_values: Vec<Value> = indices.iter().map(|v| v.value()).collect();
    let piece = match value {
        Some(v) => e.insert(
            ods::vector::StoreOperation::builder(e.context, e.location)
                .value_to_store(v.value())
                .base(buffer.value())
                .indices(&index_values)
                .build()
                .into(),
        ),
        None => e.insert(
            ods::vector::LoadOperation::builder(e.context, e.location)
                .result(piece_type)
                .base(buffer.value())
                .indices(&index_values)
                .build()
                .into(),
        ),
    };
    // A piece keeps the access's alignment and temporal hint.
    for (name, attribute) in attributes_of(op) {
        Op::of(&piece).set_inherent(&name, attribute);
    }
    piece.result(0).map_or(buffer, |r| r.val())
}
