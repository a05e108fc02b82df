//! Random valid URE programs with random schedules, as MLIR text.
//!
//! Every program is valid by construction: loops with small extents and
//! any mins; one element type; inputs read in bounds; Funcs that read
//! earlier Funcs at distance 0 and any Func (themselves included) at
//! element-wise non-negative, non-zero distances, each such read guarded by
//! a select on "the point read is inside the domain" with a constant
//! otherwise, so no out-of-domain value reaches the output and every Func
//! has an initial value; an output that is plain or extended (dropping a
//! loop, stored under a select). Schedules are random too, legal or not: an
//! illegal one must be rejected with a diagnostic.

use t2s_model::random::SplitMix64;

/// A generated program and what it exercises.
pub struct Generated {
    pub text: String,
    /// The program carries a space-time transform (systolic mode applies).
    pub scheduled: bool,
}

struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n.max(1)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

const INT_TYPES: [&str; 8] = ["i32", "i8", "i16", "i64", "i3", "i12", "i33", "i1"];
const FLOAT_TYPES: [&str; 4] = ["f32", "f64", "f16", "bf16"];
const INT_OPS: [&str; 12] = [
    "addi", "subi", "muli", "xori", "andi", "ori", "divsi", "remsi", "divui", "remui", "maxsi",
    "minui",
];
const FLOAT_OPS: [&str; 5] = ["addf", "subf", "mulf", "maximumf", "minimumf"];

struct Loop {
    name: String,
    min: i64,
    extent: i64,
}

/// Emits the ops of one URE body, naming SSA values `%v<N>`.
struct Body {
    lines: Vec<String>,
    next: usize,
    ty: &'static str,
    float: bool,
}

impl Body {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }
    fn emit(&mut self, rhs: String) -> String {
        let v = self.fresh();
        self.lines.push(format!("    {v} = {rhs}"));
        v
    }
    fn constant(&mut self, rng: &mut Rng) -> String {
        if self.float {
            let c = rng.range(-8, 8) as f64 / 4.0;
            self.emit(format!("arith.constant {c:.2} : {}", self.ty))
        } else if self.ty == "i1" {
            let c = rng.range(0, 1);
            self.emit(format!(
                "arith.constant {}",
                if c == 1 { "true" } else { "false" }
            ))
        } else {
            // Within the width's signed range (i3: -4..=3).
            let width: u32 = self.ty[1..].parse().unwrap_or(32);
            let bound = if width >= 4 {
                5
            } else {
                (1i64 << (width - 1)) - 1
            };
            let c = rng.range(-bound - 1, bound);
            self.emit(format!("arith.constant {c} : {}", self.ty))
        }
    }
    fn index(&mut self, c: i64) -> String {
        self.emit(format!("arith.constant {c} : index"))
    }
    /// `var >= bound` as an i1.
    fn at_least(&mut self, var: &str, bound: i64) -> String {
        let b = self.index(bound);
        self.emit(format!("arith.cmpi sge, %{var}, {b} : index"))
    }
    fn combine(&mut self, rng: &mut Rng, a: &str, b: &str) -> String {
        let op = if self.float {
            *rng.pick(&FLOAT_OPS)
        } else {
            *rng.pick(&INT_OPS)
        };
        self.emit(format!("arith.{op} {a}, {b} : {}", self.ty))
    }
    /// A loop variable as a value of the element type.
    fn var_value(&mut self, var: &str) -> String {
        let int = if self.float { "i32" } else { self.ty };
        let i = self.emit(format!("arith.index_cast %{var} : index to {int}"));
        if self.float {
            self.emit(format!("arith.sitofp {i} : i32 to {}", self.ty))
        } else {
            i
        }
    }
}

