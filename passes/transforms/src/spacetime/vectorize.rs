//! `vectorize`: T2S's `F.vectorize(j)` on a space-time transformed program
//! (vectorization.md). The PEs along each vectorized space loop become the
//! lanes of one vector: the loop's coordinate turns into a
//! `vector<lanes x index>` ramp and every value that differs between lanes
//! into a `vector<lanes x T>` (see `spacetime.array`); several loops give
//! n-D vectors (multi-dimensional vectorization).
//!
//! Before rewriting, each loop is checked for dependences between its
//! lanes: a same-step read (delay 0) across the loop makes a lane wait for
//! its neighbour's value of the same step.
//! - The pure propagation `a = select(j == first, X, a(j - 1))` (a value
//!   copied unchanged along the loop from its first PE) is a broadcast of
//!   `X` at the first lane (`vectorize/legal.rs`).
//! - A running combination `c = select(j == first, X, c(j - 1)) op P`
//!   observed only at its last lane (the dot product of a loop inside the
//!   PE, T2S's `kkk`) is an ordered `vector.reduction` of `P` from `X`
//!   (`vectorize/reduce.rs`), when `j` is the vector's one loop.
//! - Any other such read serializes the loop (T2S's `apply_serialize`): it
//!   stays a loop of PEs, and a remark at the directive says why.
//!
//! The rewrite itself is `vectorize/widen.rs`.

use crate::spacetime::vectorize::legal::{lane_varying, propagations, Propagation};
use crate::spacetime::vectorize::reduce::Reduction;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    Location,
};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{emit, error, error_with_notes, remark, Severity};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::ure::VectorizeOp;
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Run the PEs along the space loops named by ure.vectorize as the lanes of
    /// vectors (n-D for several loops); serialize loops whose lanes depend on
    /// each other, broadcast values copied along them
    pub static PASS = "vectorize" (Vectorize)
        on Anchor::Program, creates ["vector", "arith", "spacetime"],
        run vectorize_program_pass;
}

/// Sizes the directive accepts for one loop (vectorization.md: 2 to 32).
pub const MIN_LANES: i64 = 2;
pub const MAX_LANES: i64 = 32;
/// The most lanes of one n-D vector.
pub const MAX_TOTAL_LANES: i64 = 1024;

fn vectorize_program_pass(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    vectorize_program(program)
}

pub use legal::Wanted;

fn vectorize_program(program: OperationRef<'_, '_>) -> Result<(), Failed> {
    let body = ir::body_ops(&program, 0);
    let directives: Vec<_> = body
        .iter()
        .filter(|op| ods::is(op, ods::ure::VectorizeOperation::name()))
        .copied()
        .collect();
    // One array per target: the program's own (its representative) or a
    // kernel's, in the order of the directives.
    let mut targets: Vec<(String, Vec<OperationRef>)> = Vec::new();
    for d in &directives {
        let target = VectorizeOp::cast(*d).map(|v| v.func()).unwrap_or_default();
        match targets.iter_mut().find(|(t, _)| *t == target) {
            Some((_, ds)) => ds.push(*d),
            None => targets.push((target, vec![*d])),
        }
    }
    for (target, ds) in &targets {
        // Fresh: the directives of earlier targets are erased.
        let body = ir::body_ops(&program, 0);
        let Some((holder, array)) = target_array(&program, &body, target, ds[0])? else {
            continue;
        };
        vectorize_array(&program, holder, array, ds)?;
        for d in ds {
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(*d) };
        }
    }
    Ok(())
}

