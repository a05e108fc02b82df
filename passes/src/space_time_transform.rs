//! `space-time-transform`: maps the merged loop nest of each `ure.program`
//! to a systolic array (`spacetime.array`), following the program's
//! `ure.space_time_transform` directives (a chain, applied in order) or the
//! pass options.
//!
//! The arithmetic lives in `t2s_model::spacetime`; this pass checks the
//! schedule, reports each register file and its minimized size as a remark,
//! and records the result in the IR.

use crate::diag::{emit, error, remark, Severity};
use crate::extract::{extract_program, find_nest};
use crate::ir;
use crate::registry::{Failed, OptionKind, PassDef, PassOption, PassOptions};
use melior::ir::{
    attribute::{
        ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute,
        StringAttribute,
    },
    block::BlockLike,
    operation::{OperationBuilder, OperationLike, OperationRef},
    r#type::IntegerType,
    Attribute, Block, Identifier, Location, Region, RegionLike, ValueLike,
};
use melior::Context;
use t2s_dialects::ods::spacetime;
use t2s_model::spacetime::{
    schedule, DependenceSpec, NestLoop, Schedule, ScheduleError, Storage, TransformSpec,
};
use t2s_model::{Extent, Node, Program};

pub static PASS: PassDef = PassDef {
    argument: "space-time-transform",
    name: "SpaceTimeTransform",
    description: "Map a merged URE loop nest to a systolic array (spacetime.array): time loops, PEs, shift registers",
    anchor: "",
    options: &[
        PassOption {
            name: "space",
            description: "Space loops, comma separated: a transform applied after the program's directives",
            kind: OptionKind::String,
            default: "",
        },
        PassOption {
            name: "vector",
            description: "Scheduling coefficients of the space loops (omit for dataflow PEs)",
            kind: OptionKind::IntList,
            default: "",
        },
        PassOption {
            name: "check-time",
            description: "PEs compute only at their scheduled steps (T2S's CheckTime)",
            kind: OptionKind::Bool,
            default: "false",
        },
    ],
    dependent_dialects: &["spacetime"],
    run,
};

fn run(root: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), Failed> {
    let from_options = option_transform(root, options)?;
    ir::for_each_program(root, |program| {
        transform_program(program, from_options.as_ref())
    })
}

fn option_transform(
    root: OperationRef<'_, '_>,
    options: &PassOptions,
) -> Result<Option<TransformSpec>, Failed> {
    let space: Vec<String> = options
        .string("space")
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if space.is_empty() {
        if options.has("vector") || options.bool("check-time") {
            return Err(error(
                root.location(),
                "space-time-transform: 'vector' and 'check-time' need 'space'",
            ));
        }
        return Ok(None);
    }
    let vector = options.has("vector").then(|| options.int_list("vector"));
    Ok(Some(TransformSpec {
        space,
        vector,
        check_time: options.bool("check-time"),
    }))
}

/// A transform and where it was requested (for diagnostics).
struct Request<'c> {
    spec: TransformSpec,
    location: Location<'c>,
}

