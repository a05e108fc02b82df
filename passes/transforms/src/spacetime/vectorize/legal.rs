//! What `vectorize` may do with a loop, read off the array's IR:
//!
//! - [`propagations`]: each same-step read (delay 0) across a vectorized
//!   loop is either the pure propagation
//!   `a = select(j == first, X, read a [.., 1, ..] delay 0)`, written back
//!   to `a` (a value copied unchanged along the loop from its first PE:
//!   every lane gets `X` of the first lane, a broadcast), or a dependence
//!   that serializes the loop.
//! - [`lane_varying`]: which values and register files differ between
//!   lanes, and so become vectors; the others stay scalars.

use crate::spacetime::vectorize::chain::first_lane_select;
use crate::spacetime::vectorize::reduce::{match_reduction, Reduction};
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    Location, RegionLike,
};
use std::collections::HashSet;
use t2s_ir::handle::{AsOp, AsVal, Op, Val};
use t2s_ir::import::affine_map_rows;
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::ops::View as _;

/// A value copied along a vectorized loop: its select becomes a broadcast.
#[derive(Clone, Debug)]
pub struct Propagation {
    /// The loop (position among the space loops).
    pub space: usize,
    /// The same-step read of the neighbour, erased.
    pub read: Op,
    /// The select written to the file, replaced by the broadcast.
    pub select: Op,
    /// The select's operand that holds the copied value (1 or 2).
    pub operand: usize,
    /// The lane (0-based along the loop) whose value every lane gets.
    pub lane: i64,
    pub file_name: String,
}

/// A same-step read across a loop that is not a propagation.
pub struct Blocking<'c> {
    pub space: usize,
    pub file_name: String,
    pub location: Location<'c>,
    /// Why the running combination it starts is not a lane reduction.
    pub why: Option<String>,
}

fn op_ref<'c, 'a>(op: Op) -> OperationRef<'c, 'a> {
    op.op()
}

fn operand(op: Op, i: usize) -> Option<Val> {
    let r = op_ref(op);
    r.operand_at(i).map(|v| v.val())
}

fn same(a: Option<Val>, b: Val) -> bool {
    a == Some(b)
}

/// The register file's label (`spacetime.shift_reg "a"`).
pub fn file_name(file: Val) -> String {
    t2s_ir::ops::spacetime::file_decl(file).map_or_else(String::new, |f| f.label())
}

fn is_same_step(read: &OperationRef<'_, '_>) -> bool {
    let Some(read) = t2s_ir::ops::spacetime::ReadOp::cast(*read) else {
        return false;
    };
    read.writes().is_none() && read.delay().is_some_and(|d| d.is_same_step())
}

/// Every op of the array, pre-order.
pub fn all_ops(array: &OperationRef<'_, '_>) -> Vec<Op> {
    let mut ops = Vec::new();
    array.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        ops.push(op.handle());
        melior::ir::operation::WalkResult::Advance
    });
    ops.remove(0);
    ops
}

/// What the same-step reads across the candidate loops make of them.
pub struct Dependences<'c> {
    pub props: Vec<Propagation>,
    pub reductions: Vec<Reduction>,
    pub blocking: Vec<Blocking<'c>>,
}

/// The propagations and lane reductions along `candidates` (space
/// positions), and the reads that serialize a candidate. A reduction is
/// only made of the one loop of a 1-D vector.
pub fn propagations<'c>(array: &OperationRef<'c, '_>, candidates: &[usize]) -> Dependences<'c> {
    let mut props = Vec::new();
    let mut reductions = Vec::new();
    let mut blocking = Vec::new();
    for read in ir::collect(*array, ods::spacetime::ReadOperation::name()) {
        if !is_same_step(&read) {
            continue;
        }
        let offset =
            t2s_ir::ops::spacetime::ReadOp::cast(read).map_or_else(Vec::new, |r| r.offset());
        let dims: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&s| offset.get(s).is_some_and(|o| *o != 0))
            .collect();
        if dims.is_empty() {
            continue;
        }
        let Some(file) = operand(read.handle(), 0) else {
            continue;
        };
        let name = file_name(file);
        let mut why: Option<String> = None;
        if let [s] = dims[..] {
            let alone = offset.iter().enumerate().all(|(i, o)| i == s || *o == 0);
            if let Some(p) = alone
                .then(|| match_propagation(array, &read, s, offset[s], file, &name))
                .flatten()
            {
                props.push(p);
                continue;
            }
            if alone && offset[s] == 1 {
                match match_reduction(array, &read, s, file, &name) {
                    Ok(r) if candidates.len() == 1 => {
                        reductions.push(r);
                        continue;
                    }
                    Ok(_) => why = Some("not a lane reduction (the vector has other loops: vectorize this loop alone)".into()),
                    Err(reason) => why = reason,
                }
            }
        }
        for space in dims {
            blocking.push(Blocking {
                space,
                file_name: name.clone(),
                location: read.location(),
                why: why.clone(),
            });
        }
    }
    Dependences {
        props,
        reductions,
        blocking,
    }
}

fn match_propagation(
    array: &OperationRef<'_, '_>,
    read: &OperationRef<'_, '_>,
    space: usize,
    offset: i64,
    file: Val,
    name: &str,
) -> Option<Propagation> {
    // A same-step read reaches back (the verifier: a non-negative offset):
    // the copy starts at the loop's first PE.
    if offset != 1 {
        return None;
    }
    let (select, x) = first_lane_select(array, read, space)?;
    let selected = op_ref(select).result_at(0)?.val();
    let written_back = ir::collect(*array, ods::spacetime::WriteOperation::name())
        .iter()
        .any(|w| same(operand(w.handle(), 1), file) && same(operand(w.handle(), 0), selected));
    written_back.then(|| Propagation {
        space,
        read: read.handle(),
        select,
        operand: x,
        lane: 0,
        file_name: name.to_string(),
    })
}