/// The array a directive vectorizes and the op holding its register files:
/// a kernel's, or the program's own. `None` (a remark) for a kernel that
/// isolation has not created yet: the directive stays for it.
fn target_array<'c, 'a>(
    program: &OperationRef<'c, 'a>,
    body: &[OperationRef<'c, 'a>],
    target: &str,
    directive: OperationRef<'c, 'a>,
) -> Result<Option<(OperationRef<'c, 'a>, OperationRef<'c, 'a>)>, Failed> {
    let array_of = |holder: &OperationRef<'c, 'a>| {
        ir::body_ops(holder, 0)
            .into_iter()
            .find(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
    };
    if let Some(kernel) = body.iter().find(|op| {
        ods::is(op, ods::channel::KernelOperation::name()) && ir::symbol_name(op) == target
    }) {
        let array = array_of(kernel).ok_or_else(|| {
            error(
                directive.location(),
                format!("kernel @{target} holds no spacetime.array to vectorize"),
            )
        })?;
        return Ok(Some((*kernel, array)));
    }
    let isolated = body.iter().any(|op| {
        t2s_ir::op_in!(
            ir::name(op),
            ods::ure::IsolateProducerOperation | ods::ure::IsolateConsumerOperation
        ) && ir::string(op, "kernel") == target
    });
    if isolated {
        remark(
            directive.location(),
            format!("kernel @{target} does not exist yet: isolate creates it (the dataflow pipelines run isolate before vectorize); the directive is kept"),
        );
        return Ok(None);
    }
    let Some(array) = array_of(program) else {
        return Err(error(
            directive.location(),
            "ure.vectorize needs the space-time transformed program (run space-time-transform first): a vectorized loop is a space loop, its PEs the lanes",
        ));
    };
    Ok(Some((*program, array)))
}

/// Vectorizes one array (of `holder`, which holds its register files) as
/// `directives` ask.
fn vectorize_array(
    program: &OperationRef<'_, '_>,
    holder: OperationRef<'_, '_>,
    array: OperationRef<'_, '_>,
    directives: &[OperationRef<'_, '_>],
) -> Result<(), Failed> {
    let kernel = ods::is(&holder, ods::channel::KernelOperation::name());
    let wanted = wanted_loops(&array, directives, kernel)?;
    let (kept, props, reductions) = plan(&array, &wanted);
    if kept.is_empty() {
        return Ok(());
    }
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    let spaces: Vec<usize> = kept.iter().map(|w| w.space).collect();
    crate::spacetime::vectorize::channels::check_order(&array, &kept)?;
    let varying = lane_varying(&array, &spaces, &props, &reductions);
    let found = crate::spacetime::vectorize::widen::Found {
        props: &props,
        reductions: &reductions,
    };
    crate::spacetime::vectorize::widen::widen(context, &array, &spaces, &varying, &found)?;
    let extents = t2s_ir::array::space_extents(&array);
    let shape: Vec<String> = spaces
        .iter()
        .map(|&s| extents[s].linear().constant.to_string())
        .collect();
    for w in &kept {
        let copied: Vec<String> = props
            .iter()
            .filter(|p| p.space == w.space)
            .map(|p| p.file_name.clone())
            .collect();
        let mut text = format!(
            "loop {} vectorized: its PEs are lanes of vector<{}x...>",
            w.name,
            shape.join("x")
        );
        if !copied.is_empty() {
            text.push_str(&format!(
                "; {} copied along it: broadcast",
                copied.join(", ")
            ));
        }
        for r in reductions.iter().filter(|r| r.space == w.space) {
            text.push_str(&format!(
                "; \"{}\" reduced along it in lane order (vector.reduction <{}>): only its last lane is read",
                r.file_name, r.kind
            ));
        }
        remark(w.location, text);
    }
    Ok(())
}

/// The space loops the directives name, checked.
fn wanted_loops<'c>(
    array: &OperationRef<'c, '_>,
    directives: &[OperationRef<'c, '_>],
    kernel: bool,
) -> Result<Vec<Wanted<'c>>, Failed> {
    check_vectorizable(array, directives, kernel)?;
    let space = t2s_ir::array::space_loops(array);
    let extents = t2s_ir::array::space_extents(array);
    let mut wanted: Vec<Wanted> = Vec::new();
    let mut first_at: HashMap<String, Location> = HashMap::new();
    for d in directives {
        let view = VectorizeOp::cast(*d).or_internal("a ure.vectorize")?;
        let target = view.func();
        for name in view.loops() {
            if let Some(previous) = first_at.get(&name) {
                return Err(error_with_notes(
                    d.location(),
                    format!("loop {name} is vectorized twice"),
                    &[(*previous, "first vectorized here".into())],
                ));
            }
            first_at.insert(name.clone(), d.location());
            let Some(s) = space.iter().position(|n| *n == name) else {
                return Err(error(
                    d.location(),
                    format!(
                        "loop {name} is not a space loop of @{target}'s array (space loops: {}): a vectorized loop is a space loop, its PEs the lanes",
                        space.join(", ")
                    ),
                ));
            };
            let n = extents[s].linear().constant;
            if !(MIN_LANES..=MAX_LANES).contains(&n) {
                return Err(error(
                    d.location(),
                    format!("loop {name} has extent {n}: vectorized loops have {MIN_LANES} to {MAX_LANES} lanes"),
                ));
            }
            wanted.push(Wanted {
                space: s,
                name,
                location: d.location(),
            });
        }
    }
    let total: i64 = wanted
        .iter()
        .map(|w| extents[w.space].linear().constant)
        .product();
    if total > MAX_TOTAL_LANES {
        return Err(error(
            directives[0].location(),
            format!("{total} lanes in one vector: at most {MAX_TOTAL_LANES}"),
        ));
    }
    // Lanes follow the order of the space loops.
    wanted.sort_by_key(|w| w.space);
    Ok(wanted)
}

