//! Random valid URE programs with random schedules, as MLIR text.
//!
//! Every program is valid by construction: loops with small extents and
//! any mins; one element type; inputs read in bounds; Funcs that read
//! earlier Funcs at distance 0 and any Func (themselves included) at
//! lexicographically positive distances in the (maybe reordered) nest, some
//! with negative components, each such read guarded by
//! a select on "the point read is inside the domain" with a constant
//! otherwise, so no out-of-domain value reaches the output and every Func
//! has an initial value; an output that is plain or extended (dropping a
//! loop, stored under a select). Schedules are random too, legal or not: an
//! illegal one must be rejected with a diagnostic.

mod body;
mod directives;
mod inputs;
mod triangles;

use crate::oracle;
use body::{read, Body, Loop, Rng, FLOAT_TYPES, INT_TYPES};
use directives::directives;
use t2s_model::random::SplitMix64;

/// A generated program and what it exercises.
pub struct Generated {
    pub text: String,
    /// The program carries a space-time transform (systolic mode applies).
    pub scheduled: bool,
    /// The values of its `ure.param`s, in declaration order.
    pub params: Vec<i64>,
    /// Upstream passes run after every t2s pass of every mode's pipeline.
    pub between: String,
    /// The shape of each input in the run (around what its reads need,
    /// for inputs of dynamic size).
    pub input_shapes: Vec<Vec<usize>>,
    /// An input the program reads is smaller than its reads need: every
    /// mode must refuse the run.
    pub short_input: bool,
    /// The chain of space-time transforms and what it schedules, for the
    /// legality oracle; `None` without a transform.
    pub schedule: Option<oracle::Spec>,
    /// The program also runs in the OpenCL emulation and on SPIR-V (a
    /// sample: each costs a compile by clang or PoCL).
    pub kernels: bool,
}

/// The upstream passes an embedder may run between two t2s passes.
const UPSTREAM: [&str; 8] = [
    "canonicalize",
    "cse",
    "loop-invariant-code-motion",
    "sccp",
    "symbol-dce",
    "inline",
    "canonicalize{region-simplify=aggressive}",
    "canonicalize{top-down=false}",
];

/// A random subset of the upstream passes for case `id` (a mutant).
pub fn between_for(id: u64) -> String {
    let mut rng = Rng(SplitMix64::new(
        id.wrapping_mul(0x2545_f491).wrapping_add(3),
    ));
    let chosen: Vec<&str> = UPSTREAM
        .iter()
        .copied()
        .filter(|_| rng.chance(50))
        .collect();
    chosen.join(", ")
}

impl Generated {
    /// The program with its parameters and the passes between ours as a
    /// header, as `--print` shows it.
    pub fn listing(&self) -> String {
        format!(
            "// params: {:?}\n// between: {}\n// input shapes: {:?}{}\n{}",
            self.params,
            self.between,
            self.input_shapes,
            if self.short_input {
                " (one too small)"
            } else {
                ""
            },
            self.text
        )
    }
}

