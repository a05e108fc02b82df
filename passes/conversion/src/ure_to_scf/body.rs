//! The body of one URE at the current iteration point: its ops cloned as
//! they are (attributes such as `fastmath` and overflow flags kept), with
//! the `ure` ops replaced: a loop variable by the loop's induction
//! variable, `ure.param_value` by the parameter's argument, `ure.load` by a
//! clamped `memref.load` of the input, `ure.at` by the read the caller
//! provides (a rolling buffer), `ure.select` by its value under a guard.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;
use std::collections::HashMap;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, AsVal, Val};
use t2s_ir::import::affine_indices;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::ure::AtOp;
use t2s_ir::ops::View as _;
use t2s_ir::pass::Failed;
use t2s_model::{Affine, Program};

/// The values a URE body computes: its results, and the condition of a
/// `ure.select` (a value without an else) that guards their store.
pub struct BodyValues {
    pub results: Vec<Val>,
    pub guard: Option<Val>,
}

/// Reads result `result` of Func `callee` at `indices` (affine in the
/// URE's loop variables).
pub type ReadFunc<'r> = dyn Fn(&Emitter<'_>, usize, usize, &[Affine]) -> Val + 'r;

/// What a body's `ure` ops refer to, by position in the program.
pub struct Names<'p> {
    pub model: &'p Program,
    pub params: &'p [Val],
    pub inputs: &'p [Val],
}

impl Names<'_> {
    fn func(&self, name: &str) -> Option<usize> {
        self.model.funcs.iter().position(|f| f.name == name)
    }
    fn input(&self, name: &str) -> Option<usize> {
        self.model.inputs.iter().position(|i| i.name == name)
    }
    fn param(&self, name: &str) -> Option<usize> {
        self.model.params.iter().position(|p| p == name)
    }
    fn param_positions(&self) -> HashMap<String, usize> {
        self.model
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), i))
            .collect()
    }
}

/// Clones the body of `def` (a `ure.def`) where `e` inserts, its block
/// arguments bound to `args` (the values of its loop variables).
pub fn clone_body(
    e: &Emitter<'_>,
    def: OperationRef<'_, '_>,
    names: &Names<'_>,
    args: &[Val],
    read: &ReadFunc<'_>,
) -> Result<BodyValues, Failed> {
    let block = ir::body_block(&def).or_internal("a body block")?;
    let mut map: HashMap<usize, Val> = HashMap::new();
    for (i, arg) in args.iter().enumerate() {
        let old = block.argument(i).or_internal("a block argument")?;
        map.insert(old.val().key(), *arg);
    }
    let mapped = |map: &HashMap<usize, Val>, v: Val| -> Result<Val, Failed> {
        map.get(&{ v.key() })
            .copied()
            .or_internal("a value mapped before")
    };
    let mut guard = None;
    for op in ir::ops(block) {
        let name = ir::name(&op);
        let results: Vec<Val> = t2s_ir::op_match!(name, {
            ods::ure::YieldOperation => {
                let results = op
                    .operands()
                    .map(|v| mapped(&map, v.val()))
                    .collect::<Result<_, _>>()?;
                return Ok(BodyValues { results, guard });
            },
            ods::ure::SelectOperation => {
                guard = Some(mapped(&map, ir::operand(&op, 0))?);
                vec![mapped(&map, ir::operand(&op, 1))?]
            },
            ods::ure::ParamValueOperation => {
                let param = t2s_ir::ops::ure::param_of(&op).unwrap_or_default();
                let p = names.param(&param).ok_or_else(|| unknown(&op, "parameter", &param))?;
                vec![names.params[p]]
            },
            ods::ure::AtOperation => {
                let func = AtOp::wrap(op).func();
                let callee = names.func(&func).ok_or_else(|| unknown(&op, "Func", &func))?;
                let indices = affine_indices(&op, args.len(), &HashMap::new())?;
                (0..op.result_count())
                    .map(|r| read(e, callee, r, &indices))
                    .collect()
            },
            ods::ure::LoadOperation => vec![load_input(e, &op, names, args)?],
            _ => clone_op(e, &op, &map)?,
        });
        for (i, new) in results.into_iter().enumerate() {
            let old = op.result(i).or_internal("a result of the op")?;
            map.insert(old.val().key(), new);
        }
    }
    Err(error(def.location(), "a URE body without a ure.yield"))
}

fn unknown(op: &OperationRef<'_, '_>, what: &str, name: &str) -> Failed {
    error(
        op.location(),
        format!("@{name} is not a {what} of this program"),
    )
}

/// A `ure.load`: the input's element at the indices, each clamped into the
/// buffer (a read outside it is one a select discards).
fn load_input(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    names: &Names<'_>,
    args: &[Val],
) -> Result<Val, Failed> {
    let input = t2s_ir::ops::ure::input_of(op);
    let i = names
        .input(&input)
        .ok_or_else(|| unknown(op, "input", &input))?;
    let buffer = names.inputs[i];
    let layout = &names.model.inputs[i].layout;
    let indices = t2s_ir::quasi::quasi_indices(op, args.len(), &names.param_positions())?;
    // Parameters follow the loop variables in an input's indices.
    let operands: Vec<Val> = args.iter().chain(names.params).copied().collect();
    let idx: Vec<Val> = indices
        .iter()
        .enumerate()
        .map(|(d, index)| {
            let dim = e.dim(buffer, e.index(layout.position(d) as i64));
            let last = e.sub(dim, e.index(1));
            e.clamp(
                t2s_ir::quasi::quasi_value(e, index, &operands),
                e.index(0),
                last,
            )
        })
        .collect();
    let ty = op.result(0).or_internal("a result of the op")?.r#type();
    // The buffer is in its memory order.
    Ok(e.load(buffer, &layout.physical(&idx), ty))
}

/// Clones `op` with its operands (and the uses of outer values in its
/// regions) mapped; returns the clone's results.
fn clone_op(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    map: &HashMap<usize, Val>,
) -> Result<Vec<Val>, Failed> {
    let clone = e.clone_op(op.handle(), |v| map.get(&v.key()).copied());
    Ok(clone.results())
}
