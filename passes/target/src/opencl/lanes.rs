//! Lane matching across a channel in OpenCL C (vectorization.md, "Match
//! data length"; the same semantics as `lower-channels`): a `channel.read`
//! whose type has `k` times the lanes of the channel's values concatenates
//! `k` values read in turn (a scalar channel counts one lane); one with a
//! `k`-th of them takes the `k` slices of each value in turn, none dropped,
//! keeping the value and the next slice per channel element across the
//! kernel's iterations. A `channel.write` of a `k`-th of the lanes fills the
//! slices of a value in turn and writes it with its last slice.

use super::body::{fail, linear, Body};
use super::types::CType;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;
use t2s_ir::pass::Failed;

/// A lane of `value` of type `ty` (the value itself for a scalar).
fn lane(ty: &CType, value: &str, index: &str) -> String {
    if ty.is_vector() {
        ty.lane(value, index)
    } else {
        value.to_string()
    }
}

impl Body<'_> {
    /// `channel.read`, with lane matching when the result's lanes differ
    /// from the channel's.
    pub(super) fn channel_read(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let ch = self.channel(op, 0, op.operand_count())?;
        let symbol = t2s_ir::ops::channel::channel_of(op).unwrap_or_default();
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let want = self.ctype(op, result.r#type())?;
        let have = self.channel_type(op, &symbol)?;
        let (w, h) = (want.lanes().max(1), have.lanes().max(1));
        if want == have {
            return self.define(op, 0, format!("read_channel_intel({ch})"));
        }
        if want.scalar != have.scalar || (w % h != 0 && h % w != 0) {
            return Err(fail(
                op,
                format!(
                    "a read of {} from channel @{symbol} of {}: lane matching takes a multiple or a divisor of the channel's lanes of its element type",
                    result.r#type(),
                    have.name()
                ),
            ));
        }
        if w > h {
            self.concatenate(op, &ch, &want, &have)
        } else {
            self.slice(op, &ch, &symbol, &want, &have)
        }
    }

    /// `w / h` values read in turn, their lanes side by side.
    fn concatenate(
        &mut self,
        op: &OperationRef<'_, '_>,
        ch: &str,
        want: &CType,
        have: &CType,
    ) -> Result<(), Failed> {
        let (w, h) = (want.lanes(), have.lanes().max(1));
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let name = self.fresh("v");
        let part = self.fresh("part");
        self.w.line(format!("{} {name};", want.name()));
        self.w.line("#pragma unroll");
        self.w
            .line(format!("for (int _p = 0; _p < {}; ++_p) {{", w / h));
        self.w.indent += 1;
        self.w.line(format!(
            "const {} {part} = read_channel_intel({ch});",
            have.name()
        ));
        if have.is_vector() {
            self.w.line("#pragma unroll");
            self.w.line(format!(
                "for (int _l = 0; _l < {h}; ++_l) {} = {};",
                want.lane(&name, &format!("_p * {h} + _l")),
                have.lane(&part, "_l")
            ));
        } else {
            self.w.line(format!("{} = {part};", want.lane(&name, "_p")));
        }
        self.w.indent -= 1;
        self.w.line("}");
        self.bind(result.into(), name);
        Ok(())
    }

    /// Slice `next` of the channel element's kept value, a new value read
    /// when the slices of the last one are all taken.
    fn slice(
        &mut self,
        op: &OperationRef<'_, '_>,
        ch: &str,
        symbol: &str,
        want: &CType,
        have: &CType,
    ) -> Result<(), Failed> {
        let (w, h) = (want.lanes().max(1), have.lanes());
        let k = h / w;
        let (kept, next) = self.slice_state(op, symbol, have, false)?;
        let element = self.state_element(op, symbol, op.operand_count())?;
        self.w.line(format!(
            "if ({next}[{element}] == 0) {kept}[{element}] = read_channel_intel({ch});"
        ));
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let name = self.fresh("v");
        let source = format!("{kept}[{element}]");
        if want.is_vector() {
            self.w.line(format!("{} {name};", want.name()));
            self.w.line("#pragma unroll");
            self.w.line(format!(
                "for (int _l = 0; _l < {w}; ++_l) {} = {};",
                want.lane(&name, "_l"),
                lane(have, &source, &format!("{next}[{element}] * {w} + _l"))
            ));
        } else {
            self.w.line(format!(
                "const {} {name} = {};",
                want.name(),
                lane(have, &source, &format!("{next}[{element}]"))
            ));
        }
        self.w.line(format!(
            "{next}[{element}] = {next}[{element}] + 1 == {k} ? 0 : {next}[{element}] + 1;"
        ));
        self.bind(result.into(), name);
        Ok(())
    }

    /// The kept values and next slices of `symbol`'s elements, declared at
    /// the top of the kernel on first use (`writes`: a narrower write's,
    /// else a narrower read's).
    fn slice_state(
        &mut self,
        op: &OperationRef<'_, '_>,
        symbol: &str,
        have: &CType,
        writes: bool,
    ) -> Result<(String, String), Failed> {
        let count = self.element_count(op, symbol)?;
        let states = if writes { &self.filled } else { &self.sliced };
        if let Some(state) = states.get(symbol) {
            return Ok(state.clone());
        }
        let kept = self.fresh("kept");
        let next = self.fresh("next");
        self.prologue
            .push(format!("{} {kept}[{count}];", have.name()));
        self.prologue.push(format!("int {next}[{count}] = {{0}};"));
        let states = if writes {
            &mut self.filled
        } else {
            &mut self.sliced
        };
        states.insert(symbol.to_string(), (kept.clone(), next.clone()));
        Ok((kept, next))
    }

    /// The C type of `symbol`'s values, its declaration noted.
    fn channel_type(&mut self, op: &OperationRef<'_, '_>, symbol: &str) -> Result<CType, Failed> {
        let have = self
            .globals
            .channel_types
            .get(symbol)
            .cloned()
            .ok_or_else(|| fail(op, format!("no element type for channel @{symbol}")))?;
        self.note_type(&have);
        Ok(have)
    }

    fn element_count(&self, op: &OperationRef<'_, '_>, symbol: &str) -> Result<i64, Failed> {
        let (_, dims) = self
            .globals
            .channels
            .get(symbol)
            .ok_or_else(|| fail(op, format!("no channel.fifo @{symbol}")))?;
        Ok(dims.iter().product::<i64>().max(1))
    }

    /// The flat element of the access's first `indices` operands, defined
    /// as a fresh name. An index outside the array reaches the channel,
    /// which reports it (T2S_CHANNEL_INDEX); the state is kept at a
    /// clamped index.
    fn state_element(
        &mut self,
        op: &OperationRef<'_, '_>,
        symbol: &str,
        indices: usize,
    ) -> Result<String, Failed> {
        let count = self.element_count(op, symbol)?;
        let dims = self.globals.channels[symbol].1.clone();
        let indices: Vec<String> = (0..indices)
            .map(|i| self.operand(op, i))
            .collect::<Result<_, _>>()?;
        let dim_texts: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
        let flat = linear(&indices, &dim_texts);
        let element = self.fresh("e");
        // The element is in [0, count): an `int` where count allows.
        let ty = if count <= i64::from(i32::MAX) {
            "int"
        } else {
            "long"
        };
        self.w.line(format!(
            "const {ty} {element} = ({flat}) >= 0 && ({flat}) < {count} ? ({flat}) : 0;"
        ));
        Ok(element)
    }

    /// `channel.write`: of the channel's type, or of a divisor of its lanes
    /// (a slice of the value being filled).
    pub(super) fn channel_write(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let last = op.operand_count().saturating_sub(1);
        let ch = self.channel(op, 0, last)?;
        let v = self.operand(op, last)?;
        let symbol = t2s_ir::ops::channel::channel_of(op).unwrap_or_default();
        let value = op
            .operand(last)
            .map_err(|_| fail(op, "a missing written value"))?;
        let want = self.ctype(op, value.r#type())?;
        let have = self.channel_type(op, &symbol)?;
        let (w, h) = (want.lanes().max(1), have.lanes().max(1));
        if want == have {
            self.w.line(format!("write_channel_intel({ch}, {v});"));
            return Ok(());
        }
        if want.scalar != have.scalar || w >= h || h % w != 0 {
            return Err(fail(
                op,
                format!(
                    "a write of {} into channel @{symbol} of {}: a write carries the channel's type or a divisor of its lanes of its element type",
                    value.r#type(),
                    have.name()
                ),
            ));
        }
        let (kept, next) = self.slice_state(op, &symbol, &have, true)?;
        let element = self.state_element(op, &symbol, last)?;
        let target = format!("{kept}[{element}]");
        if want.is_vector() {
            self.w.line("#pragma unroll");
            self.w.line(format!(
                "for (int _l = 0; _l < {w}; ++_l) {} = {};",
                lane(&have, &target, &format!("{next}[{element}] * {w} + _l")),
                want.lane(&v, "_l")
            ));
        } else {
            self.w.line(format!(
                "{} = {v};",
                lane(&have, &target, &format!("{next}[{element}]"))
            ));
        }
        self.w
            .line(format!("if ({next}[{element}] + 1 == {}) {{", h / w));
        self.w
            .line(format!("  write_channel_intel({ch}, {target});"));
        self.w.line(format!("  {next}[{element}] = 0;"));
        self.w.line("} else {");
        self.w
            .line(format!("  {next}[{element}] = {next}[{element}] + 1;"));
        self.w.line("}");
        Ok(())
    }
}