pub fn generate(seed: u64) -> Generated {
    let mut rng = Rng(SplitMix64::new(
        seed.wrapping_mul(0x9e37_79b9).wrapping_add(17),
    ));
    let n = rng.range(2, 3) as usize;
    // Loop variables innermost first (the declaration order).
    let loops: Vec<Loop> = (0..n)
        .map(|l| Loop {
            name: format!("l{l}"),
            min: *rng.pick(&[0, 0, 0, 1, -2]),
            extent: rng.range(1, 4),
        })
        .collect();
    let float = rng.chance(30);
    let ty: &'static str = if float {
        rng.pick::<&'static str>(&FLOAT_TYPES)
    } else {
        rng.pick::<&'static str>(&INT_TYPES)
    };
    let vars: Vec<&str> = loops.iter().map(|l| l.name.as_str()).collect();
    let var_list = vars.join(", ");
    let percent_vars: Vec<String> = vars.iter().map(|v| format!("%{v}")).collect();

    // Inputs: each indexed by one or two loops, shaped by their extents.
    let inputs: Vec<Vec<usize>> = (0..rng.range(1, 2))
        .map(|_| {
            let first = rng.below(n as u64) as usize;
            if rng.chance(50) {
                let second = (first + 1 + rng.below(n as u64 - 1) as usize) % n;
                vec![first, second]
            } else {
                vec![first]
            }
        })
        .collect();
    let mut read_inputs = vec![false; inputs.len()];

    let funcs = rng.range(1, 3) as usize;
    let mut text = String::from("ure.program @fuzz {\n");
    for (k, dims) in inputs.iter().enumerate() {
        let shape: Vec<String> = dims.iter().map(|&l| loops[l].extent.to_string()).collect();
        text += &format!("  ure.input @in{k} : memref<{}x{ty}>\n", shape.join("x"));
    }
    for f in 0..funcs {
        text += &format!("  ure.func @f{f}({var_list}) -> {ty}\n");
    }
    // The output: plain, or extended (it drops one loop).
    let dropped = rng.chance(50).then(|| rng.below(n as u64) as usize);
    let mut lhs: Vec<&str> = (0..n)
        .filter(|&l| Some(l) != dropped)
        .map(|l| vars[l])
        .collect();
    // An extended output may order its dimensions freely: half of them are
    // permuted (the vectorized loop last gives row stores).
    if dropped.is_some() && rng.chance(50) {
        for i in (1..lhs.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            lhs.swap(i, j);
        }
    }
    text += &format!("  ure.func @out({}) -> {ty}\n", lhs.join(", "));

    for f in 0..funcs {
        let mut b = Body {
            lines: Vec::new(),
            next: 0,
            ty,
            float,
        };
        let mut atoms: Vec<String> = Vec::new();
        for _ in 0..rng.range(1, 3) {
            let atom = match rng.below(5) {
                0 | 1 => {
                    let k = rng.below(inputs.len() as u64) as usize;
                    read_inputs[k] = true;
                    let idx: Vec<String> = inputs[k]
                        .iter()
                        .map(|&l| {
                            let m = loops[l].min;
                            if m == 0 {
                                format!("%{}", vars[l])
                            } else if m > 0 {
                                format!("%{} - {m}", vars[l])
                            } else {
                                format!("%{} + {}", vars[l], -m)
                            }
                        })
                        .collect();
                    b.emit(format!("ure.load @in{k}({}) : {ty}", idx.join(", ")))
                }
                2 => b.constant(&mut rng),
                3 => {
                    let l = rng.below(n as u64) as usize;
                    b.var_value(vars[l])
                }
                _ => read(&mut b, &mut rng, f, funcs, &loops, &vars, true),
            };
            atoms.push(atom);
        }
        // At least one read of a Func at a positive distance or of an earlier one.
        if rng.chance(80) {
            atoms.push(read(&mut b, &mut rng, f, funcs, &loops, &vars, false));
        }
        let mut value = atoms[0].clone();
        for a in &atoms[1..] {
            value = b.combine(&mut rng, &value, a);
        }
        text += &format!("  ure.def @f{f}({}) {{\n", percent_vars.join(", "));
        for l in &b.lines {
            text += l;
            text += "\n";
        }
        text += &format!("    ure.yield {value} : {ty}\n  }}\n");
    }

    // The output reads Funcs at distance 0.
    let mut b = Body {
        lines: Vec::new(),
        next: 0,
        ty,
        float,
    };
    let mut value = b.emit(format!(
        "ure.at @f{}({}) : {ty}",
        funcs - 1,
        percent_vars.join(", ")
    ));
    if funcs > 1 && rng.chance(50) {
        let other = rng.below(funcs as u64 - 1);
        let r = b.emit(format!(
            "ure.at @f{other}({}) : {ty}",
            percent_vars.join(", ")
        ));
        value = b.combine(&mut rng, &value, &r);
    }
    let lhs_args: Vec<String> = lhs.iter().map(|v| format!("%{v}")).collect();
    match dropped {
        Some(d) => {
            let last = b.index(loops[d].min + loops[d].extent - 1);
            let cond = if rng.chance(70) {
                b.emit(format!("arith.cmpi eq, %{}, {last} : index", vars[d]))
            } else {
                b.emit(format!("arith.cmpi sle, %{}, {last} : index", vars[d]))
            };
            let w = b.emit(format!("ure.select {cond}, {value} : {ty}"));
            text += &format!(
                "  ure.def @out({}) with (%{}) {{\n",
                lhs_args.join(", "),
                vars[d]
            );
            value = w;
        }
        None => text += &format!("  ure.def @out({}) {{\n", lhs_args.join(", ")),
    }
    for l in &b.lines {
        text += l;
        text += "\n";
    }
    text += &format!("    ure.yield {value} : {ty}\n  }}\n");

    let merged: Vec<String> = (1..funcs)
        .map(|f| format!("@f{f}"))
        .chain(["@out".to_string()])
        .collect();
    text += &format!("  ure.merge_ures @f0 [{}]\n", merged.join(", "));
    let bounds: Vec<String> = loops
        .iter()
        .map(|l| format!("{} = {} extent {}", l.name, l.min, l.extent))
        .collect();
    text += &format!("  ure.set_bounds @f0 ({})\n", bounds.join(", "));
    if rng.chance(30) {
        // Reorder: a random permutation, innermost first.
        let mut order: Vec<&str> = vars.clone();
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        text += &format!("  ure.reorder @f0 ({})\n", order.join(", "));
        // Space loops must then be the innermost of the new order.
        let scheduled = directives(&mut rng, &mut text, &order, &loops, &read_inputs);
        text += "}\n";
        return Generated { text, scheduled };
    }
    let scheduled = directives(&mut rng, &mut text, &vars, &loops, &read_inputs);
    text += "}\n";
    Generated { text, scheduled }
}

