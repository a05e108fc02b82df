//! The state of one kernel's translation: the C text written so far, the
//! names of SSA values and memrefs, and the types the kernel needs.

use super::types::{self, CType, Scalar};
use melior::ir::{
    operation::{OperationLike, OperationRef},
    Location, Type, Value, ValueLike,
};
use std::collections::{BTreeSet, HashMap, HashSet};
use t2s_ir::diag::error;
use t2s_ir::handle::Blk;
use t2s_ir::pass::Failed;

/// Where a memref lives: a kernel argument in global memory (indexed
/// row-major through its dimensions) or a private array.
#[derive(Clone)]
pub enum Memory {
    Global { name: String, dims: Vec<String> },
    Private { name: String, dims: Vec<i64> },
}

/// Row-major offset of `indices` in an array of `dims` (the first unused).
pub fn linear(indices: &[String], dims: &[String]) -> String {
    let Some((first, rest)) = indices.split_first() else {
        return "0".into();
    };
    let mut e = first.clone();
    if !rest.is_empty() && literal_value(&e).is_none() {
        // In `long` from the start: an index may be an `int` (ranges.rs), and
        // a buffer's offsets may pass INT_MAX where each index does not.
        e = format!("(long)({e})");
    }
    for (i, d) in rest.iter().zip(dims.iter().skip(1)) {
        e = format!("({e}) * {d} + {i}");
    }
    e
}

/// The value of a scalar index literal as the translation prints it
/// (`5L`, `(-3L)`), if `text` is one.
pub fn literal_value(text: &str) -> Option<i64> {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    inner.strip_suffix('L')?.parse().ok()
}

/// Lines of C with indentation, and the source comment of the op being
/// emitted (appended to its first line).
#[derive(Default)]
pub struct Writer {
    pub text: String,
    pub indent: usize,
    pending: Option<String>,
    last_tag: Option<String>,
}

impl Writer {
    pub fn line(&mut self, s: impl AsRef<str>) {
        for _ in 0..self.indent {
            self.text.push_str("  ");
        }
        self.text.push_str(s.as_ref());
        if let Some(tag) = self.pending.take() {
            self.text.push_str("  // ");
            self.text.push_str(&tag);
            self.last_tag = Some(tag);
        }
        self.text.push('\n');
    }

    /// A line that leaves the pending source comment to the next one (a
    /// pragma before its loop).
    pub fn line_untagged(&mut self, s: impl AsRef<str>) {
        let pending = self.pending.take();
        self.line(s);
        self.pending = pending;
    }

    /// Tags the next line with `tag` unless the previous tag was the same.
    /// Drops the source comment of an op that wrote no line.
    pub fn untag(&mut self) {
        self.pending = None;
    }

    /// Sets the source comment of the next line written (once per source
    /// line).
    pub fn tag(&mut self, tag: Option<String>) {
        self.pending = tag.filter(|t| Some(t) != self.last_tag.as_ref());
    }
}

/// What the module declares for the kernels: channels by symbol.
pub struct Globals {
    /// Each channel's OpenCL name and array dimensions.
    pub channels: HashMap<String, (String, Vec<i64>)>,
    /// Each channel's element type.
    pub channel_types: HashMap<String, CType>,
}

/// The translation state of one kernel.
pub struct Body<'g> {
    pub w: Writer,
    pub globals: &'g Globals,
    pub typedefs: &'g mut BTreeSet<String>,
    pub extensions: &'g mut BTreeSet<&'static str>,
    values: HashMap<usize, String>,
    /// The ranges of the scalar indices known to have one (ranges.rs).
    pub(super) ranges: HashMap<usize, (i64, i64)>,
    pub(super) memories: HashMap<usize, Memory>,
    taken: HashSet<String>,
    counter: usize,
    /// The bytes of the kernel's private arrays.
    pub private_bytes: u64,
    /// The kernel's entry block (whose arguments scratch sizes refer to).
    pub entry: Option<Blk>,
    /// Buffers of dynamic size: their declarations and host computations.
    pub scratch: Vec<(String, super::Param)>,
    /// Declarations at the top of the kernel (state that lives across
    /// iterations, e.g. the slices of a channel read narrower than it).
    pub prologue: Vec<String>,
    /// The channels whose narrower reads have their state declared: the
    /// names of the kept value and of the next slice.
    pub sliced: HashMap<String, (String, String)>,
    /// The same for narrower writes: the value being filled and the next
    /// slice.
    pub filled: HashMap<String, (String, String)>,
}

pub fn key(v: Value<'_, '_>) -> usize {
    t2s_ir::handle::AsVal::val(&v).key()
}

pub fn fail(op: &OperationRef<'_, '_>, message: impl AsRef<str>) -> Failed {
    error(op.location(), message)
}

impl<'g> Body<'g> {
    pub fn new(
        globals: &'g Globals,
        typedefs: &'g mut BTreeSet<String>,
        extensions: &'g mut BTreeSet<&'static str>,
        taken: HashSet<String>,
    ) -> Self {
        Body {
            w: Writer {
                indent: 1,
                ..Writer::default()
            },
            globals,
            typedefs,
            extensions,
            values: HashMap::new(),
            ranges: HashMap::new(),
            memories: HashMap::new(),
            taken,
            counter: 0,
            private_bytes: 0,
            entry: None,
            scratch: Vec::new(),
            prologue: Vec::new(),
            sliced: HashMap::new(),
            filled: HashMap::new(),
        }
    }

