//! The pieces of a generated program: the random source, the loops, and
//! the ops of one URE body.

use t2s_model::random::SplitMix64;

pub struct Rng(pub SplitMix64);

impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n.max(1)
    }
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Exact math ops (correctly rounded or exact in IEEE arithmetic, so the
/// compiled code and the interpreter agree bit for bit).
const FLOAT_MATH: [&str; 7] = [
    "absf",
    "sqrt",
    "floor",
    "ceil",
    "round",
    "roundeven",
    "trunc",
];

pub const INT_TYPES: [&str; 8] = ["i32", "i8", "i16", "i64", "i3", "i12", "i33", "i1"];
pub const FLOAT_TYPES: [&str; 4] = ["f32", "f64", "f16", "bf16"];
const INT_OPS: [&str; 16] = [
    "addi",
    "subi",
    "muli",
    "xori",
    "andi",
    "ori",
    "divsi",
    "remsi",
    "divui",
    "remui",
    "maxsi",
    "minsi",
    "maxui",
    "minui",
    "floordivsi",
    "ceildivsi",
];
/// Integer predicates of a compare-and-select, unsigned ones included.
const INT_PREDICATES: [&str; 8] = ["eq", "ne", "slt", "sge", "ult", "ule", "ugt", "uge"];
const SHIFTS: [&str; 3] = ["shli", "shrsi", "shrui"];
const FLOAT_OPS: [&str; 5] = ["addf", "subf", "mulf", "maximumf", "minimumf"];

pub struct Loop {
    pub name: String,
    pub min: i64,
    pub extent: i64,
    /// The extent is this `ure.param` (whose max is `extent`).
    pub param: Option<String>,
}

/// Emits the ops of one URE body, naming SSA values `%v<N>`.
pub struct Body {
    pub lines: Vec<String>,
    pub next: usize,
    pub ty: &'static str,
    pub float: bool,
    /// The distance of every read of a Func at a non-zero distance (per
    /// loop, declaration order): the legality oracle's dependences.
    pub reads: Vec<Vec<i64>>,
}

impl Body {
    pub fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }
    pub fn emit(&mut self, rhs: String) -> String {
        let v = self.fresh();
        self.lines.push(format!("    {v} = {rhs}"));
        v
    }
    pub fn constant(&mut self, rng: &mut Rng) -> String {
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
    pub fn index(&mut self, c: i64) -> String {
        self.emit(format!("arith.constant {c} : index"))
    }
    /// `var >= bound` as an i1.
    pub fn at_least(&mut self, var: &str, bound: i64) -> String {
        let b = self.index(bound);
        self.emit(format!("arith.cmpi sge, %{var}, {b} : index"))
    }
    pub fn at_most(&mut self, var: &str, bound: i64) -> String {
        let b = self.index(bound);
        self.emit(format!("arith.cmpi sle, %{var}, {b} : index"))
    }
    pub fn combine(&mut self, rng: &mut Rng, a: &str, b: &str) -> String {
        if !self.float && self.ty != "i1" && rng.chance(15) {
            // A shift by less than the width (a larger one is poison).
            let width: u32 = self.ty[1..].parse().unwrap_or(32);
            let w = self.emit(format!("arith.constant {width} : {}", self.ty));
            let amount = self.emit(format!("arith.remui {b}, {w} : {}", self.ty));
            let op = *rng.pick(&SHIFTS);
            return self.emit(format!("arith.{op} {a}, {amount} : {}", self.ty));
        }
        if self.float && rng.chance(10) {
            // IEEE 754 leaves the sign of a NaN that an invalid operation
            // makes (the sqrt of a negative) unspecified, and copysign would
            // turn it into a value: the sign comes from a number.
            let ty = self.ty;
            let nan = self.emit(format!("arith.cmpf uno, {b}, {b} : {ty}"));
            let one = self.emit(format!("arith.constant 1.0 : {ty}"));
            let sign = self.emit(format!("arith.select {nan}, {one}, {b} : {ty}"));
            return self.emit(format!("math.copysign {a}, {sign} : {ty}"));
        }
        if !self.float && rng.chance(10) {
            // A compare (signed or unsigned) choosing one of the two.
            let ty = self.ty;
            let predicate = *rng.pick(&INT_PREDICATES);
            let c = self.emit(format!("arith.cmpi {predicate}, {a}, {b} : {ty}"));
            return self.emit(format!("arith.select {c}, {a}, {b} : {ty}"));
        }
        let op = if self.float {
            *rng.pick(&FLOAT_OPS)
        } else {
            *rng.pick(&INT_OPS)
        };
        self.emit(format!("arith.{op} {a}, {b} : {}", self.ty))
    }

    /// `select(var == c, x, fallback)` or its other forms (`!=`, the arms
    /// swapped), `c` a value of the loop: a value used only at some PEs
    /// when `var` is a space loop.
    pub fn on_loop_value(&mut self, rng: &mut Rng, l: &Loop, x: &str) -> String {
        let ty = self.ty;
        let c = self.index(rng.range(l.min, l.min + l.extent - 1));
        let predicate = if rng.chance(50) { "eq" } else { "ne" };
        let cond = self.emit(format!("arith.cmpi {predicate}, %{}, {c} : index", l.name));
        let fallback = self.constant(rng);
        if rng.chance(50) {
            self.emit(format!("arith.select {cond}, {x}, {fallback} : {ty}"))
        } else {
            self.emit(format!("arith.select {cond}, {fallback}, {x} : {ty}"))
        }
    }
    /// A math op or a round trip through casts of `v`.
    pub fn unary(&mut self, rng: &mut Rng, v: &str) -> String {
        let ty = self.ty;
        if self.float {
            if rng.chance(60) {
                let op = *rng.pick(&FLOAT_MATH);
                return self.emit(format!("math.{op} {v} : {ty}"));
            }
            // Through a wider (or, for f64, a narrower) float and back.
            let (other, there, back) = match ty {
                "f64" => ("f32", "truncf", "extf"),
                _ => ("f64", "extf", "truncf"),
            };
            let w = self.emit(format!("arith.{there} {v} : {ty} to {other}"));
            return self.emit(format!("arith.{back} {w} : {other} to {ty}"));
        }
        if ty != "i1" && rng.chance(40) {
            return self.emit(format!("math.absi {v} : {ty}"));
        }
        // Through another width and back: sign or zero extension of a
        // narrower type, truncation of i64.
        if ty == "i64" {
            let t = self.emit(format!("arith.trunci {v} : i64 to i32"));
            return self.emit(format!("arith.extsi {t} : i32 to i64"));
        }
        let ext = if rng.chance(50) { "extsi" } else { "extui" };
        let w = self.emit(format!("arith.{ext} {v} : {ty} to i64"));
        let t = self.emit(format!("arith.trunci {w} : i64 to {ty}"));
        if rng.chance(30) && ty != "i1" {
            // And once as an index.
            let i = self.emit(format!("arith.index_cast {t} : {ty} to index"));
            return self.emit(format!("arith.index_cast {i} : index to {ty}"));
        }
        t
    }

    /// A running combination of `value` along loop `l` of Func `@f<f>`,
    /// `select(var == min, start, f(var - 1)) op value` (or the select
    /// negated, or `value op ...`): a dot product along a loop inside the
    /// PE (T2S's kkk), which `vectorize` makes a lane reduction when only
    /// its last value is stored.
    pub fn running(
        &mut self,
        rng: &mut Rng,
        f: usize,
        (loops, vars): (&[Loop], &[&str]),
        l: usize,
        value: &str,
    ) -> String {
        let ty = self.ty;
        let min = self.index(loops[l].min);
        let negated = rng.chance(40);
        let predicate = if negated { "ne" } else { "eq" };
        let first = self.emit(format!(
            "arith.cmpi {predicate}, %{}, {min} : index",
            vars[l]
        ));
        let args: Vec<String> = vars
            .iter()
            .enumerate()
            .map(|(i, v)| {
                if i == l {
                    format!("%{v} - 1")
                } else {
                    format!("%{v}")
                }
            })
            .collect();
        let previous = self.emit(format!("ure.at @f{f}({}) : {ty}", args.join(", ")));
        let mut distance = vec![0; loops.len()];
        distance[l] = 1;
        self.reads.push(distance);
        let start = self.constant(rng);
        let acc = if negated {
            self.emit(format!("arith.select {first}, {previous}, {start} : {ty}"))
        } else {
            self.emit(format!("arith.select {first}, {start}, {previous} : {ty}"))
        };
        let op = if self.float {
            *rng.pick(&["addf", "mulf"])
        } else if ty == "i1" {
            *rng.pick(&["andi", "ori", "xori"])
        } else {
            *rng.pick(&[
                "addi", "muli", "xori", "andi", "ori", "maxsi", "minsi", "maxui", "minui",
            ])
        };
        if rng.chance(50) {
            self.emit(format!("arith.{op} {acc}, {value} : {ty}"))
        } else {
            self.emit(format!("arith.{op} {value}, {acc} : {ty}"))
        }
    }

    /// The last value of loop `l`: a constant, or its parameter's value.
    pub fn last(&mut self, l: &Loop) -> String {
        match &l.param {
            None => self.index(l.min + l.extent - 1),
            Some(p) => {
                let value = self.emit(format!("ure.param_value @{p}"));
                let offset = self.index(l.min - 1);
                self.emit(format!("arith.addi {value}, {offset} : index"))
            }
        }
    }

    /// A loop variable as a value of the element type.
    pub fn var_value(&mut self, var: &str) -> String {
        let int = if self.float { "i32" } else { self.ty };
        let i = self.emit(format!("arith.index_cast %{var} : index to {int}"));
        if self.float {
            self.emit(format!("arith.sitofp {i} : i32 to {}", self.ty))
        } else {
            i
        }
    }
}

/// A read of Func `@f<j>`: of an earlier Func at distance 0 (when
/// `allow_zero`), or of any Func at a lexicographically positive distance
/// in the nest's order `nest` (loop indices, outermost first), now and then
/// with negative components inside its first positive one, guarded by "the
/// point read is in the domain".
#[allow(clippy::too_many_arguments)]
pub fn read(
    b: &mut Body,
    rng: &mut Rng,
    f: usize,
    funcs: usize,
    loops: &[Loop],
    vars: &[&str],
    nest: &[usize],
    allow_zero: bool,
) -> String {
    let ty = b.ty;
    if allow_zero && f > 0 && rng.chance(40) {
        let j = rng.below(f as u64);
        let args: Vec<String> = vars.iter().map(|v| format!("%{v}")).collect();
        return b.emit(format!("ure.at @f{j}({}) : {ty}", args.join(", ")));
    }
    let j = rng.below(funcs as u64);
    // Now and then a distance of 3 (register files of 4 slots and more).
    let far = if rng.chance(10) { 3 } else { 2 };
    let mut d: Vec<i64> = loops
        .iter()
        .map(|_| rng.range(0, far) * rng.range(0, 1))
        .collect();
    if d.iter().all(|x| *x == 0) {
        let l = rng.below(loops.len() as u64) as usize;
        d[l] = rng.range(1, 2);
    }
    if nest.len() > 1 && rng.chance(25) {
        // Lexicographically positive only: a step back along one loop, and
        // forward along loops inside it (of constant extent).
        d.iter_mut().for_each(|x| *x = 0);
        let p = rng.below(nest.len() as u64 - 1) as usize;
        d[nest[p]] = rng.range(1, 2);
        for &q in &nest[p + 1..] {
            if loops[q].param.is_none() && rng.chance(60) {
                d[q] = -rng.range(1, 2);
            }
        }
    }
    let args: Vec<String> = vars
        .iter()
        .zip(&d)
        .map(|(v, x)| match *x {
            0 => format!("%{v}"),
            x if x > 0 => format!("%{v} - {x}"),
            x => format!("%{v} + {}", -x),
        })
        .collect();
    let value = b.emit(format!("ure.at @f{j}({}) : {ty}", args.join(", ")));
    b.reads.push(d.clone());
    // In the domain when var - d >= min for every var moved.
    let mut valid: Option<String> = None;
    for ((l, x), v) in loops.iter().zip(&d).zip(vars) {
        let c = match *x {
            0 => continue,
            x if x > 0 => b.at_least(v, l.min + x),
            x => b.at_most(v, l.min + l.extent - 1 + x),
        };
        valid = Some(match valid {
            None => c,
            Some(p) => b.emit(format!("arith.andi {p}, {c} : i1")),
        });
    }
    let fallback = b.constant(rng);
    let cond = valid.expect("a moved loop");
    b.emit(format!("arith.select {cond}, {value}, {fallback} : {ty}"))
}