/// The schedule and what follows it: isolation, vectorization, scatters
/// and a gather. Returns whether the program has a space-time array.
fn directives(
    rng: &mut Rng,
    text: &mut String,
    order: &[&str],
    loops: &[Loop],
    read_inputs: &[bool],
) -> bool {
    let extent = |name: &str| {
        loops
            .iter()
            .find(|l| l.name == name)
            .map_or(1, |l| l.extent)
    };
    let Some(space) = schedule(rng, text, order) else {
        // Without a schedule, vectorized loops become the space loops.
        if rng.chance(30) {
            let wide: Vec<&str> = order.iter().copied().filter(|l| extent(l) >= 2).collect();
            if let Some(l) = (!wide.is_empty()).then(|| *rng.pick(&wide)) {
                *text += &format!("  ure.vectorize @f0 ({l})\n");
                return true;
            }
        }
        return false;
    };
    let kernels = isolate(rng, text, read_inputs);
    let wide: Vec<&str> = space.iter().copied().filter(|l| extent(l) >= 2).collect();
    // Half the time every vectorized kernel takes the same loops, so that
    // both ends of a channel have the same lanes (pack-channels).
    let mut shared: Option<Vec<&str>> = None;
    let share = rng.chance(50);
    for target in std::iter::once("f0".to_string()).chain(kernels.iter().cloned()) {
        if wide.is_empty() || !rng.chance(if share { 60 } else { 30 }) {
            continue;
        }
        let chosen: Vec<&str> = wide.iter().copied().filter(|_| rng.chance(60)).collect();
        let chosen = match &shared {
            Some(loops) => loops.clone(),
            None if chosen.is_empty() => vec![*rng.pick(&wide)],
            None => chosen,
        };
        if share {
            shared = Some(chosen.clone());
        }
        *text += &format!("  ure.vectorize @{target} ({})\n", chosen.join(", "));
    }
    // Scatters of inputs along any loop, a gather of the output along a
    // space loop: legal or not (a Down scatter along a serial loop, a
    // loop whose read is under a condition, ...), each refused with a
    // diagnostic when it cannot be done.
    let read: Vec<usize> = (0..read_inputs.len()).filter(|k| read_inputs[*k]).collect();
    if !read.is_empty() && rng.chance(15) {
        let loop_ = *rng.pick(order);
        let strategy = if rng.chance(70) { "up" } else { "down" };
        for k in read.iter().filter(|_| rng.chance(70)) {
            *text += &format!("  ure.scatter @f0 (@in{k}, {loop_}, {strategy})\n");
        }
    }
    if kernels.iter().any(|k| k == "drainer") && rng.chance(20) {
        let loop_ = *rng.pick(&space);
        let strategy = if rng.chance(50) { "up" } else { "down" };
        *text += &format!("  ure.gather @drainer (@out, {loop_}, {strategy})\n");
    }
    true
}

