//! The calling convention of a compiled program: its inputs, output and
//! parameters, in the order of the lowered function's arguments
//! (`inputs..., outputs..., params...`). Read off the URE model for a
//! program as written, or off the IR for a space-time transformed one (the
//! equations are gone; the `ure.input`s, the `ure.param`s, the output's
//! `ure.func` declaration and the array's loops say everything).

use crate::error::ExecuteError;
use crate::session::{is_transformed, merge, program_model, select_program};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Module, ValueLike};
use melior::Context;
use t2s_ir::diag::OrInternal;
use t2s_ir::import::find_nest;
use t2s_ir::import::params_and_inputs;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::{ure::FuncOp, View};
use t2s_ir::pass::Failed;
use t2s_model::spacetime::ParamDecl;
use t2s_model::{Extent, Input, Layout, Program, ScalarType};

#[derive(Clone, Debug)]
pub struct Interface {
    pub name: String,
    pub params: Vec<String>,
    /// The declared max of each parameter (`ure.param @N max 64`).
    pub param_max: Vec<Option<i64>>,
    pub inputs: Vec<Input>,
    pub output: String,
    pub output_types: Vec<ScalarType>,
    pub output_shape: Vec<Extent>,
    /// The memory order of the output buffer (the output `ure.func`'s
    /// `layout`).
    pub output_layout: Layout,
    /// Loops whose extent is a parameter: (parameter, loop, loop min).
    pub extent_params: Vec<(usize, String, i64)>,
    /// The extent of every loop of the nest.
    pub loop_extents: Vec<Extent>,
    /// What a space-time transformed program executes (its array); `None`
    /// for a program run as its loop nest.
    pub array: Option<ArrayWork>,
}

/// Two interfaces are equal when a caller passes both the same arguments:
/// how the program computes (its array, if any) and what its loops are
/// called are not compared.
impl PartialEq for Interface {
    fn eq(&self, other: &Self) -> bool {
        self.mismatch(other).is_none()
    }
}

