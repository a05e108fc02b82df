//! The reference interpreter: the oracle every compiled mode is checked
//! against, so it favours literal, exact semantics over speed.
//!
//! It executes a [`Program`] as written: the merged loop nest (outermost loop
//! first, every loop ascending) and, at every iteration point, every Func in
//! realization order. A Func stores into dense storage over the domain of its
//! left-hand-side loops, so a later store at the same point overwrites an
//! earlier one: this is how an extended URE that drops loop variables keeps
//! the last value. Reads outside a Func's domain, of never-stored points or of
//! inputs out of bounds give [`Value::Poison`], which `select` may discard and
//! which is an error only once it reaches the output.
//!
//! Integer operations follow MLIR `arith` bit for bit (values of `iN` are kept
//! sign-extended from N bits, `i1` true is `Int(-1)`); float operations are
//! computed in the type's own precision.

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

use crate::program::{
    Affine, BinaryOp, CastOp, CmpPredicate, Extent, Func, MathOp, Node, NodeId, Program,
    ScalarType, UnaryOp, Value,
};

// ---------------------------------------------------------------------------
// Dynamic checks and layout
// ---------------------------------------------------------------------------

/// The iteration range of one loop: `min .. min + extent`, with `extent >= 0`
/// and `min + extent` representable.
#[derive(Clone, Copy, Debug)]
struct Domain {
    min: i64,
    extent: i64,
}

fn loop_domains(program: &Program, params: &[i64]) -> Result<Vec<Domain>, InterpretError> {
    if params.len() != program.params.len() {
        return Err(InterpretError::ParamCount {
            expected: program.params.len(),
            got: params.len(),
        });
    }
    program
        .loops
        .iter()
        .map(|l| {
            let extent = match l.extent {
                Extent::Const(n) => n,
                Extent::Param(p) => *params.get(p).ok_or_else(|| InterpretError::Malformed {
                    context: format!("loop `{}`", l.name),
                    reason: format!("parameter {p} does not exist"),
                })?,
            };
            if extent < 0 {
                return Err(InterpretError::NegativeExtent {
                    loop_name: l.name.clone(),
                    extent,
                });
            }
            if l.min.checked_add(extent).is_none() {
                return Err(InterpretError::LoopOverflow {
                    loop_name: l.name.clone(),
                    min: l.min,
                    extent,
                });
            }
            Ok(Domain { min: l.min, extent })
        })
        .collect()
}

fn check_inputs(program: &Program, inputs: &[Buffer]) -> Result<(), InterpretError> {
    if inputs.len() != program.inputs.len() {
        return Err(InterpretError::InputCount {
            expected: program.inputs.len(),
            got: inputs.len(),
        });
    }
    for (decl, buf) in program.inputs.iter().zip(inputs) {
        if buf.elem != decl.elem {
            return Err(InterpretError::InputElem {
                name: decl.name.clone(),
                expected: decl.elem,
                got: buf.elem,
            });
        }
        if buf.shape.len() != decl.shape.len() {
            return Err(InterpretError::InputRank {
                name: decl.name.clone(),
                expected: decl.shape.len(),
                got: buf.shape.clone(),
            });
        }
        for (dim, (&size, &got)) in decl.shape.iter().zip(&buf.shape).enumerate() {
            if let Some(expected) = size {
                if i64::try_from(got) != Ok(expected) {
                    return Err(InterpretError::InputSize {
                        name: decl.name.clone(),
                        dim,
                        expected,
                        got,
                    });
                }
            }
        }
        buf.validate().map_err(|source| InterpretError::InputData {
            name: decl.name.clone(),
            source,
        })?;
    }
    Ok(())
}

/// How a Func is laid out and evaluated, precomputed once.
struct FuncPlan {
    var_loops: Vec<usize>,
    /// Loop position of each left-hand-side dimension.
    lhs_loops: Vec<usize>,
    /// Row-major stride of each left-hand-side dimension.
    strides: Vec<usize>,
    /// Extent of each left-hand-side dimension: the output buffer's shape.
    shape: Vec<usize>,
    types: Vec<ScalarType>,
}