fn transform_program(
    program: OperationRef<'_, '_>,
    from_options: Option<&TransformSpec>,
) -> Result<(), Failed> {
    let Some(nest) = find_nest(&program) else {
        return Err(error(
            program.location(),
            "program is not merged; run merge-ures first",
        ));
    };
    if ir::name(&nest) != "ure.nest" {
        return Ok(()); // Already transformed.
    }
    let rep = ir::symbol(&nest, "representative");
    let directives: Vec<_> = ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ir::name(op) == "ure.space_time_transform")
        .collect();
    let mut requests = Vec::new();
    for d in &directives {
        let target = ir::symbol(d, "func");
        if target != rep {
            return Err(error(
                d.location(),
                format!("@{target} is not the representative of the merge; give space_time_transform to @{rep}"),
            ));
        }
        requests.push(Request {
            spec: directive_spec(d),
            location: d.location(),
        });
    }
    if let Some(spec) = from_options {
        requests.push(Request {
            spec: spec.clone(),
            location: program.location(),
        });
    }
    if requests.is_empty() {
        return Err(error(
            program.location(),
            format!("no space_time_transform for @{rep}: add the directive or give the pass option 'space'"),
        ));
    }

    let model = extract_program(program)?;
    let loops = constant_loops(&model, nest)?;
    let deps = dependences(&model);
    let names: Vec<String> = model.funcs.iter().map(|f| f.name.clone()).collect();
    let specs: Vec<TransformSpec> = requests.iter().map(|r| r.spec.clone()).collect();
    let sched =
        schedule(&loops, &deps, &specs, &names).map_err(|e| report(&e, &requests, nest, &model))?;

    report_schedule(
        &sched,
        &model,
        requests.last().expect("one request").location,
        nest,
    );
    let array = build_array(program, nest, &rep, &loops, &sched, &model)?;
    for d in directives {
        ir::erase(d);
    }
    let _ = array;
    Ok(())
}

fn directive_spec(op: &OperationRef<'_, '_>) -> TransformSpec {
    let vector = op.has_attribute("vector").then(|| ir::i64s(op, "vector"));
    TransformSpec {
        space: ir::strings(op, "space"),
        vector,
        check_time: op.has_attribute("check_time"),
    }
}

/// The nest's loops; the transform needs constant extents.
fn constant_loops(model: &Program, nest: OperationRef<'_, '_>) -> Result<Vec<NestLoop>, Failed> {
    model
        .loops
        .iter()
        .map(|l| match l.extent {
            Extent::Const(extent) => Ok(NestLoop { name: l.name.clone(), min: l.min, extent }),
            Extent::Param(p) => Err(error(
                nest.location(),
                format!(
                    "loop '{}' has the symbolic extent @{}; space-time-transform needs constant bounds",
                    l.name, model.params[p]
                ),
            )),
        })
        .collect()
}

/// Every read of a Func, as a distance vector over the nest's loops.
fn dependences(model: &Program) -> Vec<DependenceSpec> {
    let mut deps: Vec<DependenceSpec> = Vec::new();
    for (consumer, f) in model.funcs.iter().enumerate() {
        for node in &f.body.nodes {
            let Node::FuncRef {
                func: callee,
                indices,
                ..
            } = node
            else {
                continue;
            };
            let g = &model.funcs[*callee];
            let mut distance = vec![0; model.loops.len()];
            for (affine, &p) in indices.iter().zip(&g.lhs) {
                if let Some(l) = model.loop_index(&g.vars[p]) {
                    // The verifier guarantees `var - c` with c >= 0.
                    distance[l] = -affine.constant;
                }
            }
            let dep = DependenceSpec {
                consumer,
                callee: *callee,
                distance,
            };
            if !deps.contains(&dep) {
                deps.push(dep);
            }
        }
    }
    deps
}