impl Interface {
    /// The first difference a caller would see between the two calling
    /// conventions, as what each has (`self`'s first); `None` when they take
    /// the same arguments.
    /// Structure only: a loop renamed in one of them is no difference.
    pub fn mismatch(&self, other: &Self) -> Option<(String, String)> {
        let names = |v: &[String]| {
            v.iter()
                .map(|n| format!("@{n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if self.name != other.name {
            return Some((
                format!("program @{}", self.name),
                format!("program @{}", other.name),
            ));
        }
        if self.params != other.params {
            return Some((
                format!("parameters ({})", names(&self.params)),
                format!("parameters ({})", names(&other.params)),
            ));
        }
        if self.param_max != other.param_max {
            return Some((
                format!("parameter maxima {:?}", self.param_max),
                format!("parameter maxima {:?}", other.param_max),
            ));
        }
        if let Some((a, b)) = self.inputs.iter().zip(&other.inputs).find(|(a, b)| a != b) {
            return Some((
                format!("input @{} of {}", a.name, describe(a)),
                format!("input @{} of {}", b.name, describe(b)),
            ));
        }
        if self.inputs.len() != other.inputs.len() {
            let names = |v: &[Input]| {
                v.iter()
                    .map(|i| format!("@{}", i.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Some((
                format!("inputs ({})", names(&self.inputs)),
                format!("inputs ({})", names(&other.inputs)),
            ));
        }
        if self.output != other.output || self.output_types != other.output_types {
            return Some((
                format!("output @{} of {:?}", self.output, self.output_types),
                format!("output @{} of {:?}", other.output, other.output_types),
            ));
        }
        if self.output_shape != other.output_shape {
            return Some((
                format!("output shape {:?}", self.output_shape),
                format!("output shape {:?}", other.output_shape),
            ));
        }
        if self.output_layout != other.output_layout {
            let rank = self.output_shape.len();
            return Some((
                format!("output layout {}", self.output_layout.to_affine_map(rank)),
                format!("output layout {}", other.output_layout.to_affine_map(rank)),
            ));
        }
        // Which parameter bounds which loop, compared by position.
        let bounds = |i: &Interface| -> Vec<(usize, i64)> {
            i.extent_params
                .iter()
                .map(|(p, _, min)| (*p, *min))
                .collect()
        };
        if bounds(self) != bounds(other) || self.loop_extents != other.loop_extents {
            return Some((
                format!("loop extents {:?}", self.loop_extents),
                format!("loop extents {:?}", other.loop_extents),
            ));
        }
        None
    }
}

/// An input's type as `ure.input` writes it, e.g. `?x8xf32`.
fn describe(input: &Input) -> String {
    let dims: Vec<String> = input
        .shape
        .iter()
        .map(|d| d.map_or("?".to_string(), |n| n.to_string()))
        .chain(std::iter::once(input.elem.to_string()))
        .collect();
    if input.layout.is_row_major() {
        dims.join("x")
    } else {
        format!(
            "{}, {}",
            dims.join("x"),
            input.layout.to_affine_map(input.shape.len())
        )
    }
}

/// What a systolic array executes: its flattened steps on its PEs.
#[derive(Clone, Debug, PartialEq)]
pub struct ArrayWork {
    /// The extents of its time loops (affine in the parameters).
    pub time_extents: Vec<t2s_model::Linear>,
    /// PEs, vector lanes included.
    pub pes: u64,
}

impl Interface {
    pub fn from_model(model: &Program) -> Self {
        let out = model.output();
        Interface {
            name: model.name.clone(),
            params: model.params.clone(),
            param_max: vec![None; model.params.len()],
            inputs: model.inputs.clone(),
            output: out.name.clone(),
            output_types: out.result_types.clone(),
            output_layout: model.output_layout.clone(),
            output_shape: out
                .lhs
                .iter()
                .map(|&p| {
                    model.loops[model.loop_index(&out.vars[p]).expect("verified")]
                        .extent
                        .clone()
                })
                .collect(),
            extent_params: model
                .loops
                .iter()
                .filter_map(|l| match l.extent {
                    Extent::Param(p) => Some((p, l.name.clone(), l.min)),
                    Extent::Const(_) => None,
                })
                .collect(),
            loop_extents: model.loops.iter().map(|l| l.extent.clone()).collect(),
            array: None,
        }
    }

    /// The interface of a program whose UREs became a `spacetime.array`.
    /// Errors are emitted at the offending op.
    pub fn from_transformed(program: OperationRef<'_, '_>) -> Result<Self, Failed> {
        let _at = t2s_ir::diag::working_on(program.location());
        let ops = ir::body_ops(&program, 0);
        let (params, inputs) = params_and_inputs(&ops)?;
        let array = ops
            .iter()
            .find(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
            .ok_or_else(|| t2s_ir::diag::error(program.location(), "no spacetime.array"))?;
        // After isolation, a drainer kernel stores the output.
        let store = ir::collect(program, ods::spacetime::OutputOperation::name());
        let output = store
            .first()
            .and_then(|s| t2s_ir::ops::spacetime::OutputOp::cast(*s))
            .map(|s| s.func())
            .ok_or_else(|| {
                t2s_ir::diag::error(
                    array.location(),
                    "the array stores no output (no spacetime.output)",
                )
            })?;
        let decl = ops
            .iter()
            .find(|op| {
                ods::is(op, ods::ure::FuncOperation::name()) && ir::symbol_name(op) == output
            })
            .ok_or_else(|| {
                t2s_ir::diag::error(array.location(), format!("no ure.func @{output}"))
            })?;
        let declared = FuncOp::cast(*decl)
            .map(|f| f.result_types())
            .unwrap_or_default();
        let output_types = declared
            .into_iter()
            .map(|t| {
                t2s_ir::import::scalar_type(t).ok_or_else(|| {
                    t2s_ir::diag::error(decl.location(), "output types are integers or floats")
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let extents: Vec<_> = t2s_ir::ops::loop_bounds(array)
            .into_iter()
            .map(|b| b.2)
            .collect();
        // The output's element space, as its ure.func declares it.
        let bounds = FuncOp::cast(*decl)
            .and_then(|f| f.bounds())
            .ok_or_else(|| {
                t2s_ir::diag::error(
                    decl.location(),
                    format!("output @{output} declares no bounds for its elements"),
                )
            })?;
        let mut output_shape = Vec::new();
        for b in &bounds {
            output_shape.push(linear_extent(&b.extent, &params, decl.location())?);
        }
        let output_layout = FuncOp::cast(*decl).map(|f| f.layout()).unwrap_or_default();
        let extent_params = extent_params(array, &params);
        let loop_extents = extents
            .iter()
            .map(|e| extent_of(e, &params))
            .collect::<Result<_, _>>()?;
        Ok(Interface {
            name: ir::symbol_name(&program),
            param_max: param_max(&ir::param_decls(&program), &params),
            params,
            inputs,
            output,
            output_types,
            output_shape,
            output_layout,
            extent_params,
            loop_extents,
            array: Some(array_work(array)?),
        })
    }

    /// The interface of a merged program (a `ure.nest`), from its IR: the
    /// output is the nest's last URE.
    pub fn from_merged(program: OperationRef<'_, '_>) -> Result<Self, Failed> {
        let _at = t2s_ir::diag::working_on(program.location());
        let ops = ir::body_ops(&program, 0);
        let (params, inputs) = params_and_inputs(&ops)?;
        let nest = ops
            .iter()
            .find(|op| ods::is(op, ods::ure::NestOperation::name()))
            .ok_or_else(|| t2s_ir::diag::error(program.location(), "program is not merged"))?;
        let output = ir::body_ops(nest, 0)
            .into_iter()
            .rfind(|op| ods::is(op, ods::ure::DefOperation::name()))
            .ok_or_else(|| t2s_ir::diag::error(nest.location(), "the nest holds no URE"))?;
        let body = ir::body_block(&output).or_internal("a body block")?;
        let yield_op = body.terminator().or_internal("a terminator")?;
        let output_types = yield_op
            .operands()
            .map(|v| {
                t2s_ir::import::scalar_type(v.r#type()).ok_or_else(|| {
                    t2s_ir::diag::error(yield_op.location(), "output types are integers or floats")
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let def = <t2s_ir::ops::ure::DefOp as t2s_ir::ops::View>::cast(output)
            .or_internal("the output's ure.def")?;
        let (vars, num_lhs) = (def.vars(), def.num_lhs());
        let (loops, extents): (Vec<_>, Vec<_>) = t2s_ir::ops::loop_bounds(nest)
            .into_iter()
            .map(|(name, _, extent)| (name, extent))
            .unzip();
        let mut output_shape = Vec::new();
        for var in vars.iter().take(num_lhs) {
            let l = loops
                .iter()
                .position(|n| n == var)
                .or_internal("the element it looks for")?;
            output_shape.push(extent_of(&extents[l], &params)?);
        }
        let extent_params = extent_params(nest, &params);
        let loop_extents = extents
            .iter()
            .map(|e| extent_of(e, &params))
            .collect::<Result<_, _>>()?;
        let output = def.func();
        let output_layout = t2s_ir::ops::ure::ProgramOp::cast(program)
            .map(|p| p.layout_of(&output))
            .unwrap_or_default();
        Ok(Interface {
            name: ir::symbol_name(&program),
            param_max: param_max(&ir::param_decls(&program), &params),
            params,
            inputs,
            output,
            output_types,
            output_shape,
            output_layout,
            extent_params,
            loop_extents,
            array: None,
        })
    }

    /// The output's shape for the given parameter values.
    pub fn output_shape(&self, params: &[i64]) -> Vec<usize> {
        self.output_shape
            .iter()
            .map(|e| match e {
                Extent::Const(c) => (*c).max(0) as usize,
                Extent::Param(i) => params.get(*i).copied().unwrap_or(0).max(0) as usize,
            })
            .collect()
    }

    /// One name per output buffer: the Func, or `func.N` for several results.
    pub fn output_names(&self) -> Vec<String> {
        (0..self.output_types.len())
            .map(|r| {
                if self.output_types.len() == 1 {
                    self.output.clone()
                } else {
                    format!("{}.{r}", self.output)
                }
            })
            .collect()
    }
}

/// The steps and PEs of a transformed program's array.
fn array_work(array: &OperationRef<'_, '_>) -> Result<ArrayWork, Failed> {
    let info = t2s_ir::array::ArrayInfo::read(array)?;
    let pes = info
        .space
        .iter()
        .map(|s| s.pe_extent().max(1) as u64)
        .fold(1u64, u64::saturating_mul);
    Ok(ArrayWork {
        time_extents: info.time.iter().map(|t| t.extent.clone()).collect(),
        pes,
    })
}

/// A declared extent: an integer or one parameter.
fn linear_extent(
    extent: &t2s_model::Linear,
    params: &[String],
    location: melior::ir::Location<'_>,
) -> Result<Extent, Failed> {
    if let Some(c) = extent.as_const() {
        return Ok(Extent::Const(c));
    }
    match extent.terms.as_slice() {
        [(p, 1)] if extent.constant == 0 => params
            .iter()
            .position(|q| q == p)
            .map(Extent::Param)
            .ok_or_else(|| t2s_ir::diag::error(location, format!("no ure.param @{p}"))),
        _ => Err(t2s_ir::diag::error(
            location,
            "an output extent is an integer or one ure.param",
        )),
    }
}

fn extent_of(extent: &ir::ExtentAttr, params: &[String]) -> Result<Extent, Failed> {
    Ok(match extent {
        ir::ExtentAttr::Const(c) => Extent::Const(*c),
        ir::ExtentAttr::Param(p) => Extent::Param(
            params
                .iter()
                .position(|q| q == p)
                .or_internal("the element it looks for")?,
        ),
        // Only time loops have these; the verifiers keep them out of `loops`.
        ir::ExtentAttr::Expr(_) => {
            return Err(t2s_ir::diag::internal_here(
                "a loop extent that is an integer or one ure.param",
            ))
        }
    })
}

/// The declared max of each of `params`, from the program's `ure.param`s.
pub fn param_max(decls: &[ParamDecl], params: &[String]) -> Vec<Option<i64>> {
    params
        .iter()
        .map(|p| decls.iter().find(|d| d.name == *p).and_then(|d| d.max))
        .collect()
}

/// The loops of a `ure.nest` or `spacetime.array` whose extent is a parameter.
fn extent_params(op: &OperationRef<'_, '_>, params: &[String]) -> Vec<(usize, String, i64)> {
    t2s_ir::ops::loop_bounds(op)
        .into_iter()
        .filter_map(|(name, min, extent)| match extent {
            ir::ExtentAttr::Param(p) => params.iter().position(|q| *q == p).map(|i| (i, name, min)),
            ir::ExtentAttr::Const(_) | ir::ExtentAttr::Expr(_) => None,
        })
        .collect()
}

impl Interface {
    /// The number of points of the iteration space, `None` beyond u64.
    pub fn points(&self, params: &[i64]) -> Option<u64> {
        self.loop_extents.iter().try_fold(1u64, |n, e| {
            let extent = match e {
                Extent::Const(c) => *c,
                Extent::Param(p) => *params.get(*p)?,
            };
            n.checked_mul(u64::try_from(extent.max(0)).ok()?)
        })
    }

    /// Parameters that are loop extents must be positive, and the loop's
    /// min + extent must fit i64: checked before any mode runs.
    pub fn check_params(&self, values: &[i64]) -> Result<(), String> {
        for ((name, max), value) in self.params.iter().zip(&self.param_max).zip(values) {
            if let Some(max) = max.filter(|m| value > m) {
                return Err(format!(
                    "parameter @{name} = {value} exceeds its declared max {max} (ure.param @{name} max {max})"
                ));
            }
        }
        for (p, name, min) in &self.extent_params {
            let Some(&v) = values.get(*p) else { continue };
            if v <= 0 {
                return Err(format!(
                    "parameter @{} = {v} is the extent of loop '{name}': extents must be positive",
                    self.params[*p]
                ));
            }
            if min.checked_add(v).is_none() {
                return Err(format!(
                    "parameter @{} = {v}: loop '{name}' (min {min}) would end past the 64-bit integers",
                    self.params[*p]
                ));
            }
        }
        Ok(())
    }
}

/// The calling convention of the program lowered sequentially, from its
/// URE model.
pub fn sequential_interface(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
) -> Result<Interface, ExecuteError> {
    let program = select_program(module.as_operation(), name)?;
    let decls = ir::param_decls(&program);
    let model = program_model(context, module, name)?;
    let mut interface = Interface::from_model(&model);
    interface.param_max = param_max(&decls, &model.params);
    Ok(interface)
}

/// The calling convention of the program's systolic array, once the
/// route's pipeline has built it. The array's IR gives it: no URE model
/// needed, so any op a verifier accepts inside a URE compiles. An isolated
/// array (kernels and channels) has none.
pub fn array_interface(module: &Module, name: Option<&str>) -> Result<Interface, ExecuteError> {
    let program = select_program(module.as_operation(), name)?;
    if let Some(kernel) = ir::collect(program, ods::channel::KernelOperation::name()).first() {
        return Err(ExecuteError::Isolated(
            ir::symbol_name(&program),
            ir::symbol_name(kernel),
        ));
    }
    crate::session::read_ir("the calling convention", || {
        Interface::from_transformed(program)
    })
}

/// The calling convention of `module`'s program: from the IR when it is
/// space-time transformed, from its UREs otherwise.
pub fn program_interface(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
) -> Result<Interface, ExecuteError> {
    let program = select_program(module.as_operation(), name)?;
    if is_transformed(&program) {
        return crate::session::read_ir("the calling convention", || {
            Interface::from_transformed(program)
        });
    }
    if find_nest(&program).is_none() {
        merge(context, module)?;
    }
    let program = select_program(module.as_operation(), name)?;
    crate::session::read_ir("the calling convention", || Interface::from_merged(program))
}
