//! Directives still in a program when its arrays are lowered: each names
//! a pass that did not run (`t2s-lower-to-llvm` runs the array alone: no
//! kernels, so no isolation, buffer, gather or vectorize of a kernel).
//! Lowering erases them with the program; it says so at each, as a
//! warning: the values are the same without them (they shape the design,
//! not what it computes), so the systolic route still runs.

use melior::ir::operation::{OperationLike, OperationRef};
use t2s_ir::diag::{emit, Severity};
use t2s_ir::ods;

/// Each directive that acts on a built array, and the pass that applies it.
fn applied_by(op: &OperationRef<'_, '_>) -> Option<&'static str> {
    use ods::ure::*;
    let table = [
        (VectorizeOperation::name(), "vectorize"),
        (IsolateProducerOperation::name(), "isolate"),
        (IsolateConsumerOperation::name(), "isolate"),
        (BufferOperation::name(), "buffer"),
        (RemoveOperation::name(), "buffer"),
        (StreamInputOperation::name(), "expand-streams"),
        (StreamOutputOperation::name(), "expand-streams"),
        (UnloadOperation::name(), "unload"),
        (GatherOperation::name(), "gather"),
        (ScatterOperation::name(), "scatter"),
        (SpaceTimeTransformOperation::name(), "space-time-transform"),
    ];
    table
        .into_iter()
        .find(|(name, _)| ods::is(op, name))
        .map(|(_, pass)| pass)
}

/// Warns at each directive of `ops` (a program's body) that no pass has
/// applied.
pub fn warn_unapplied(ops: &[OperationRef<'_, '_>], options: &super::LowerOptions) {
    let gpu = options.gpu;
    // A ure.gpu_map stages the streams in shared memory (gpu_streams).
    let mapped = gpu
        && ops
            .iter()
            .any(|op| ods::is(op, ods::ure::GpuMapOperation::name()));
    for op in ops {
        // Packing applies the feeder (and says so at the directive).
        if (options.pack_feeders || mapped) && ods::is(op, ods::ure::StreamInputOperation::name()) {
            continue;
        }
        // A ure.gpu_map stages the output of a collector and unloader.
        if mapped && ods::is(op, ods::ure::StreamOutputOperation::name()) {
            continue;
        }
        if ods::is(op, ods::ure::ParallelOperation::name()) {
            if !options.threads {
                emit(
                    op.location(),
                    Severity::Warning,
                    "'ure.parallel' is not applied and is dropped: this pipeline runs the array on one thread; spacetime-to-scf{threads=true} (t2s-lower-to-llvm) applies it",
                    &[],
                );
            }
            continue;
        }
        if ods::is(op, ods::ure::GpuMapOperation::name()) {
            if !gpu {
                emit(
                    op.location(),
                    Severity::Warning,
                    "'ure.gpu_map' is not applied and is dropped: this pipeline runs the array on one CPU thread; spacetime-to-scf{gpu=true} (t2s-systolic-to-ptx) applies it",
                    &[],
                );
            }
            continue;
        }
        if let Some(pass) = applied_by(op) {
            let message = format!(
                "'{}' is not applied and is dropped: the pipeline lowers the array without it (t2s-lower-to-llvm builds the array alone, without kernels); '{pass}' applies it in t2s-dataflow-to-llvm and t2s-dataflow-to-scf",
                op.name().as_string_ref().as_str().unwrap_or("directive")
            );
            emit(op.location(), Severity::Warning, &message, &[]);
        }
    }
}
