//! The access a gather works on: the one channel read of the values and
//! the output store it feeds.

use crate::channel::chain::Chain;
use melior::ir::{operation::OperationLike, Location};
use t2s_ir::diag::{error, error_with_notes};
use t2s_ir::handle::{AsOp, AsVal, Op};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{output_parts, OutputParts};
use t2s_ir::pass::Failed;

/// The one `channel.read` of the kernel that brings `@A`'s values: a read
/// of the channel `@A`, or a read whose value is stored to `@A`.
pub fn find_read(chain: &Chain<'_, '_>, op_name: &str) -> Result<Op, Failed> {
    let reads: Vec<Op> = ir::collect(chain.array, op_name)
        .into_iter()
        .filter(|r| {
            t2s_ir::ops::channel::channel_of(r).unwrap_or_default() == chain.source
                || r.result_at(0).is_some_and(|v| {
                    let v = v.val();
                    v.users().into_iter().any(|u| {
                        let u_ref = u.op();
                        t2s_ir::ops::spacetime::stores_to(&u_ref, &chain.source)
                            && output_parts(&u_ref).values.contains(&v)
                    })
                })
        })
        .map(|r| r.handle())
        .collect();
    match reads.as_slice() {
        [one] => Ok(*one),
        [] => Err(error(
            chain.location,
            format!(
                "@{} reads no value of @{} from a channel: gather the kernel that receives @{} (e.g. the drainer of 'ure.isolate_consumer @{}')",
                chain.name, chain.source, chain.source, chain.source
            ),
        )),
        many => {
            let notes: Vec<(Location, String)> = many
                .iter()
                .map(|r| (op_location(*r), "a read of it".to_string()))
                .collect();
            Err(error_with_notes(
                chain.location,
                format!(
                    "@{} reads @{}'s values from channels {} times; gathering passes one read per PE along the chain",
                    chain.name,
                    chain.source,
                    many.len()
                ),
                &notes,
            ))
        }
    }
}

pub fn op_location<'c>(op: Op) -> Location<'c> {
    op.location()
}

/// The `spacetime.output` that stores the read value: the read's only use.
/// `lanes`: a vector store, which keeps its lanes' mask.
pub fn the_store(chain: &Chain<'_, '_>, access: Op, lanes: bool) -> Result<Op, Failed> {
    let value = access.result(0).expect("a result");
    let all = value.users();
    let store = match all.as_slice() {
        [one] => *one,
        _ => {
            return Err(error(
                op_location(access),
                format!(
                    "cannot gather the read of @{} in @{}: its value must go to one spacetime.output of @{} (it has {} uses)",
                    chain.source,
                    chain.name,
                    chain.source,
                    all.len()
                ),
            ))
        }
    };
    let store_ref = store.op();
    let OutputParts {
        values, mask, at, ..
    } = if ods::is(&store_ref, ods::spacetime::OutputOperation::name()) {
        output_parts(&store_ref)
    } else {
        OutputParts::default()
    };
    if !t2s_ir::ops::spacetime::stores_to(&store_ref, &chain.source)
        || values.len() != 1
        || values[0].key() != value.key()
    {
        return Err(error_with_notes(
            op_location(access),
            format!(
                "cannot gather the read of @{} in @{}: its value must go straight to a spacetime.output of @{} with one value",
                chain.source, chain.name, chain.source
            ),
            &[(store_ref.location(), "used here".to_string())],
        ));
    }
    if (!lanes && mask.is_some()) || !at.is_empty() {
        return Err(error(
            store_ref.location(),
            format!(
                "cannot gather this store of @{}: it already has a mask or stores for another PE",
                chain.source
            ),
        ));
    }
    Ok(store)
}