/// Sometimes, isolation directives (the dataflow mode then runs too): some
/// of the inputs the UREs read into one or two loaders, the output into a
/// drainer, with random depths.
fn isolate(rng: &mut Rng, text: &mut String, read_inputs: &[bool]) -> Vec<String> {
    let mut kernels = Vec::new();
    if !rng.chance(50) {
        return kernels;
    }
    let read: Vec<usize> = (0..read_inputs.len()).filter(|k| read_inputs[*k]).collect();
    let chosen: Vec<usize> = read.iter().copied().filter(|_| rng.chance(70)).collect();
    if !chosen.is_empty() {
        if chosen.len() > 1 && rng.chance(50) {
            for k in &chosen {
                *text += &format!(
                    "  ure.isolate_producer [@in{k}] into @loader{k} depth {}\n",
                    rng.range(1, 3)
                );
                kernels.push(format!("loader{k}"));
            }
        } else {
            let names: Vec<String> = chosen.iter().map(|k| format!("@in{k}")).collect();
            *text += &format!(
                "  ure.isolate_producer [{}] into @loader depth {}\n",
                names.join(", "),
                rng.range(1, 3)
            );
            kernels.push("loader".to_string());
        }
    }
    if chosen.is_empty() || rng.chance(70) {
        *text += &format!(
            "  ure.isolate_consumer @out into @drainer depth {}\n",
            rng.range(1, 3)
        );
        kernels.push("drainer".to_string());
    }
    kernels
}

/// A random (possibly illegal) chain of space-time transforms on the
/// innermost loops of `order` (innermost first). Returns the array's
/// space loops.
fn schedule<'a>(rng: &mut Rng, text: &mut String, order: &[&'a str]) -> Option<Vec<&'a str>> {
    let n = order.len();
    if rng.chance(15) {
        return None;
    }
    let m = rng.range(1, n as i64 - 1) as usize;
    let mut space: Vec<&str> = order[..m].to_vec();
    let directive = |rng: &mut Rng, space: &[&str], text: &mut String| {
        let mut d = format!("  ure.space_time_transform @f0 ({})", space.join(", "));
        if rng.chance(65) {
            let v: Vec<String> = space.iter().map(|_| rng.range(-1, 2).to_string()).collect();
            d += &format!(" vector [{}]", v.join(", "));
        }
        if rng.chance(50) {
            d += " check_time";
        }
        *text += &d;
        *text += "\n";
    };
    directive(rng, &space, text);
    if m > 1 && rng.chance(25) {
        space.truncate(rng.range(1, m as i64 - 1) as usize);
        directive(rng, &space, text);
    }
    Some(space)
}

/// A read of Func `@f<j>`: of an earlier Func at distance 0 (when
/// `allow_zero`), or of any Func at a non-negative, non-zero distance,
/// guarded by "the point read is in the domain".
fn read(
    b: &mut Body,
    rng: &mut Rng,
    f: usize,
    funcs: usize,
    loops: &[Loop],
    vars: &[&str],
    allow_zero: bool,
) -> String {
    let ty = b.ty;
    if allow_zero && f > 0 && rng.chance(40) {
        let j = rng.below(f as u64);
        let args: Vec<String> = vars.iter().map(|v| format!("%{v}")).collect();
        return b.emit(format!("ure.at @f{j}({}) : {ty}", args.join(", ")));
    }
    let j = rng.below(funcs as u64);
    let mut d: Vec<i64> = loops
        .iter()
        .map(|_| rng.range(0, 2) * rng.range(0, 1))
        .collect();
    if d.iter().all(|x| *x == 0) {
        let l = rng.below(loops.len() as u64) as usize;
        d[l] = rng.range(1, 2);
    }
    let args: Vec<String> = vars
        .iter()
        .zip(&d)
        .map(|(v, x)| {
            if *x == 0 {
                format!("%{v}")
            } else {
                format!("%{v} - {x}")
            }
        })
        .collect();
    let value = b.emit(format!("ure.at @f{j}({}) : {ty}", args.join(", ")));
    // In the domain when var - d >= min for every var moved.
    let mut valid: Option<String> = None;
    for ((l, x), v) in loops.iter().zip(&d).zip(vars) {
        if *x == 0 {
            continue;
        }
        let c = b.at_least(v, l.min + x);
        valid = Some(match valid {
            None => c,
            Some(p) => b.emit(format!("arith.andi {p}, {c} : i1")),
        });
    }
    let fallback = b.constant(rng);
    let cond = valid.expect("a moved loop");
    b.emit(format!("arith.select {cond}, {value}, {fallback} : {ty}"))
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
