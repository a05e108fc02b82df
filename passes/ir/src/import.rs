//! Converts a merged `ure.program` (one holding a `ure.nest`) into the
//! MLIR-free model of `t2s-model`, which the interpreter runs and the
//! lowerings generate code from.
//!
//! Every construct the model cannot express is reported at its location, so a
//! program either converts exactly or not at all.

use crate::diag::error;
use crate::diag::OrInternal;
use crate::handle::{AsVal, Val};
use crate::ir::{self, ExtentAttr};
use crate::ods;
use crate::ops::ure::{AtOp, DefOp, InputOp, LoadOp, NestOp, ParamValueOp};
use crate::ops::View;
use crate::pass::Failed;
use melior::ir::{
    attribute::{FloatAttribute, IntegerAttribute},
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    Type, TypeLike, ValueLike,
};

use crate::arith_model::{binary_op, cast_op, cmpf_predicate, cmpi_predicate, math_op};

use std::collections::HashMap;
use t2s_model::{
    Affine, Body, Extent, Func, Input, Loop, Node, NodeId, Program, ScalarType, UnaryOp,
    Value as ModelValue,
};

/// Converts an MLIR type into a model scalar type.
pub fn scalar_type(ty: Type<'_>) -> Option<ScalarType> {
    if ty.is_index() {
        Some(ScalarType::Index)
    } else if let Some(width) = crate::types::int_width(ty) {
        Some(ScalarType::Int(width))
    } else if ty.is_f16() {
        Some(ScalarType::F16)
    } else if ty.is_bf16() {
        Some(ScalarType::BF16)
    } else if ty.is_f32() {
        Some(ScalarType::F32)
    } else if ty.is_f64() {
        Some(ScalarType::F64)
    } else {
        None
    }
}

/// Element type and shape (`None` for `?`) of a memref type.
pub fn memref_shape(ty: Type<'_>) -> Option<(ScalarType, Vec<Option<i64>>)> {
    {
        if !crate::types::is_memref(ty) {
            return None;
        }
        let elem = scalar_type(crate::types::element(ty))?;
        let dynamic = crate::types::dynamic_size();
        let shape = crate::types::shape(ty)?
            .into_iter()
            .map(|d| (d != dynamic).then_some(d))
            .collect();
        Some((elem, shape))
    }
}

/// The loop nest holding the UREs of a merged program: its `ure.nest`, or
/// the `spacetime.array` the space-time transform made of it.
pub fn find_nest<'c, 'a>(program: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    ir::body_ops(program, 0).into_iter().find(|op| {
        crate::op_in!(
            ir::name(op),
            ods::ure::NestOperation | ods::spacetime::ArrayOperation
        )
    })
}

/// Converts a merged program. Errors are emitted at the offending op.
pub fn extract_program(program: OperationRef<'_, '_>) -> Result<Program, Failed> {
    let name = ir::symbol_name(&program);
    let Some(nest) = find_nest(&program) else {
        return Err(error(
            program.location(),
            format!("program @{name} is not merged; run merge-ures first"),
        ));
    };
    if !ods::is(&nest, ods::ure::NestOperation::name()) {
        return Err(error(
            nest.location(),
            format!(
                "program @{name} is space-time transformed: its UREs are now a spacetime.array"
            ),
        ));
    }
    let ops = ir::body_ops(&program, 0);
    let (params, inputs) = params_and_inputs(&ops)?;
    let loops = extract_loops(&nest, &params)?;
    let defs: Vec<DefOp> = crate::ops::children(&nest);
    let func_index: HashMap<String, usize> = defs
        .iter()
        .enumerate()
        .map(|(i, d)| (d.func(), i))
        .collect();
    let input_index: HashMap<String, usize> = inputs
        .iter()
        .enumerate()
        .map(|(i, inp)| (inp.name.clone(), i))
        .collect();
    let param_index: HashMap<String, usize> = params
        .iter()
        .enumerate()
        .map(|(i, p)| (p.clone(), i))
        .collect();
    let names = Names {
        funcs: &func_index,
        inputs: &input_index,
        params: &param_index,
    };
    let funcs = defs
        .iter()
        .map(|def| extract_func(def, &names))
        .collect::<Result<Vec<_>, _>>()?;
    let output = funcs.last().map(|f| f.name.clone()).unwrap_or_default();
    let output_layout = <crate::ops::ure::ProgramOp as crate::ops::View>::cast(program)
        .map(|p| p.layout_of(&output))
        .unwrap_or_default();
    Ok(Program {
        name,
        params,
        inputs,
        funcs,
        loops,
        output_layout,
    })
}

