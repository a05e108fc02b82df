//! Streaming tensors on a GPU. With a `ure.gpu_map`, each
//! `ure.stream_input @A ... feeder @F scope (k)` stages `@A` in shared
//! memory over scope loop `k`, double-buffered as T2S's feeders are (the
//! `_DB_` buffers of its OpenCL): the mapping's shared tiles are the
//! feeders' buffers, and `gpu_shared` builds them as it builds the tiles
//! `ure.gpu_map ... shared [@A] scope (k) double_buffered` asks for. A
//! `ure.stream_output`'s collector and unloader are the staged output
//! (`gpu_unload`): the block's box of the output collected in shared memory
//! and written out coalesced. The loaders' and collectors' widths and the
//! FIFO depths have no GPU form: the block's threads copy each tile and
//! each box together.

use super::*;
use t2s_ir::diag::{error_with_notes, remark, OrInternal};
use t2s_ir::ops::ure::{StreamInputOp, StreamOutputOp};

/// The inputs the program's `ure.stream_input`s stage and their one scope
/// loop (`None`: no feeder), for the `ure.gpu_map` at `directive`, whose
/// own `shared` clause names `shared`.
pub(super) fn staged<'c>(
    program_ops: &[OperationRef<'c, '_>],
    shared: &[String],
    directive: Location<'c>,
) -> Result<Option<(Vec<String>, String)>, Failed> {
    let feeders: Vec<StreamInputOp> = program_ops
        .iter()
        .filter_map(|op| StreamInputOp::cast(*op))
        .collect();
    let Some(first) = feeders.first() else {
        return Ok(None);
    };
    if !shared.is_empty() {
        return Err(error_with_notes(
            first.location(),
            "the shared tiles are given twice: by this feeder and by ure.gpu_map's shared clause; keep one (a feeder is a double-buffered shared tile on a GPU)",
            &[(directive, "the ure.gpu_map".to_string())],
        ));
    }
    let mut names = Vec::new();
    let mut scope: Option<(String, Location<'c>)> = None;
    for feeder in &feeders {
        let at = feeder.location();
        let name = feeder.input();
        let loop_name = scope_of(feeder)?;
        match &scope {
            Some((s, first_at)) if *s != loop_name => {
                return Err(error_with_notes(
                    at,
                    format!("the feeder of @{name} has scope loop '{loop_name}', another feeder '{s}': on a GPU the feeders' tiles share one scope loop"),
                    &[(*first_at, "the other feeder".to_string())],
                ))
            }
            Some(_) => {}
            None => scope = Some((loop_name.clone(), at)),
        }
        names.push(name.clone());
        remark(
            at,
            format!("feeder of @{name} staged in shared memory: a double-buffered tile over scope loop '{loop_name}' (the GPU form of a feeder; the loader's width and the FIFO depths do not apply)"),
        );
    }
    Ok(scope.map(|(s, _)| (names, s)))
}

/// The feeder's scope loop (the verifier allows exactly one).
fn scope_of(feeder: &StreamInputOp<'_, '_>) -> Result<String, Failed> {
    feeder
        .scope()
        .first()
        .cloned()
        .or_internal("a stream_input's scope loop")
}

/// Whether the program's `ure.stream_output` asks for the staged output of
/// the `ure.gpu_map` at `directive`, which asks for one itself when
/// `staged`.
pub(super) fn unloaded<'c>(
    program_ops: &[OperationRef<'c, '_>],
    staged: bool,
    directive: Location<'c>,
) -> Result<bool, Failed> {
    let Some(output) = program_ops.iter().find_map(|op| StreamOutputOp::cast(*op)) else {
        return Ok(false);
    };
    if staged {
        return Err(error_with_notes(
            output.location(),
            "the staged output is given twice: by this collector and unloader and by ure.gpu_map's staged_output; keep one (a collector and its unloader are the staged output on a GPU)",
            &[(directive, "the ure.gpu_map".to_string())],
        ));
    }
    remark(
        output.location(),
        "collector and unloader staged in shared memory: each block's box of the output written out coalesced after the last step (the GPU form of a collector and unloader; the collector's scope and width and the FIFO depth do not apply)",
    );
    Ok(true)
}