/// Values and register files that differ between lanes.
#[derive(Default)]
pub struct Varying {
    pub values: HashSet<usize>,
    pub files: HashSet<usize>,
}

impl Varying {
    pub fn value(&self, v: Val) -> bool {
        self.values.contains(&{ v.key() })
    }
    pub fn file(&self, v: Val) -> bool {
        self.files.contains(&{ v.key() })
    }
}

/// The fixpoint of "uses a lane-varying value", from the vectorized
/// coordinates, through register files (a file written with a varying value,
/// or an `on_write` file written under a varying condition, varies).
pub fn lane_varying(
    array: &OperationRef<'_, '_>,
    spaces: &[usize],
    props: &[Propagation],
    reductions: &[Reduction],
) -> Varying {
    let mut v = Varying::default();
    let time = t2s_ir::array::time_loops(array).len();
    let coords: HashSet<usize> = spaces.iter().map(|s| time + s).collect();
    if let Some(body) = ir::body_block(array) {
        for &c in &coords {
            if let Ok(a) = body.argument(c) {
                v.values.insert((a).val().key());
            }
        }
    }
    let rows = affine_map_rows(array, "recover").unwrap_or_default();
    let row_varies: Vec<bool> = rows
        .iter()
        .map(|r| r.terms.iter().any(|(d, c)| *c != 0 && coords.contains(d)))
        .collect();
    let ops = all_ops(array);
    // A reduction's chain read is erased, and its result is the last
    // lane's value, the same for every lane.
    let skipped: HashSet<usize> = props
        .iter()
        .map(|p| p.read.key())
        .chain(reductions.iter().map(|r| r.read.key()))
        .collect();
    let uniform: HashSet<usize> = reductions.iter().map(|r| r.combine.key()).collect();
    loop {
        let before = (v.values.len(), v.files.len());
        for &op in &ops {
            if !uniform.contains(&{ op.key() }) {
                mark(op, &mut v, &row_varies, &skipped, props, array);
            }
        }
        if (v.values.len(), v.files.len()) == before {
            return v;
        }
    }
}

fn mark(
    op: Op,
    v: &mut Varying,
    row_varies: &[bool],
    skipped: &HashSet<usize>,
    props: &[Propagation],
    array: &OperationRef<'_, '_>,
) {
    let r = op_ref(op);
    let results: Vec<Val> = r.results().map(|x| x.val()).collect();
    let operands: Vec<Val> = r.operands().map(|x| x.val()).collect();
    let set = |v: &mut Varying, x: Val| {
        v.values.insert(x.key());
    };
    t2s_ir::op_match!(ir::name(&r), {
        ods::spacetime::RecoverOperation => {
            for (x, varies) in results.iter().zip(row_varies) {
                if *varies {
                    set(v, *x);
                }
            }
        },
        ods::spacetime::ScheduledOperation => set(v, results[0]),
        // Every lane (PE) reads its own value.
        ods::channel::ReadOperation => set(v, results[0]),
        ods::spacetime::ReadOperation => {
            if !skipped.contains(&{ op.key() }) && v.file(operands[0]) {
                set(v, results[0]);
            }
        },
        ods::spacetime::WriteOperation => {
            // The file is the array's block argument: its declaration is
            // the shift_reg behind it.
            let on_write = t2s_ir::ops::spacetime::file_decl(operands[1]).is_some_and(|d| d.on_write());
            if v.value(operands[0]) || (on_write && under_varying_condition(&r, v, array)) {
                v.files.insert(operands[1].key());
            }
        },
        ods::scf::IfOperation => {
            let cond = v.value(operands[0]);
            let yields: Vec<Vec<Val>> = (0..r.region_count())
                .filter_map(|i| r.region_at(i)?.first_block())
                .filter_map(|b| b.terminator())
                .map(|t| t.operands().map(|x| x.val()).collect())
                .collect();
            for (i, x) in results.iter().enumerate() {
                if cond || yields.iter().any(|y| y.get(i).is_some_and(|y| v.value(*y))) {
                    set(v, *x);
                }
            }
        },
        _ => {
            if let Some(p) = props.iter().find(|p| p.select.key() == op.key()) {
                if v.value(operands[p.operand]) {
                    set(v, results[0]);
                }
                return;
            }
            if operands.iter().any(|x| v.value(*x)) {
                for x in results {
                    set(v, x);
                }
            }
        },
    })
}

/// An `scf.if` around `op` (inside the array) has a lane-varying condition.
fn under_varying_condition(
    op: &OperationRef<'_, '_>,
    v: &Varying,
    array: &OperationRef<'_, '_>,
) -> bool {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        if parent.handle() == array.handle() {
            return false;
        }
        if ods::is(&parent, ods::scf::IfOperation::name())
            && parent.operand_at(0).is_some_and(|c| v.value(c.val()))
        {
            return true;
        }
        current = parent.parent_operation();
    }
    false
}

/// A space loop to vectorize, and the directive that asks for it.
#[derive(Clone)]
pub struct Wanted<'c> {
    /// Position among the array's space loops.
    pub space: usize,
    pub name: String,
    pub location: Location<'c>,
}