struct Names<'n> {
    funcs: &'n HashMap<String, usize>,
    inputs: &'n HashMap<String, usize>,
    params: &'n HashMap<String, usize>,
}

/// The `ure.param` names and `ure.input` declarations of a program body, in
/// order: the part of the calling convention every form of a program shares.
pub fn params_and_inputs(
    ops: &[OperationRef<'_, '_>],
) -> Result<(Vec<String>, Vec<Input>), Failed> {
    let params = ops
        .iter()
        .filter(|op| ods::is(op, ods::ure::ParamOperation::name()))
        .map(ir::symbol_name)
        .collect();
    let inputs = ops
        .iter()
        .filter(|op| ods::is(op, ods::ure::InputOperation::name()))
        .map(extract_input)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((params, inputs))
}

pub fn extract_input(op: &OperationRef<'_, '_>) -> Result<Input, Failed> {
    let ty = InputOp::cast(*op).and_then(|i| i.memref_type());
    let Some((elem, shape)) = ty.and_then(memref_shape) else {
        return Err(error(
            op.location(),
            "input type is not a memref of integers or floats",
        ));
    };
    let layout = ty
        .and_then(crate::types::memref_layout)
        .ok_or_else(|| error(op.location(), "the input's layout is not a permutation map"))?;
    Ok(Input {
        name: ir::symbol_name(op),
        elem,
        shape,
        layout,
    })
}

fn extract_loops(nest: &OperationRef<'_, '_>, params: &[String]) -> Result<Vec<Loop>, Failed> {
    let bounds = NestOp::cast(*nest).map(|n| n.bounds()).unwrap_or_default();
    bounds
        .into_iter()
        .map(|(name, min, extent)| {
            let extent = match extent {
                ExtentAttr::Const(c) => Extent::Const(c),
                ExtentAttr::Param(p) => match params.iter().position(|q| *q == p) {
                    Some(i) => Extent::Param(i),
                    None => return Err(error(nest.location(), format!("@{p} is not a ure.param"))),
                },
                ExtentAttr::Expr(e) => {
                    return Err(error(
                        nest.location(),
                        format!("loop '{name}' has the extent {e}: a nest's extents are integers or parameters"),
                    ))
                }
            };
            Ok(Loop { name, min, extent })
        })
        .collect()
}

/// Builds the body of one URE, node by node in SSA order.
struct BodyBuilder<'n> {
    names: &'n Names<'n>,
    /// Number of loop variables (block arguments) of the URE.
    vars: usize,
    nodes: Vec<Node>,
    /// `file:line:col` of the op each node comes from.
    sources: Vec<String>,
    /// The op being converted.
    current: String,
    values: HashMap<Val, NodeId>,
    /// Values produced by `ure.select`: (condition node, value node).
    guarded: HashMap<Val, (NodeId, NodeId)>,
}

