//! Lane matching across a channel in OpenCL C (vectorization.md, "Match
//! data length"; the same semantics as `lower-channels`): a `channel.read`
//! whose type has `k` times the lanes of the channel's values concatenates
//! `k` values read in turn (a scalar channel counts one lane); one with a
//! `k`-th of them takes the `k` slices of each value in turn, none dropped,
//! keeping the value and the next slice per channel element across the
//! kernel's iterations.

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
        let have = self
            .globals
            .channel_types
            .get(&symbol)
            .cloned()
            .ok_or_else(|| fail(op, format!("no element type for channel @{symbol}")))?;
        self.note_type(&have);
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
        let (_, dims) = self
            .globals
            .channels
            .get(symbol)
            .cloned()
            .ok_or_else(|| fail(op, format!("no channel.fifo @{symbol}")))?;
        let count: i64 = dims.iter().product::<i64>().max(1);
        let (kept, next) = match self.sliced.get(symbol) {
            Some(state) => state.clone(),
            None => {
                let kept = self.fresh("kept");
                let next = self.fresh("next");
                self.prologue
                    .push(format!("{} {kept}[{count}];", have.name()));
                self.prologue.push(format!("int {next}[{count}] = {{0}};"));
                self.sliced
                    .insert(symbol.to_string(), (kept.clone(), next.clone()));
                (kept, next)
            }
        };
        let indices: Vec<String> = (0..op.operand_count())
            .map(|i| self.operand(op, i))
            .collect::<Result<_, _>>()?;
        let dim_texts: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
        let flat = linear(&indices, &dim_texts);
        let element = self.fresh("e");
        // An index outside the array reaches the channel, which reports it
        // (T2S_CHANNEL_INDEX); the state is read at a clamped index.
        self.w.line(format!(
            "const long {element} = ({flat}) >= 0 && ({flat}) < {count} ? ({flat}) : 0;"
        ));
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
}