fn plan_func(func: &Func, info: FuncInfo, domains: &[Domain]) -> Result<FuncPlan, InterpretError> {
    let lhs_loops: Vec<usize> = func.lhs.iter().map(|&p| info.var_loops[p]).collect();
    let too_large = || InterpretError::TooLarge {
        func: func.name.clone(),
        shape: lhs_loops.iter().map(|&l| domains[l].extent).collect(),
    };
    let shape = lhs_loops
        .iter()
        .map(|&l| usize::try_from(domains[l].extent).map_err(|_| too_large()))
        .collect::<Result<Vec<_>, _>>()?;
    if element_count(&shape).is_none() {
        return Err(too_large());
    }
    Ok(FuncPlan {
        var_loops: info.var_loops,
        strides: row_major_strides(&shape),
        lhs_loops,
        shape,
        types: info.types,
    })
}

/// Dense storage of `size` values, all poison (never stored).
fn poison_storage(func: &Func, plan: &FuncPlan) -> Result<Vec<Value>, InterpretError> {
    let size = element_count(&plan.shape).unwrap_or(usize::MAX);
    let mut data = Vec::new();
    data.try_reserve_exact(size)
        .map_err(|_| InterpretError::TooLarge {
            func: func.name.clone(),
            shape: plan.shape.iter().map(|&n| n as i64).collect(),
        })?;
    data.resize(size, Value::Poison);
    Ok(data)
}

/// The most values the interpreter keeps (4 GiB): past it a run would
/// thrash or be killed for memory rather than fail with a reason.
pub const MAX_STORED_VALUES: u64 = 1 << 28;

/// Every Func's storage together must stay within [`MAX_STORED_VALUES`].
fn check_storage(program: &Program, plans: &[FuncPlan]) -> Result<(), InterpretError> {
    let sizes: Vec<u128> = program
        .funcs
        .iter()
        .zip(plans)
        .map(|(f, plan)| {
            let size = plan
                .shape
                .iter()
                .fold(1u128, |n, &d| n.saturating_mul(d as u128));
            size.saturating_mul(f.result_types.len() as u128)
        })
        .collect();
    let values = sizes.iter().copied().fold(0u128, u128::saturating_add);
    if values <= u128::from(MAX_STORED_VALUES) {
        return Ok(());
    }
    let largest = (0..sizes.len()).max_by_key(|&f| sizes[f]).unwrap_or(0);
    let bytes = values as f64 * std::mem::size_of::<Value>() as f64;
    Err(InterpretError::StorageTooLarge {
        values,
        gib: bytes / f64::from(1u32 << 30),
        largest: program.funcs[largest].name.clone(),
        shape: plans[largest].shape.clone(),
        limit: MAX_STORED_VALUES,
    })
}

// ---------------------------------------------------------------------------
// Execution
// ---------------------------------------------------------------------------

struct Machine<'a> {
    program: &'a Program,
    params: &'a [i64],
    inputs: &'a [Buffer],
    domains: Vec<Domain>,
    plans: Vec<FuncPlan>,
    /// Per Func, per result: dense storage over the left-hand-side domain.
    storage: Vec<Vec<Vec<Value>>>,
    /// Where each poison stored into a Func came from (its cause and
    /// source), by (Func, result, offset): a poison that reaches the output
    /// through other Funcs is reported at the read that made it.
    origins: HashMap<(usize, usize, usize), (PoisonCause, String)>,
}

/// Reusable per-evaluation buffers, so that evaluation does not allocate.
#[derive(Default)]
struct Scratch {
    args: Vec<i64>,
    vals: Vec<Value>,
}