impl BodyBuilder<'_> {
    fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.sources.push(self.current.clone());
        self.nodes.len() - 1
    }

    fn operand(&self, op: &OperationRef<'_, '_>, index: usize) -> Result<NodeId, Failed> {
        let value = op.operand(index).or_internal("an operand of the op")?;
        self.values.get(&value.val()).copied().ok_or_else(|| {
            error(
                op.location(),
                "operand is not computed inside the URE (or is a select without an else value)",
            )
        })
    }

    fn result_type(&self, op: &OperationRef<'_, '_>) -> Result<ScalarType, Failed> {
        let ty = op.result(0).or_internal("a result of the op")?.r#type();
        scalar_type(ty).ok_or_else(|| {
            error(
                op.location(),
                format!("type {ty} is not supported in a URE (integers, index, f32, f64)"),
            )
        })
    }

    fn define(&mut self, op: &OperationRef<'_, '_>, node: Node) -> Result<(), Failed> {
        let id = self.push(node);
        let result = op.result(0).or_internal("a result of the op")?;
        self.values.insert(result.val(), id);
        Ok(())
    }

    fn convert(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        self.current = crate::location::file_line_col(op.location())
            .map(|(file, line, column)| format!("{file}:{line}:{column}"))
            .unwrap_or_default();
        let name = ir::name(op);
        if let Some(bin) = binary_op(&name) {
            let (a, b, ty) = (
                self.operand(op, 0)?,
                self.operand(op, 1)?,
                self.result_type(op)?,
            );
            return self.define(op, Node::Binary { op: bin, a, b, ty });
        }
        if let Some(cast) = cast_op(&name) {
            let (a, ty) = (self.operand(op, 0)?, self.result_type(op)?);
            return self.define(op, Node::Cast { op: cast, a, ty });
        }
        if let Some((math, arity)) = math_op(&name) {
            if op.operand_count() != arity {
                return Err(error(
                    op.location(),
                    format!("{name} takes {arity} operands"),
                ));
            }
            let args = (0..arity)
                .map(|i| self.operand(op, i))
                .collect::<Result<Vec<_>, _>>()?;
            let ty = self.result_type(op)?;
            return self.define(op, Node::Math { op: math, args, ty });
        }
        crate::op_match!(name, {
            ods::arith::ConstantOperation => {
                let ty = self.result_type(op)?;
                let value = constant_value(op, ty)?;
                self.define(op, Node::Const(value, ty))
            },
            ods::arith::NegFOperation => {
                let (a, ty) = (self.operand(op, 0)?, self.result_type(op)?);
                self.define(op, Node::Unary { op: UnaryOp::NegF, a, ty })
            },
            ods::arith::CmpIOperation | ods::arith::CmpFOperation => {
                let pred = ir::int(op, "predicate").unwrap_or(-1);
                let pred = if name == ods::arith::CmpIOperation::name() { cmpi_predicate(pred) } else { cmpf_predicate(pred) }
                    .ok_or_else(|| error(op.location(), "unknown comparison predicate"))?;
                let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
                self.define(op, Node::Cmp { pred, a, b })
            },
            ods::arith::SelectOperation => {
                let ty = self.result_type(op)?;
                let (cond, a, b) = (self.operand(op, 0)?, self.operand(op, 1)?, self.operand(op, 2)?);
                self.define(op, Node::Select { cond, a, b, ty })
            },
            ods::ure::SelectOperation => {
                let (cond, value) = (self.operand(op, 0)?, self.operand(op, 1)?);
                let result = op.result(0).or_internal("a result of the op")?;
                self.guarded.insert(result.val(), (cond, value));
                Ok(())
            },
            ods::ure::AtOperation => self.convert_at(op),
            ods::ure::ParamValueOperation => {
                let param_name = ParamValueOp::wrap(*op).param();
                let param = *self.names.params.get(&param_name).ok_or_else(|| {
                    error(op.location(), format!("@{param_name} is not a ure.param"))
                })?;
                self.define(op, Node::Param(param))
            },
            ods::ure::LoadOperation => {
                let input_name = LoadOp::wrap(*op).input();
                let input = *self.names.inputs.get(&input_name).ok_or_else(|| {
                    error(op.location(), format!("@{input_name} is not an input"))
                })?;
                let indices = crate::quasi::quasi_indices(op, self.vars, self.names.params)?;
                self.define(op, Node::InputRead { input, indices })
            },
            _ => { let other: &str = &name; Err(error(
                op.location(),
                format!("operation '{other}' is not supported by the URE interpreter and the sequential lowering (they take arith, math, ure.at, ure.load, ure.param_value and ure.select)"),
            )) },
        })
    }

    fn convert_at(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let func_name = AtOp::wrap(*op).func();
        let func = *self.names.funcs.get(&func_name).ok_or_else(|| {
            error(
                op.location(),
                format!("@{func_name} is not merged into this loop nest"),
            )
        })?;
        let indices = affine_indices(op, self.vars, &HashMap::new())?;
        for (result, value) in op.results().enumerate() {
            let id = self.push(Node::FuncRef {
                func,
                result,
                indices: indices.clone(),
            });
            self.values.insert(value.val(), id);
        }
        Ok(())
    }
}