fn report(
    e: &ScheduleError,
    requests: &[Request<'_>],
    nest: OperationRef<'_, '_>,
    model: &Program,
) -> Failed {
    let location = e
        .transform()
        .map_or(nest.location(), |t| requests[t].location);
    let mut notes = Vec::new();
    if let ScheduleError::Violated { transform, .. } = e {
        if let Some(t) = requests.get(*transform) {
            let spec = &t.spec;
            let vector = spec.vector.as_ref().map_or("(dataflow)".to_string(), |v| {
                v.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            });
            notes.push((
                nest.location(),
                format!(
                    "space loops ({}) with the vector ({vector}), and 1 for the time loop",
                    spec.space.join(", ")
                ),
            ));
        }
    }
    let _ = model;
    emit(location, Severity::Error, &e.to_string(), &notes);
    Failed
}

/// Remarks: the time loops, then every register file with its size.
fn report_schedule(
    s: &Schedule,
    model: &Program,
    location: Location<'_>,
    nest: OperationRef<'_, '_>,
) {
    let time: Vec<String> = s
        .time_coordinates()
        .map(|c| format!("{} in [{}, {})", c.name, c.min, c.min + c.extent))
        .collect();
    let pes: i64 = s.space_coordinates().map(|c| c.extent).product();
    remark(
        location,
        format!(
            "time loops {}: {} flattened steps; {} PEs",
            time.join(", "),
            s.steps(),
            pes
        ),
    );
    let defs = ir::body_ops(&nest, 0);
    for file in &s.registers {
        let name = &model.funcs[file.func].name;
        let minimized = match &file.minimized {
            Some(Storage::ShiftRegisters { every, slots }) => {
                format!("minimized: {slots} registers shifted every {every} steps")
            }
            Some(Storage::Channel { depth }) => format!("minimized: a channel of depth {depth}"),
            None => "not minimized (too many points to enumerate)".to_string(),
        };
        let at = defs.get(file.func).map_or(location, |d| d.location());
        remark(
            at,
            format!(
                "@{name}: {} registers per PE (largest time distance {}); {minimized}",
                file.slots, file.max_distance
            ),
        );
    }
}

/// An affine map over `count` dimensions, printed with MLIR's own `d<N>`
/// names: loop names may be anything, including keywords.
/// Records the minimized storage of a register file on its op, for later
/// lowerings: `shift_every`/`minimized_slots` or `channel_depth`.
fn record_minimized(context: &Context, op: OperationRef<'_, '_>, storage: Option<&Storage>) {
    let i64_type = IntegerType::new(context, 64).into();
    let int = |v: i64| -> Attribute { IntegerAttribute::new(i64_type, v).into() };
    match storage {
        Some(Storage::ShiftRegisters { every, slots }) => {
            ir::set_attribute(op, "shift_every", int(*every));
            ir::set_attribute(op, "minimized_slots", int(*slots));
        }
        Some(Storage::Channel { depth }) => ir::set_attribute(op, "channel_depth", int(*depth)),
        None => {}
    }
}

fn affine_map_text(count: usize, rows: &[Vec<i64>]) -> String {
    let dims: Vec<String> = (0..count).map(|d| format!("d{d}")).collect();
    let exprs: Vec<String> = rows
        .iter()
        .map(|row| {
            let terms: Vec<String> = row
                .iter()
                .zip(&dims)
                .filter(|(c, _)| **c != 0)
                .map(|(c, d)| {
                    if *c == 1 {
                        d.clone()
                    } else {
                        format!("{c} * {d}")
                    }
                })
                .collect();
            if terms.is_empty() {
                "0".into()
            } else {
                terms.join(" + ")
            }
        })
        .collect();
    format!(
        "affine_map<({}) -> ({})>",
        dims.join(", "),
        exprs.join(", ")
    )
}

fn bounds_attrs<'c>(
    context: &'c Context,
    prefix: &str,
    names: &[String],
    mins: &[i64],
    extents: &[i64],
) -> Vec<(Identifier<'c>, Attribute<'c>)> {
    let i64_type = IntegerType::new(context, 64).into();
    let names: Vec<Attribute> = names
        .iter()
        .map(|n| StringAttribute::new(context, n).into())
        .collect();
    let extents: Vec<Attribute> = extents
        .iter()
        .map(|e| IntegerAttribute::new(i64_type, *e).into())
        .collect();
    let key = |s: &str| Identifier::new(context, &format!("{prefix}{s}"));
    let names_key = if prefix.is_empty() {
        Identifier::new(context, "loops")
    } else {
        key("loops")
    };
    vec![
        (names_key, ArrayAttribute::new(context, &names).into()),
        (
            key("mins"),
            DenseI64ArrayAttribute::new(context, mins).into(),
        ),
        (
            key("extents"),
            ArrayAttribute::new(context, &extents).into(),
        ),
    ]
}

