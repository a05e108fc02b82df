//! `merge-ures`: puts the merged UREs of each `ure.program` under one perfect
//! loop nest (`ure.nest`), in the user's realization order, with the bounds of
//! `ure.set_bounds` and the loop order of `ure.reorder` (`super::merge`).

use melior::ir::operation::OperationRef;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Merge UREs into one perfect loop nest (ure.nest) with bounds and loop
    /// order
    pub static PASS = "merge-ures" (MergeUres)
        on Anchor::Program, creates ["ure"],
        run merge_program_pass;
}

fn merge_program_pass(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    super::merge::merge_program(program)
}
