//! Typed reads of the upstream `vector` ops that t2s's passes match.

use melior::ir::operation::{OperationLike, OperationRef};

/// The combining kind of a `vector.reduction` (`add`, `mul`, `maxsi`, ...,
/// the mnemonic of its `#vector.kind`), or `None` for another op.
pub fn reduction_kind(op: &OperationRef<'_, '_>) -> Option<String> {
    if !crate::ods::is(op, crate::ods::vector::ReductionOperation::name()) {
        return None;
    }
    let text = op.attribute("kind").ok()?.to_string();
    Some(
        text.trim_start_matches("#vector.kind<")
            .trim_end_matches('>')
            .to_string(),
    )
}