pub fn generate(seed: u64) -> Generated {
    let mut rng = Rng(SplitMix64::new(
        seed.wrapping_mul(0x9e37_79b9).wrapping_add(17),
    ));
    let (loops, params) = draw_loops(&mut rng);
    let between = draw_between(&mut rng);
    let float = rng.chance(30);
    let ty: &'static str = if float {
        rng.pick::<&'static str>(&FLOAT_TYPES)
    } else {
        rng.pick::<&'static str>(&INT_TYPES)
    };
    let vars: Vec<&str> = loops.iter().map(|l| l.name.as_str()).collect();

    let (inputs, mut layouts) = draw_inputs(&mut rng, seed, &loops);
    let mut read_inputs = vec![false; inputs.len()];

    let funcs = rng.range(1, 3) as usize;
    let mut text = declarations(&loops, &inputs, funcs, ty);
    let output = draw_output(&mut rng, &mut layouts, &vars);
    text += &format!(
        "  ure.func @out({}) -> {ty}{}\n",
        output.lhs.join(", "),
        output.layout
    );

    let (reorder, nest) = draw_reorder(&mut rng, &vars);
    // From a stream of its own: the programs without it stay what they
    // were.
    let mut runs = Rng(SplitMix64::new(seed ^ 0x7275_6e6e_696e_6721));
    let running = output.dropped.filter(|_| runs.chance(50));
    let context = Context {
        loops: &loops,
        vars: &vars,
        nest: &nest,
        funcs,
        ty,
        float,
        running,
    };
    let mut reads: Vec<Vec<i64>> = Vec::new();
    for f in 0..funcs {
        let inputs = (&inputs[..], &mut read_inputs[..]);
        text += &func_def(&mut rng, &context, f, inputs, &mut reads);
    }
    text += &output_def(&mut rng, &context, &output);

    let order = nest_directives(&mut text, &loops, funcs, reorder).unwrap_or_else(|| vars.clone());
    let mut chain = directives(&mut rng, &mut text, &order, &loops, &read_inputs);
    if let Some(l) = running.filter(|_| runs.chance(80)) {
        vectorize_running(&mut text, &mut chain, &loops[l]);
    }
    // From the layouts' stream: the programs without it stay what they were.
    let unroll = draw_unroll(&mut layouts, &chain, &order, &text);
    text += &unroll;
    if let Some((old, new)) = triangles::triangular_bounds(&mut layouts, &loops, &text) {
        text = text.replace(&old, &new);
    }
    text += "}\n";
    let schedule = chain
        .transforms
        .map(|transforms| oracle_spec(&loops, &vars, &order, reads, transforms));
    let scheduled = chain.scheduled || !unroll.is_empty();
    let (input_shapes, short_input) =
        inputs::draw_sizes(&mut rng, &inputs, &loops, &params, &read_inputs);
    let kernels = rng.chance(12);
    Generated {
        text,
        scheduled,
        params,
        between,
        input_shapes,
        short_input,
        schedule,
        kernels,
    }
}

/// A reorder (a random permutation, innermost first), drawn before the
/// bodies: their reads move forward in the nest it makes. The nest's loops
/// (indices into `vars`), outermost first.
fn draw_reorder<'v>(rng: &mut Rng, vars: &[&'v str]) -> (Option<Vec<&'v str>>, Vec<usize>) {
    let reorder: Option<Vec<&str>> = rng.chance(30).then(|| shuffled(rng, vars));
    let nest: Vec<usize> = reorder
        .as_deref()
        .unwrap_or(vars)
        .iter()
        .rev()
        .map(|v| vars.iter().position(|w| w == v).expect("a loop variable"))
        .collect();
    (reorder, nest)
}

/// Without a schedule, a vectorize of the running combination's loop (its
/// lanes, the space loop): a lane reduction when only its last value is
/// stored, a serialized loop otherwise.
fn vectorize_running(text: &mut String, chain: &mut directives::Scheduled, l: &Loop) {
    let free = chain.transforms.is_none()
        && !text.contains("ure.vectorize @f0")
        && !text.contains("ure.split")
        && l.param.is_none()
        && l.extent >= 2;
    if free {
        *text += &format!("  ure.vectorize @f0 ({})\n", l.name);
        chain.scheduled = true;
    }
}

/// The program's parameters, inputs and Funcs (all of the loops' variables
/// and of type `ty`), declared.
fn declarations(loops: &[Loop], inputs: &[inputs::GenInput], funcs: usize, ty: &str) -> String {
    let var_list: Vec<&str> = loops.iter().map(|l| l.name.as_str()).collect();
    let var_list = var_list.join(", ");
    let mut text = String::from("ure.program @fuzz {\n");
    for l in loops {
        if let Some(p) = &l.param {
            text += &format!("  ure.param @{p} max {}\n", l.extent);
        }
    }
    for (k, input) in inputs.iter().enumerate() {
        text += &input.declaration(k, loops, ty);
    }
    for f in 0..funcs {
        text += &format!("  ure.func @f{f}({var_list}) -> {ty}\n");
    }
    text
}