fn extract_func(def: &DefOp<'_, '_>, names: &Names<'_>) -> Result<Func, Failed> {
    let func = def.func();
    let (vars, num_lhs) = (def.vars(), def.num_lhs());
    let def = &def.op();
    let block = ir::body_block(def).or_internal("a body block")?;
    let mut builder = BodyBuilder {
        names,
        vars: block.argument_count(),
        nodes: Vec::new(),
        sources: Vec::new(),
        current: String::new(),
        values: HashMap::new(),
        guarded: HashMap::new(),
    };
    for index in 0..block.argument_count() {
        let arg = block.argument(index).or_internal("a block argument")?;
        let id = builder.push(Node::Arg(index));
        builder.values.insert(arg.val(), id);
    }
    let mut body = Body::default();
    let mut result_types = Vec::new();
    for op in ir::ops(block) {
        if !ods::is(&op, ods::ure::YieldOperation::name()) {
            builder.convert(&op)?;
            continue;
        }
        for index in 0..op.operand_count() {
            let value = op.operand(index).or_internal("an operand of the op")?;
            result_types.push(scalar_type(value.r#type()).or_internal("an integer or float type")?);
            if let Some(&(cond, node)) = builder.guarded.get(&value.val()) {
                if body.guard.is_some_and(|g| g != cond) {
                    return Err(error(
                        op.location(),
                        "all values of a URE without an else value must share one condition",
                    ));
                }
                body.guard = Some(cond);
                body.yields.push(node);
            } else {
                body.yields.push(builder.operand(&op, index)?);
            }
        }
    }
    if body.guard.is_some() && body.yields.len() != result_types.len() {
        return Err(error(def.location(), "malformed URE body"));
    }
    body.nodes = builder.nodes;
    body.sources = builder.sources;
    Ok(Func {
        name: func,
        result_types,
        lhs: (0..num_lhs).collect(),
        vars,
        body,
    })
}

/// The indices of a `ure.at` or `ure.load`, as affine forms over the URE's
/// block arguments: operands are loop variables (block arguments: their
/// position) or, for inputs, `ure.param_value`s (position `vars + p`,
/// parameter `p`).
pub fn affine_indices(
    op: &OperationRef<'_, '_>,
    vars: usize,
    params: &HashMap<String, usize>,
) -> Result<Vec<Affine>, Failed> {
    let arg_numbers = crate::quasi::index_positions(op, vars, params)?;
    map_rows(op, "map", Some(&arg_numbers))
}

/// The results of the `AffineMapAttr` attribute `attr` of `op` as linear forms
/// over the map's dimensions.
pub fn affine_map_rows(op: &OperationRef<'_, '_>, attr: &str) -> Result<Vec<Affine>, Failed> {
    map_rows(op, attr, None)
}

/// Linear forms of the results of an affine map attribute; dimension `d`
/// stands for `dims[d]` (default: itself).
fn map_rows(
    op: &OperationRef<'_, '_>,
    attr: &str,
    dims: Option<&[usize]>,
) -> Result<Vec<Affine>, Failed> {
    crate::quasi::quasi_rows(op, attr, dims)?
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let mut affine = row.as_affine().cloned().ok_or_else(|| {
                error(
                    op.location(),
                    format!(
                        "result {i} of '{attr}' is not a linear expression of the loop variables"
                    ),
                )
            })?;
            affine.terms.retain(|&(_, c)| c != 0);
            Ok(affine)
        })
        .collect()
}

fn constant_value(op: &OperationRef<'_, '_>, ty: ScalarType) -> Result<ModelValue, Failed> {
    let attr = op
        .attribute("value")
        .or_internal("the constant's value attribute")?;
    if ty.is_float() {
        let value = FloatAttribute::try_from(attr)
            .map_err(|_| error(op.location(), "float constant expected"))?
            .value();
        return Ok(match ty {
            ScalarType::F32 => ModelValue::F32(value as f32),
            ScalarType::F16 | ScalarType::BF16 => ModelValue::F32(ty.round_f64(value)),
            _ => ModelValue::F64(value),
        });
    }
    let value = IntegerAttribute::try_from(attr)
        .map_err(|_| error(op.location(), "integer constant expected"))?
        .value();
    Ok(ModelValue::Int(t2s_model::interpret::normalize(
        value,
        ty.bit_width(),
    )))
}