/// Whether the directives may vectorize `array`: each names its
/// representative (a kernel's directives name the kernel), the array is
/// not vectorized yet and replays no double buffer.
fn check_vectorizable(
    array: &OperationRef<'_, '_>,
    directives: &[OperationRef<'_, '_>],
    kernel: bool,
) -> Result<(), Failed> {
    // Whom a directive names comes first: a second directive naming a
    // merged Func is misplaced, not a second vectorization.
    let rep = t2s_ir::ops::spacetime::representative(array);
    for d in directives {
        let target = VectorizeOp::cast(*d).or_internal("a ure.vectorize")?.func();
        if !kernel && target != rep {
            return Err(error(
                d.location(),
                format!(
                    "@{target} is not the representative of the merge; give vectorize to @{rep}"
                ),
            ));
        }
    }
    if t2s_ir::array::ArrayInfo::read(array)?
        .space
        .iter()
        .any(|s| s.vectorized)
    {
        return Err(error(
            directives[0].location(),
            "the array is already vectorized",
        ));
    }
    if <t2s_ir::ops::spacetime::ArrayOp as t2s_ir::ops::View>::cast(*array)
        .is_some_and(|a| !a.buffers().is_empty())
    {
        return Err(error(
            directives[0].location(),
            "this kernel replays a double buffer (ure.buffer, ure.stream_input): a buffered feeder is not vectorized (its loader sends vectors: out (...))",
        ));
    }
    Ok(())
}

/// The loops that stay vectorized, the propagations turned into broadcasts
/// and the lane reductions; a remark at the directive for each serialized
/// loop.
fn plan<'c, 'a>(
    array: &OperationRef<'c, 'a>,
    wanted: &[Wanted<'c>],
) -> (Vec<Wanted<'c>>, Vec<Propagation>, Vec<Reduction>) {
    let candidates: Vec<usize> = wanted.iter().map(|w| w.space).collect();
    let found = propagations(array, &candidates);
    let mut kept = Vec::new();
    for w in wanted {
        match found.blocking.iter().find(|b| b.space == w.space) {
            Some(b) => emit(
                w.location,
                Severity::Remark,
                &format!(
                    "loop {} is serialized: register file \"{}\" is read across its lanes in the same step (delay 0), a dependence along the loop; its PEs run one after another{}",
                    w.name,
                    b.file_name,
                    b.why.as_ref().map(|w| format!("; {w}")).unwrap_or_default()
                ),
                &[(b.location, "read here".into())],
            ),
            None => kept.push(w.clone()),
        }
    }
    let is_kept = |space: usize| kept.iter().any(|w| w.space == space);
    let props = found
        .props
        .into_iter()
        .filter(|p| is_kept(p.space))
        .collect();
    let reductions = found
        .reductions
        .into_iter()
        .filter(|r| is_kept(r.space))
        .collect();
    (kept, props, reductions)
}

pub mod chain;
pub mod channels;
pub mod legal;
pub mod reduce;
pub mod widen;