    /// Names the kernel's arguments, channels and kernels took.
    pub fn reserve(&mut self, names: HashSet<String>) {
        self.taken.extend(names);
    }

    /// A local name that no argument, channel or kernel has.
    pub fn fresh(&mut self, base: &str) -> String {
        loop {
            let name = format!("{base}{}", self.counter);
            self.counter += 1;
            if self.taken.insert(name.clone()) {
                return name;
            }
        }
    }

    /// A local named after the source when `location` is a `NameLoc` (a
    /// loop `q`, a register file `w_shreg`), else a fresh `<base>N`.
    pub fn named_or_fresh(&mut self, location: Location<'_>, base: &str) -> (String, bool) {
        match t2s_ir::location::name(location) {
            Some(named) => (super::identifier(&named, &mut self.taken), true),
            None => (self.fresh(base), false),
        }
    }

    /// Gives a name back at the end of its scope (a loop's variable), so
    /// that a sibling loop may take it again.
    pub fn release(&mut self, name: &str) {
        self.taken.remove(name);
    }

    pub fn bind(&mut self, v: Value<'_, '_>, name: String) {
        self.values.insert(key(v), name);
    }

    pub fn bind_memory(&mut self, v: Value<'_, '_>, memory: Memory) {
        self.memories.insert(key(v), memory);
    }

    pub fn name(&self, op: &OperationRef<'_, '_>, v: Value<'_, '_>) -> Result<String, Failed> {
        self.values.get(&key(v)).cloned().ok_or_else(|| {
            fail(
                op,
                "an operand with no OpenCL C value (a memref used as a value?)",
            )
        })
    }

    /// The C type of `ty`, its typedef and extension recorded.
    pub fn ctype(&mut self, op: &OperationRef<'_, '_>, ty: Type<'_>) -> Result<CType, Failed> {
        let c = types::ctype(ty).map_err(|m| fail(op, m))?;
        self.note_type(&c);
        Ok(c)
    }

    pub fn note_type(&mut self, c: &CType) {
        if let Some(t) = c.typedef() {
            self.typedefs.insert(t);
        }
        match c.scalar {
            Scalar::Half => {
                self.extensions.insert("cl_khr_fp16");
            }
            Scalar::Double => {
                self.extensions.insert("cl_khr_fp64");
            }
            _ => {}
        }
    }

    pub fn operand(&self, op: &OperationRef<'_, '_>, i: usize) -> Result<String, Failed> {
        let v = op.operand(i).map_err(|_| fail(op, "a missing operand"))?;
        self.name(op, v)
    }

    pub fn operand_type(&mut self, op: &OperationRef<'_, '_>, i: usize) -> Result<CType, Failed> {
        let v = op.operand(i).map_err(|_| fail(op, "a missing operand"))?;
        self.ctype(op, v.r#type())
    }

    /// Declares result `i` of `op` as `const T name = init;`.
    pub fn define(
        &mut self,
        op: &OperationRef<'_, '_>,
        i: usize,
        init: impl AsRef<str>,
    ) -> Result<(), Failed> {
        let result = op.result(i).map_err(|_| fail(op, "a missing result"))?;
        let ty = self.ctype(op, result.r#type())?;
        self.define_as(op, i, &ty.name(), init)
    }

    /// Declares result `i` of `op` as `const type name = init;`.
    pub fn define_as(
        &mut self,
        op: &OperationRef<'_, '_>,
        i: usize,
        type_name: &str,
        init: impl AsRef<str>,
    ) -> Result<(), Failed> {
        let result = op.result(i).map_err(|_| fail(op, "a missing result"))?;
        let name = self.fresh("v");
        self.w
            .line(format!("const {type_name} {name} = {};", init.as_ref()));
        self.bind(result.into(), name);
        Ok(())
    }

    /// Declares result 0 of `op` as a variable and fills it lane by lane:
    /// `lane(index)` is the C expression of the lane `index`.
    pub fn define_lanes(
        &mut self,
        op: &OperationRef<'_, '_>,
        lane: impl Fn(&str) -> String,
    ) -> Result<String, Failed> {
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let ty = self.ctype(op, result.r#type())?;
        let name = self.fresh("v");
        self.w.line(format!("{} {name};", ty.name()));
        self.lane_loop(&ty, &name, lane);
        self.bind(result.into(), name.clone());
        Ok(name)
    }

    /// `#pragma unroll` over the lanes of `target` (of type `ty`).
    pub fn lane_loop(&mut self, ty: &CType, target: &str, lane: impl Fn(&str) -> String) {
        self.w.line("#pragma unroll");
        self.w.line(format!(
            "for (int _l = 0; _l < {}; ++_l) {} = {};",
            ty.lanes(),
            ty.lane(target, "_l"),
            lane("_l")
        ));
    }
}
