//! `ure.unroll`: T2S's statement that a loop is built one copy per
//! iteration. t2s unrolls every space loop (into PEs) and every loop inside
//! them (into each PE) that no `ure.vectorize` makes lanes, so the directive
//! changes nothing; the transform checks that it holds of the array it
//! builds, and refuses it with the reason where it does not.

use melior::ir::operation::OperationRef;
use melior::ir::Location;
use t2s_ir::diag::{error, error_with_notes};
use t2s_ir::ops::ure::{UnrollOp, VectorizeOp};
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;
use t2s_model::spacetime::Schedule;

/// Checks every `ure.unroll` of `program` against the array `sched` makes
/// of the representative `rep`; returns the directives, to erase with the
/// others once the array is built.
pub fn check_unrolls<'c, 'a>(
    program: &OperationRef<'c, 'a>,
    rep: &str,
    sched: &Schedule,
) -> Result<Vec<OperationRef<'c, 'a>>, Failed> {
    let space: Vec<&str> = sched.space_coordinates().map(|c| c.name.as_str()).collect();
    let vectorized = vectorized_loops(program, rep);
    let mut checked = Vec::new();
    for unroll in t2s_ir::ops::children::<UnrollOp>(program) {
        let at = unroll.location();
        let func = unroll.func();
        if func != rep {
            return Err(error(
                at,
                format!("@{func} is not the representative of the merge; give unroll to @{rep}"),
            ));
        }
        for name in unroll.loops() {
            check_loop(at, &name, rep, &space, &vectorized)?;
        }
        checked.push(unroll.op());
    }
    Ok(checked)
}

/// One unrolled loop: a space loop (or inside them) that no `ure.vectorize`
/// names.
fn check_loop(
    at: Location<'_>,
    name: &str,
    rep: &str,
    space: &[&str],
    vectorized: &[(String, Location<'_>)],
) -> Result<(), Failed> {
    if !space.contains(&name) {
        return Err(error(
            at,
            format!(
                "loop '{name}' is a time loop of @{rep}'s array: it runs one iteration per step, and t2s unrolls only the space loops (into PEs) and the loops inside them (into each PE); make '{name}' a space loop in ure.space_time_transform (space loops: {}), or drop the unroll",
                if space.is_empty() { "none".to_string() } else { space.join(", ") }
            ),
        ));
    }
    if let Some((_, v)) = vectorized.iter().find(|(l, _)| l == name) {
        return Err(error_with_notes(
            at,
            format!("loop '{name}' is both unrolled and vectorized: its PEs are either copies or the lanes of vectors; drop one of the two"),
            &[(*v, "vectorized here".to_string())],
        ));
    }
    Ok(())
}

/// The loops the representative's `ure.vectorize` directives name, with
/// where.
fn vectorized_loops<'c>(program: &OperationRef<'c, '_>, rep: &str) -> Vec<(String, Location<'c>)> {
    t2s_ir::ops::children::<VectorizeOp>(program)
        .into_iter()
        .filter(|v| v.func() == rep)
        .flat_map(|v| {
            let at = v.location();
            v.loops().into_iter().map(move |l| (l, at))
        })
        .collect()
}