/// The merge of every Func under `@f0`, its bounds, and the loop order
/// (`ure.reorder` when one was drawn); returns that order.
fn nest_directives<'v>(
    text: &mut String,
    loops: &[Loop],
    funcs: usize,
    reorder: Option<Vec<&'v str>>,
) -> Option<Vec<&'v str>> {
    let merged: Vec<String> = (1..funcs)
        .map(|f| format!("@f{f}"))
        .chain(["@out".to_string()])
        .collect();
    *text += &format!("  ure.merge_ures @f0 [{}]\n", merged.join(", "));
    let bounds: Vec<String> = loops
        .iter()
        .map(|l| match &l.param {
            Some(p) => format!("{} = {} extent @{p}", l.name, l.min),
            None => format!("{} = {} extent {}", l.name, l.min, l.extent),
        })
        .collect();
    *text += &format!("  ure.set_bounds @f0 ({})\n", bounds.join(", "));
    // Space loops must be the innermost of the reordered nest.
    if let Some(order) = &reorder {
        *text += &format!("  ure.reorder @f0 ({})\n", order.join(", "));
    }
    reorder
}

/// What the legality oracle judges: the extents, the nest, the reads'
/// distances and the chain of transforms (loops by declaration position).
fn oracle_spec(
    loops: &[Loop],
    vars: &[&str],
    order: &[&str],
    reads: Vec<Vec<i64>>,
    transforms: directives::Chain,
) -> oracle::Spec {
    let position = |name: &str| vars.iter().position(|v| *v == name).expect("a loop");
    oracle::Spec {
        extents: loops.iter().map(|l| l.extent).collect(),
        symbolic: loops.iter().map(|l| l.param.is_some()).collect(),
        nest: order.iter().rev().map(|v| position(v)).collect(),
        reads,
        transforms: transforms
            .into_iter()
            .map(|(space, vector)| (space.iter().map(|s| position(s)).collect(), vector))
            .collect(),
    }
}

/// The inputs, each indexed by one or two loops (inputs.rs), some 2-D ones
/// transposed; and the stream of layouts. Layouts come from their own
/// stream, so that the rest of a seed's program stays what it was.
fn draw_inputs(rng: &mut Rng, seed: u64, loops: &[Loop]) -> (Vec<inputs::GenInput>, Rng) {
    let mut inputs = inputs::draw_inputs(rng, loops);
    let mut layouts = Rng(SplitMix64::new(
        seed.wrapping_mul(0x5851_f42d).wrapping_add(29),
    ));
    for input in &mut inputs {
        input.transposed = input.dims.len() == 2 && layouts.chance(30);
    }
    (inputs, layouts)
}

/// Now and then `ure.unroll`: of the array's space loops after a
/// schedule; without one (the unrolled loops are then the space loops), of
/// the innermost one or two loops of the nest, unless a split renamed them.
fn draw_unroll(rng: &mut Rng, chain: &directives::Scheduled, order: &[&str], text: &str) -> String {
    match chain.transforms.as_ref().and_then(|t| t.last()) {
        Some(space) => unrolled(rng, &space.0, text),
        None if text.contains("ure.split") => String::new(),
        None => {
            let innermost: Vec<String> = order.iter().take(2).map(|l| l.to_string()).collect();
            let take = 1 + usize::from(rng.chance(50));
            unrolled(rng, &innermost[..take.min(innermost.len())], text)
        }
    }
}

/// Now and then T2S's `unroll` of some of the array's space loops that no
/// `ure.vectorize @f0` makes lanes: legal, so a refusal is a bug.
fn unrolled(rng: &mut Rng, space: &[String], text: &str) -> String {
    if !rng.chance(15) {
        return String::new();
    }
    let vectorized: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("ure.vectorize @f0 ("))
        .flat_map(|l| l.trim_end_matches(')').split(", "))
        .collect();
    let loops: Vec<&str> = space
        .iter()
        .map(String::as_str)
        .filter(|l| !vectorized.contains(l) && rng.chance(70))
        .collect();
    match loops.is_empty() {
        true => String::new(),
        false => format!("  ure.unroll @f0 ({})\n", loops.join(", ")),
    }
}