impl<'a> Machine<'a> {
    fn new(
        program: &'a Program,
        params: &'a [i64],
        inputs: &'a [Buffer],
    ) -> Result<Self, InterpretError> {
        let infos = check_program(program)?;
        let domains = loop_domains(program, params)?;
        check_inputs(program, inputs)?;
        let plans = program
            .funcs
            .iter()
            .zip(infos)
            .map(|(f, info)| plan_func(f, info, &domains))
            .collect::<Result<Vec<_>, _>>()?;
        check_storage(program, &plans)?;
        let storage = program
            .funcs
            .iter()
            .zip(&plans)
            .map(|(f, plan)| {
                (0..f.result_types.len())
                    .map(|_| poison_storage(f, plan))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Machine {
            program,
            params,
            inputs,
            domains,
            plans,
            storage,
            origins: HashMap::new(),
        })
    }

    fn run(&mut self) -> Result<(), InterpretError> {
        if self.domains.iter().any(|d| d.extent == 0) {
            return Ok(());
        }
        let total = self
            .domains
            .iter()
            .fold(1u64, |n, d| n.saturating_mul(d.extent.max(0) as u64));
        let _progress = progress::Run::start(total);
        let mut point: Vec<i64> = self.domains.iter().map(|d| d.min).collect();
        let mut scratch = Scratch::default();
        let mut done: u64 = 0;
        loop {
            for f in 0..self.program.funcs.len() {
                self.step(f, &point, &mut scratch)?;
            }
            done += 1;
            if done.is_multiple_of(progress::EVERY) {
                progress::set(done);
            }
            if !self.advance(&mut point) {
                return Ok(());
            }
        }
    }

    /// Moves `point` to the next iteration (innermost loop fastest); false
    /// once the nest is exhausted.
    fn advance(&self, point: &mut [i64]) -> bool {
        for (l, d) in self.domains.iter().enumerate().rev() {
            point[l] += 1;
            if point[l] < d.min + d.extent {
                return true;
            }
            point[l] = d.min;
        }
        false
    }

    fn named_point(&self, point: &[i64]) -> Point {
        Point(
            self.program
                .loops
                .iter()
                .zip(point)
                .map(|(l, &v)| (l.name.clone(), v))
                .collect(),
        )
    }

    /// Evaluates Func `f` at `point` and stores its results.
    fn step(
        &mut self,
        f: usize,
        point: &[i64],
        scratch: &mut Scratch,
    ) -> Result<(), InterpretError> {
        let func = &self.program.funcs[f];
        let plan = &self.plans[f];
        scratch.args.clear();
        scratch
            .args
            .extend(plan.var_loops.iter().map(|&l| point[l]));
        // Parameters follow the loop variables (inputs may be indexed by them).
        scratch.args.extend_from_slice(self.params);
        self.eval_body(f, scratch)
            .map_err(|(node, fault)| self.fault_error(f, node, fault, point))?;
        let is_output = f + 1 == self.program.funcs.len();
        let vals = &scratch.vals;
        let mut poisoned_guard = false;
        if let Some(g) = func.body.guard {
            match vals[g] {
                Value::Int(0) => return Ok(()),
                Value::Poison if is_output => return Err(self.poison_error(f, g, point, scratch)),
                Value::Poison => poisoned_guard = true,
                _ => {}
            }
        }
        if is_output {
            if let Some(&y) = func.body.yields.iter().find(|&&y| vals[y] == Value::Poison) {
                return Err(self.poison_error(f, y, point, scratch));
            }
        }
        let offset = self.store_offset(f, point);
        for (r, &y) in func.body.yields.iter().enumerate() {
            let value = if poisoned_guard {
                Value::Poison
            } else {
                vals[y]
            };
            if value == Value::Poison {
                let from = if poisoned_guard {
                    func.body.guard.unwrap_or(y)
                } else {
                    y
                };
                let origin = self.poison_cause(f, from, scratch);
                self.origins.insert((f, r, offset), origin);
            }
            self.storage[f][r][offset] = value;
        }
        Ok(())
    }

    /// Where Func `f` stores at iteration `point`.
    fn store_offset(&self, f: usize, point: &[i64]) -> usize {
        let plan = &self.plans[f];
        plan.lhs_loops
            .iter()
            .zip(&plan.strides)
            .map(|(&l, &s)| (point[l] - self.domains[l].min) as usize * s)
            .sum()
    }

    fn fault_error(&self, f: usize, node: NodeId, fault: Fault, _point: &[i64]) -> InterpretError {
        let func = &self.program.funcs[f];
        match fault {
            Fault::Type(reason) => InterpretError::Malformed {
                context: format!("Func `{}`, node {node}", func.name),
                reason: reason.to_string(),
            },
        }
    }

    /// Evaluates the body of Func `f` into `scratch.vals`, with the
    /// arguments in `scratch.args`.
    fn eval_body(&self, f: usize, scratch: &mut Scratch) -> Result<(), (NodeId, Fault)> {
        let func = &self.program.funcs[f];
        let types = &self.plans[f].types;
        scratch.vals.clear();
        for (n, node) in func.body.nodes.iter().enumerate() {
            let v = self
                .eval_node(node, types, &scratch.vals, &scratch.args)
                .map_err(|fault| (n, fault))?;
            scratch.vals.push(v);
        }
        Ok(())
    }

    fn eval_node(
        &self,
        node: &Node,
        types: &[ScalarType],
        vals: &[Value],
        args: &[i64],
    ) -> Result<Value, Fault> {
        match node {
            Node::Arg(a) => Ok(Value::Int(args[*a])),
            Node::Param(p) => Ok(Value::Int(self.params[*p])),
            Node::Const(v, ty) => const_value(*v, *ty),
            Node::Unary { op, a, .. } => unary(*op, vals[*a]),
            Node::Binary { op, a, b, ty } => binary(*op, *ty, vals[*a], vals[*b]),
            Node::Cmp { pred, a, b } => compare(*pred, types[*a], vals[*a], vals[*b]),
            Node::Select { cond, a, b, .. } => Ok(select(vals[*cond], vals[*a], vals[*b])),
            Node::Cast { op, a, ty } => cast(*op, types[*a], *ty, vals[*a]),
            Node::Math { op, args, ty } => {
                let operands: Vec<Value> = args.iter().map(|a| vals[*a]).collect();
                math(*op, *ty, &operands)
            }
            Node::FuncRef {
                func,
                result,
                indices,
            } => Ok(match self.func_offset(*func, indices, args) {
                Some(o) => self.storage[*func][*result][o],
                None => Value::Poison,
            }),
            Node::InputRead { input, indices } => {
                Ok(match self.input_offset(*input, indices, args) {
                    Some(o) => self.inputs[*input].data[o],
                    None => Value::Poison,
                })
            }
        }
    }

    /// Storage position of Func `func` at `indices`, or `None` outside its
    /// domain.
    fn func_offset(&self, func: usize, indices: &[Affine], args: &[i64]) -> Option<usize> {
        let plan = &self.plans[func];
        let mut offset = 0usize;
        for ((affine, &l), &stride) in indices.iter().zip(&plan.lhs_loops).zip(&plan.strides) {
            let d = self.domains[l];
            let c = eval_affine(affine, args) - i128::from(d.min);
            if c < 0 || c >= i128::from(d.extent) {
                return None;
            }
            offset += c as usize * stride;
        }
        Some(offset)
    }

    /// Flat position in input `input` of `indices`, or `None` out of bounds.
    fn input_offset(
        &self,
        input: usize,
        indices: &[crate::QuasiAffine],
        args: &[i64],
    ) -> Option<usize> {
        let mut offset = 0usize;
        for (index, &n) in indices.iter().zip(&self.inputs[input].shape) {
            let i = index.eval(args);
            if i < 0 || i >= n as i128 {
                return None;
            }
            offset = offset * n + i as usize;
        }
        Some(offset)
    }

    /// The output Func's results; points never stored hold zero.
    fn into_outputs(self) -> Vec<Buffer> {
        let f = self.program.funcs.len() - 1;
        let func = &self.program.funcs[f];
        let shape = self.plans[f].shape.clone();
        let storage = self.storage.into_iter().nth(f).unwrap_or_default();
        func.result_types
            .iter()
            .zip(storage)
            .map(|(&elem, data)| Buffer {
                elem,
                shape: shape.clone(),
                data: data
                    .into_iter()
                    .map(|v| {
                        if v == Value::Poison {
                            zero_value(elem)
                        } else {
                            v
                        }
                    })
                    .collect(),
            })
            .collect()
    }
}

/// Runs `program` with the given parameter values and inputs; returns one
/// buffer per result of the output Func (the last one), shaped by the extents
/// of its left-hand-side loops.
pub fn interpret(
    program: &Program,
    params: &[i64],
    inputs: &[Buffer],
) -> Result<Vec<Buffer>, InterpretError> {
    let mut machine = Machine::new(program, params, inputs)?;
    machine.run()?;
    Ok(machine.into_outputs())
}

mod buffer;
mod check;
mod error;
mod poison;
pub mod progress;

pub use error::{InterpretError, Point, PoisonCause};
mod scalar;

pub use buffer::{
    element_count, rolling_slots, row_major_strides, value_has_type, zero_value, Buffer,
    BufferError,
};

use check::*;
use scalar::*;
pub use scalar::{bool_value, normalize, to_unsigned};

#[cfg(test)]
mod tests;
