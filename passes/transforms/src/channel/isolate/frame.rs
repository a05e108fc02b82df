//! What the pieces of `isolate` share: the array being isolated and the
//! accesses that move out of it.

use crate::channel::isolate::slice::Condition;
use melior::ir::operation::OperationRef;
use melior::Context;
use std::collections::HashSet;
use t2s_ir::array::ArrayInfo;
use t2s_ir::handle::{Blk, Op};

/// One access the pass moves: its op, the conditions it runs under, and
/// the ops another kernel needs to recompute them and its indices.
pub struct Access {
    pub op: Op,
    pub guards: Vec<Condition>,
    pub uses: Option<Vec<Condition>>,
    pub slice: HashSet<usize>,
    /// A store's innermost condition when the array computes it from data
    /// (a control URE's value): the array sends it to the drainer, which
    /// stores where it holds.
    pub flag: Option<Flag>,
}

/// A condition only the array can compute, and the `scf.if` it guards.
#[derive(Clone, Copy)]
pub struct Flag {
    pub condition: Condition,
    pub branch: Op,
}

/// What the isolated kernels share with the array.
pub struct Frame<'c, 'a> {
    pub context: &'c Context,
    pub program: OperationRef<'c, 'a>,
    pub array: OperationRef<'c, 'a>,
    pub body: Blk,
    pub info: ArrayInfo,
    /// The kernels the directives create: no channel may take their names.
    pub kernels: HashSet<String>,
}

impl Frame<'_, '_> {
    /// The PEs: the extents of the space loops.
    pub fn shape(&self) -> Vec<i64> {
        self.info.space.iter().map(|s| s.pe_extent()).collect()
    }

    /// How many of the body's arguments are time coordinates.
    pub fn num_time(&self) -> usize {
        self.info.time.len()
    }
}