/// Two or three loops (declaration order, innermost first), now and then
/// one long (the work limits, large files; two would pass the
/// interpreter's point limit, 4096 x 1000 x 3); sometimes one extent a
/// parameter, whose max is the extent, with the value the run takes.
fn draw_loops(rng: &mut Rng) -> (Vec<Loop>, Vec<i64>) {
    let n = rng.range(2, 3) as usize;
    let mut long = false;
    let mut loops: Vec<Loop> = (0..n)
        .map(|l| Loop {
            name: format!("l{l}"),
            min: *rng.pick(&[0, 0, 0, 1, -2]),
            extent: if rng.chance(3) && !long {
                long = true;
                *rng.pick(&[64, 1000, 4096])
            } else {
                rng.range(1, 4)
            },
            param: None,
        })
        .collect();
    let mut params = Vec::new();
    if rng.chance(20) {
        let l = rng.below(n as u64) as usize;
        loops[l].param = Some(format!("P{l}"));
        params.push(rng.range(1, loops[l].extent));
    }
    (loops, params)
}

/// The upstream passes run between ours: none now and then, else a random
/// subset.
fn draw_between(rng: &mut Rng) -> String {
    let between: Vec<&str> = if rng.chance(30) {
        Vec::new()
    } else {
        UPSTREAM
            .iter()
            .copied()
            .filter(|_| rng.chance(50))
            .collect()
    };
    between.join(", ")
}

/// `items` in a random order (Fisher-Yates from the last).
fn shuffled<T: Clone>(rng: &mut Rng, items: &[T]) -> Vec<T> {
    let mut order = items.to_vec();
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    order
}

/// The output Func: plain, or extended (it drops one loop).
struct Output<'v> {
    dropped: Option<usize>,
    lhs: Vec<&'v str>,
    /// ` layout affine_map<...>` or nothing.
    layout: String,
}

fn draw_output<'v>(rng: &mut Rng, layouts: &mut Rng, vars: &[&'v str]) -> Output<'v> {
    let n = vars.len();
    let dropped = rng.chance(50).then(|| rng.below(n as u64) as usize);
    let mut lhs: Vec<&str> = (0..n)
        .filter(|&l| Some(l) != dropped)
        .map(|l| vars[l])
        .collect();
    // An extended output may order its dimensions freely: half of them are
    // permuted (the vectorized loop last gives row stores).
    if dropped.is_some() && rng.chance(50) {
        lhs = shuffled(rng, &lhs);
    }
    // Sometimes the output is laid out in a random permutation.
    let layout = if lhs.len() >= 2 && layouts.chance(30) {
        let order = shuffled(layouts, &(0..lhs.len()).collect::<Vec<usize>>());
        let dims: Vec<String> = (0..lhs.len()).map(|d| format!("d{d}")).collect();
        let results: Vec<String> = order.iter().map(|d| format!("d{d}")).collect();
        format!(
            " layout affine_map<({}) -> ({})>",
            dims.join(", "),
            results.join(", ")
        )
    } else {
        String::new()
    };
    Output {
        dropped,
        lhs,
        layout,
    }
}

/// What every URE body of a program is drawn against.
struct Context<'g> {
    loops: &'g [Loop],
    vars: &'g [&'g str],
    /// The loops outermost first, as the (maybe reordered) nest runs them.
    nest: &'g [usize],
    funcs: usize,
    ty: &'static str,
    float: bool,
    /// The last Func is a running combination along this loop (the
    /// output's dropped loop).
    running: Option<usize>,
}

impl Context<'_> {
    fn body(&self) -> Body {
        Body {
            lines: Vec::new(),
            next: 0,
            ty: self.ty,
            float: self.float,
            reads: Vec::new(),
        }
    }

    fn arguments(&self, vars: &[&str]) -> String {
        let args: Vec<String> = vars.iter().map(|v| format!("%{v}")).collect();
        args.join(", ")
    }
}