/// Replaces `nest` by a `spacetime.array` holding the schedule, the register
/// files, their shifts and the UREs.
fn build_array<'c, 'a>(
    program: OperationRef<'c, 'a>,
    nest: OperationRef<'c, 'a>,
    rep: &str,
    loops: &[NestLoop],
    s: &Schedule,
    model: &Program,
) -> Result<OperationRef<'c, 'a>, Failed> {
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    let location = nest.location();
    let loop_names: Vec<String> = loops.iter().map(|l| l.name.clone()).collect();
    let time: Vec<_> = s.time_coordinates().collect();
    let space: Vec<_> = s.space_coordinates().collect();
    let schedule_rows: Vec<Vec<i64>> = s.forward[..time.len()].to_vec();
    let map = |count: usize, rows: &[Vec<i64>]| {
        let text = affine_map_text(count, rows);
        Attribute::parse(context, &text)
            .ok_or_else(|| error(location, format!("cannot build the map {text}")))
    };
    let schedule_map = map(loop_names.len(), &schedule_rows)?;
    let recover_map = map(s.coordinates.len(), &s.recover)?;

    let mut attributes = vec![(
        Identifier::new(context, "representative"),
        FlatSymbolRefAttribute::new(context, rep).into(),
    )];
    attributes.extend(bounds_attrs(
        context,
        "",
        &loop_names,
        &loops.iter().map(|l| l.min).collect::<Vec<_>>(),
        &loops.iter().map(|l| l.extent).collect::<Vec<_>>(),
    ));
    for (prefix, coords) in [("time_", &time), ("space_", &space)] {
        attributes.extend(bounds_attrs(
            context,
            prefix,
            &coords.iter().map(|c| c.name.clone()).collect::<Vec<_>>(),
            &coords.iter().map(|c| c.min).collect::<Vec<_>>(),
            &coords.iter().map(|c| c.extent).collect::<Vec<_>>(),
        ));
    }
    attributes.push((Identifier::new(context, "schedule"), schedule_map));
    attributes.push((Identifier::new(context, "recover"), recover_map));
    if s.check_time {
        attributes.push((
            Identifier::new(context, "check_time"),
            Attribute::unit(context),
        ));
    }
    let region = Region::new();
    region.append_block(Block::new(&[]));
    let op = OperationBuilder::new("spacetime.array", location)
        .add_attributes(&attributes)
        .add_regions([region])
        .build()
        .map_err(|e| error(location, format!("cannot build spacetime.array: {e}")))?;
    let parent = nest.block().ok_or(Failed)?;
    let array = parent.insert_operation_before(nest, op);
    let block = ir::body_block(&array).ok_or(Failed)?;

    // Register files and their shifts, built with the typed builders that
    // melior generates from Spacetime.td.
    let pe_shape: Vec<Option<i64>> = space.iter().map(|c| Some(c.extent)).collect();
    let types = crate::emit::Emitter::new(context, location, block.to_raw());
    let mut registers = Vec::new();
    for file in &s.registers {
        let func = &model.funcs[file.func];
        for (r, ty) in func.result_types.iter().enumerate() {
            let mut shape = pe_shape.clone();
            shape.push(Some(file.slots));
            let name = if func.result_types.len() == 1 {
                func.name.clone()
            } else {
                format!("{}.{r}", func.name)
            };
            let op = spacetime::shift_reg(
                context,
                types.memref_type(*ty, &shape),
                StringAttribute::new(context, &name),
                location,
            );
            let op = block.append_operation(op.into());
            record_minimized(context, op, file.minimized.as_ref());
            registers.push(op.result(0).map_err(|_| Failed)?.to_raw());
        }
    }
    for reg in registers {
        // SAFETY: the register file was just created in this block.
        let value = unsafe { melior::ir::Value::from_raw(reg) };
        block.append_operation(spacetime::shift(context, value, location).into());
    }
    for def in ir::body_ops(&nest, 0) {
        ir::move_to_end(def, block);
    }
    ir::erase(nest);
    Ok(array)
}
