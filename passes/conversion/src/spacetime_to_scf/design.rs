//! The kernels and channels of an isolated program: each kernel's array
//! (one per kernel), the one kernel that stores the output, the channels
//! renamed into the module's namespace and moved beside the functions, and
//! the `channel.design` that lists them for the runners.

use melior::ir::attribute::{FlatSymbolRefAttribute, StringAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Attribute;
use melior::Context;
use t2s_dialects::ods::channel;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::handle::AsOp;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// `channel.design`: the kernel functions and channels a runner runs
/// (docs/dataflow.md), before the program it replaces.
pub fn declare_design(
    context: &Context,
    program: OperationRef<'_, '_>,
    kernels: &[String],
    channels: &[String],
) -> Result<(), Failed> {
    let refs = |names: &[String]| -> Attribute {
        let items: Vec<Attribute> = names
            .iter()
            .map(|n| FlatSymbolRefAttribute::new(context, n).into())
            .collect();
        melior::ir::attribute::ArrayAttribute::new(context, &items).into()
    };
    let design = channel::design(
        context,
        melior::ir::attribute::ArrayAttribute::try_from(refs(kernels))
            .or_internal("an array attribute")?,
        melior::ir::attribute::ArrayAttribute::try_from(refs(channels))
            .or_internal("an array attribute")?,
        program.location(),
    );
    let block = program.block().or_internal("a parent block")?;
    block.insert_operation_before(program, design.into());
    Ok(())
}

/// A kernel's array, its ops (register files) and its function's name.
pub fn kernel_array<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    program: &str,
) -> Result<(OperationRef<'c, 'a>, Vec<OperationRef<'c, 'a>>, String), Failed> {
    let ops = ir::body_ops(kernel, 0);
    let kernel_name = ir::symbol_name(kernel);
    if let Some(other) = ops.iter().find(|op| {
        !t2s_ir::op_in!(
            ir::name(op),
            ods::spacetime::ArrayOperation
                | ods::spacetime::ShiftRegOperation
                | ods::spacetime::BufferOperation
        )
    }) {
        return Err(error(
            other.location(),
            format!("kernel @{kernel_name} holds '{}'; spacetime-to-scf lowers a kernel made of register files, buffers and one spacetime.array", ir::name(other)),
        ));
    }
    let arrays: Vec<_> = ops
        .iter()
        .filter(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
        .copied()
        .collect();
    if arrays.len() != 1 {
        return Err(error(
            kernel.location(),
            format!("kernel @{kernel_name} holds {} spacetime.array ops; spacetime-to-scf lowers one per kernel", arrays.len()),
        ));
    }
    Ok((arrays[0], ops, format!("{program}.{kernel_name}")))
}

/// One kernel stores the output (each zeroes it first, and the kernels run
/// at the same time).
pub fn check_one_store(
    arrays: &[(OperationRef<'_, '_>, Vec<OperationRef<'_, '_>>, String)],
    signature: &crate::spacetime_to_scf::lowered::Output,
) -> Result<(), Failed> {
    let storing: Vec<_> = arrays
        .iter()
        .filter(|(a, _, _)| !ir::collect(*a, ods::spacetime::OutputOperation::name()).is_empty())
        .collect();
    if let [first, second, ..] = storing.as_slice() {
        return Err(error(
            second.0.location(),
            format!(
                "@{} is stored by two kernels, @{} and @{}: one kernel stores the output (the kernels run at the same time)",
                signature.func, first.2, second.2
            ),
        ));
    }
    Ok(())
}

/// The program's channels become `@<program>.<channel>`, so that two
/// programs' channels can share a module.
pub fn rename_channels(
    program: &OperationRef<'_, '_>,
    body_ops: &[OperationRef<'_, '_>],
    name: &str,
) {
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` this function.
    let context: &Context = unsafe { context_ref.to_ref() };
    for fifo in body_ops
        .iter()
        .filter(|op| ods::is(op, ods::channel::FifoOperation::name()))
    {
        let old = ir::symbol_name(fifo);
        let new = format!("{name}.{old}");
        ir::set_inherent(
            *fifo,
            "sym_name",
            StringAttribute::new(context, &new).into(),
        );
        for access in [
            ods::channel::ReadOperation::name(),
            ods::channel::WriteOperation::name(),
            ods::channel::ReadLanesOperation::name(),
            ods::channel::WriteLanesOperation::name(),
        ]
        .into_iter()
        .flat_map(|name| ir::collect(*program, name))
        .filter(|a| t2s_ir::ops::channel::channel_of(a).unwrap_or_default() == old)
        {
            ir::set_inherent(
                access,
                "channel",
                FlatSymbolRefAttribute::new(context, &new).into(),
            );
        }
    }
}

/// The program's channels become the module's, beside its functions;
/// returns their names, in order.
pub fn move_channels(
    program: OperationRef<'_, '_>,
    body_ops: &[OperationRef<'_, '_>],
) -> Result<Vec<String>, Failed> {
    let mut moved = Vec::new();
    let parent = program.block().or_internal("a parent block")?;
    let taken: std::collections::HashSet<String> = ir::ops(parent)
        .iter()
        .filter(|op| op.handle() != program.handle())
        .map(ir::symbol_name)
        .collect();
    for fifo in body_ops
        .iter()
        .filter(|op| ods::is(op, ods::channel::FifoOperation::name()))
    {
        let name = ir::symbol_name(fifo);
        if taken.contains(&name) {
            return Err(error(
                fifo.location(),
                format!("channel @{name} would clash with a symbol of the module once the program is lowered"),
            ));
        }
        fifo.handle().move_before(program.handle());
        moved.push(name);
    }
    Ok(moved)
}