/// `ure.def @f<f>`: one to three atoms (input reads, constants, loop
/// values, Func reads), combined; its Func reads' distances go to `reads`
/// and the inputs it reads are marked.
fn func_def(
    rng: &mut Rng,
    c: &Context<'_>,
    f: usize,
    (inputs, read_inputs): (&[inputs::GenInput], &mut [bool]),
    reads: &mut Vec<Vec<i64>>,
) -> String {
    let (loops, vars, nest, ty) = (c.loops, c.vars, c.nest, c.ty);
    let n = loops.len();
    let mut b = c.body();
    let mut atoms: Vec<String> = Vec::new();
    for _ in 0..rng.range(1, 3) {
        let atom = match rng.below(5) {
            0 | 1 => {
                let k = rng.below(inputs.len() as u64) as usize;
                read_inputs[k] = true;
                b.emit(format!(
                    "ure.load @in{k}({}) : {ty}",
                    inputs[k].indices(loops)
                ))
            }
            2 => b.constant(rng),
            3 => {
                let l = rng.below(n as u64) as usize;
                b.var_value(vars[l])
            }
            _ => read(&mut b, rng, f, c.funcs, loops, vars, nest, true),
        };
        // Sometimes only used where a loop has one value (or all but
        // one): at some PEs of a space loop, which are the innermost
        // loops (the nest's last) when there is a schedule.
        let atom = if rng.chance(25) {
            let l = if rng.chance(60) {
                *nest.last().expect("a loop")
            } else {
                rng.below(n as u64) as usize
            };
            b.on_loop_value(rng, &loops[l], &atom)
        } else {
            atom
        };
        atoms.push(atom);
    }
    // At least one read of a Func at a positive distance or of an earlier one.
    if rng.chance(80) {
        atoms.push(read(&mut b, rng, f, c.funcs, loops, vars, nest, false));
    }
    let mut value = atoms[0].clone();
    for a in &atoms[1..] {
        value = b.combine(rng, &value, a);
    }
    if rng.chance(30) {
        value = b.unary(rng, &value);
    }
    if let Some(l) = c.running.filter(|_| f + 1 == c.funcs) {
        value = b.running(rng, f, (loops, vars), l, &value);
    }
    let mut text = format!("  ure.def @f{f}({}) {{\n", c.arguments(vars));
    for l in &b.lines {
        text += l;
        text += "\n";
    }
    text += &format!("    ure.yield {value} : {ty}\n  }}\n");
    reads.append(&mut b.reads);
    text
}

/// `ure.def @out`: the last Func (maybe combined with another) at distance
/// 0; an extended output stores under a select on its dropped loop.
fn output_def(rng: &mut Rng, c: &Context<'_>, output: &Output<'_>) -> String {
    let (funcs, ty, vars) = (c.funcs, c.ty, c.vars);
    let mut b = c.body();
    let all = c.arguments(vars);
    let mut value = b.emit(format!("ure.at @f{}({all}) : {ty}", funcs - 1));
    if funcs > 1 && rng.chance(50) {
        let other = rng.below(funcs as u64 - 1);
        let r = b.emit(format!("ure.at @f{other}({all}) : {ty}"));
        value = b.combine(rng, &value, &r);
    }
    let lhs_args = c.arguments(&output.lhs);
    let mut text = match output.dropped {
        Some(d) => {
            let last = b.last(&c.loops[d]);
            let cond = if rng.chance(70) {
                b.emit(format!("arith.cmpi eq, %{}, {last} : index", vars[d]))
            } else {
                b.emit(format!("arith.cmpi sle, %{}, {last} : index", vars[d]))
            };
            value = b.emit(format!("ure.select {cond}, {value} : {ty}"));
            format!("  ure.def @out({lhs_args}) with (%{}) {{\n", vars[d])
        }
        None => format!("  ure.def @out({lhs_args}) {{\n"),
    };
    for l in &b.lines {
        text += l;
        text += "\n";
    }
    text += &format!("    ure.yield {value} : {ty}\n  }}\n");
    text
}

#[cfg(test)]
mod tests {
    use super::generate;

    /// The generated programs exercise the dataflow mode: some isolate
    /// inputs, some the output, some both.
    #[test]
    fn some_programs_are_isolated() {
        let programs: Vec<String> = (1..151).map(|id| generate(id).text).collect();
        let producers = programs
            .iter()
            .filter(|p| p.contains("ure.isolate_producer"))
            .count();
        let consumers = programs
            .iter()
            .filter(|p| p.contains("ure.isolate_consumer"))
            .count();
        assert!(
            producers >= 20 && consumers >= 20,
            "{producers} producers, {consumers} consumers"
        );
    }
}
