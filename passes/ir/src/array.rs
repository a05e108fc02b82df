//! A `spacetime.array` as the passes read it: its loops (original, time,
//! space) with their bounds, the `recover` rows, and what a value of its
//! body says about the original indices.

use crate::handle::{AsVal, Val};
use crate::import::affine_map_rows;
use crate::ir;
use crate::ods;
use crate::pass::Failed;
use melior::ir::{
    block::BlockLike, operation::OperationLike, operation::OperationRef, Type, Value,
};
use t2s_model::{Affine, Linear};

/// A loop of the array: its name and bounds. Original and time extents may
/// depend on parameters; space extents (the PEs) are constants.
#[derive(Clone, Debug)]
pub struct Bound {
    pub name: String,
    pub min: i64,
    pub extent: Linear,
    /// A space loop whose PEs are the lanes of vectors.
    pub vectorized: bool,
    /// A space loop whose PEs run from the last to the first in a step.
    pub descending: bool,
    /// A space loop that runs inside each PE (T2S's loop inside the PE):
    /// its PEs are counted as one PE's lanes.
    pub inside: bool,
}

impl Bound {
    /// The extent of a space loop: a constant (verified).
    pub fn pe_extent(&self) -> i64 {
        self.extent.as_const().unwrap_or(1)
    }
}

/// The time loops of a `spacetime.array`, outermost first. These accessors
/// are the one place the array's loop attributes are read by name.
pub fn time_loops(array: &OperationRef<'_, '_>) -> Vec<String> {
    ir::strings(array, "time_loops")
}

/// The space loops of a `spacetime.array` (its PE dimensions), in order.
pub fn space_loops(array: &OperationRef<'_, '_>) -> Vec<String> {
    ir::strings(array, "space_loops")
}

/// The first PE of each space loop.
pub fn space_mins(array: &OperationRef<'_, '_>) -> Vec<i64> {
    ir::i64s(array, "space_mins")
}

/// The extent of each space loop (constants: verified).
pub fn space_extents(array: &OperationRef<'_, '_>) -> Vec<ir::ExtentAttr> {
    ir::extents(array, "space_extents")
}

/// The space loops whose PEs run from the last to the first in a step.
pub fn descending(array: &OperationRef<'_, '_>) -> Vec<String> {
    ir::strings(array, "descending")
}

/// The space loops that run inside each PE.
pub fn inside(array: &OperationRef<'_, '_>) -> Vec<String> {
    ir::strings(array, "inside")
}

/// What the rewrite reads off a `spacetime.array`.
pub struct ArrayInfo {
    pub loops: Vec<Bound>,
    pub time: Vec<Bound>,
    pub space: Vec<Bound>,
    /// Original indices as affine forms of the coordinates (time, space).
    pub recover: Vec<Affine>,
}

impl ArrayInfo {
    pub fn read(array: &OperationRef<'_, '_>) -> Result<Self, Failed> {
        let bounds = |prefix: &str| -> Vec<Bound> {
            let names = ir::strings(array, &format!("{prefix}loops"));
            let mins = ir::i64s(array, &format!("{prefix}mins"));
            let extents = ir::extents(array, &format!("{prefix}extents"));
            names
                .into_iter()
                .zip(mins)
                .zip(extents)
                .map(|((name, min), extent)| Bound {
                    name,
                    min,
                    extent: extent.linear(),
                    vectorized: false,
                    descending: false,
                    inside: false,
                })
                .collect()
        };
        let time = bounds("time_");
        let mut space = bounds("space_");
        let descending = descending(array);
        let inside = inside(array);
        for s in space.iter_mut() {
            s.descending = descending.contains(&s.name);
            s.inside = inside.contains(&s.name);
        }
        if let Some(body) = ir::body_block(array) {
            for (d, s) in space.iter_mut().enumerate() {
                s.vectorized = body
                    .argument(time.len() + d)
                    .is_ok_and(|a| crate::lanes::is_vector(Value::from(a).val()));
            }
        }
        Ok(ArrayInfo {
            loops: bounds(""),
            time,
            space,
            recover: affine_map_rows(array, "recover")?,
        })
    }

    /// The PE shape of a register file: the extents of the space loops that
    /// are not vectorized.
    pub fn pe_shape(&self) -> Vec<i64> {
        self.space
            .iter()
            .filter(|s| !s.vectorized)
            .map(|s| s.pe_extent())
            .collect()
    }

    /// The lane shape: the extents of the vectorized space loops.
    pub fn lane_shape(&self) -> Vec<i64> {
        self.space
            .iter()
            .filter(|s| s.vectorized)
            .map(|s| s.pe_extent())
            .collect()
    }

    /// Each original index's range over the coordinates' box (`None` where
    /// a time extent is symbolic).
    pub fn box_ranges(&self) -> Vec<Option<(i64, i64)>> {
        let coords: Vec<Option<(i64, i64)>> = self
            .time
            .iter()
            .chain(&self.space)
            .map(|b| Some((b.min, b.min.checked_add(b.extent.as_const()?)? - 1)))
            .collect();
        self.recover
            .iter()
            .map(|row| row_range(row, &coords))
            .collect()
    }
}

/// The element type of a memref type.
pub fn memref_element(ty: Type<'_>) -> Type<'_> {
    crate::types::element(ty)
}

/// Whether `value`'s op computes at the PE's own coordinates (no `at`).
pub fn own_coordinates(value: Val) -> bool {
    value.defining_op().is_some_and(|op| op.num_operands() == 0)
}

/// The original loop whose recovered index `value` is, if it is a
/// `spacetime.recover` result.
pub fn recovered_loop(value: Val) -> Option<usize> {
    let owner = value.defining_op()?.op();
    (ods::is(&owner, ods::spacetime::RecoverOperation::name()) && owner.operand_count() == 0)
        .then(|| value.result_number())?
}

/// Interval of an affine row given operand intervals (None if any is unknown).
pub fn row_range(row: &Affine, ranges: &[Option<(i64, i64)>]) -> Option<(i64, i64)> {
    let mut lo = row.constant;
    let mut hi = row.constant;
    for &(v, c) in &row.terms {
        let (a, b) = ranges.get(v).copied().flatten()?;
        let (x, y) = (c.checked_mul(a)?, c.checked_mul(b)?);
        lo = lo.checked_add(x.min(y))?;
        hi = hi.checked_add(x.max(y))?;
    }
    Some((lo, hi))
}
