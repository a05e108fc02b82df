//! Views of the `spacetime` ops.

use super::{view, View};
use crate::array::ArrayInfo;
use crate::diag::Failed;
use crate::diag::OrInternal;
use crate::handle::{AsBlk, AsOp, AsVal, Val};
use crate::ir;
use crate::ir::{BlockAccess, OpAccess};
use melior::ir::{
    operation::{OperationLike, OperationRef},
    BlockRef, Type, Value, ValueLike,
};
use t2s_dialects::ods::spacetime as ods;

view! {
    /// `spacetime.array`: the PE program over time and space.
    ArrayOp = ods::ArrayOperation
}
view! {
    /// `spacetime.shift_reg`: a register file.
    ShiftRegOp = ods::ShiftRegOperation
}
view! {
    /// `spacetime.buffer`: a double buffer of one tile of an input.
    BufferOp = ods::BufferOperation
}
view! {
    /// `spacetime.read`: a value a PE wrote some steps (or writes) ago.
    ReadOp = ods::ReadOperation
}
view! {
    /// `spacetime.write`: the current PE's value of this step.
    WriteOp = ods::WriteOperation
}
view! {
    /// `spacetime.output`: a store into the output Func.
    OutputOp = ods::OutputOperation
}
view! {
    /// `spacetime.recover`: the original indices at the coordinates.
    RecoverOp = ods::RecoverOperation
}
view! {
    /// `spacetime.scheduled`: whether the PE has an iteration at the step.
    ScheduledOp = ods::ScheduledOperation
}

/// A register file of an array: its block argument and its declaration.
#[derive(Clone, Copy)]
pub struct File<'c, 'a> {
    /// The body's argument the PE code reads and writes.
    pub arg: Val,
    pub decl: ShiftRegOp<'c, 'a>,
}

/// The `ure.func` whose merged nest `array` (a `spacetime.array` or a
/// `ure.nest`) computes, without the `@`.
pub fn representative(array: &OperationRef<'_, '_>) -> String {
    ir::symbol(array, "representative")
}

impl<'c, 'a> ArrayOp<'c, 'a> {
    /// The body: the program of one PE at one step.
    pub fn body(&self) -> BlockRef<'c, 'a> {
        ir::body_block(&self.0).expect("a spacetime.array has its body (verified)")
    }

    pub fn info(&self) -> Result<ArrayInfo, Failed> {
        ArrayInfo::read(&self.0)
    }

    /// Time then space coordinates.
    pub fn num_coordinates(&self) -> usize {
        ir::strings(&self.0, "time_loops").len() + ir::strings(&self.0, "space_loops").len()
    }

    /// The body's coordinate arguments (time, then space).
    pub fn coordinates(&self) -> Vec<Val> {
        let body = self.body();
        (0..self.num_coordinates())
            .filter_map(|i| body.argument_at(i))
            .map(|a| a.val())
            .collect()
    }

    /// The register files the array takes, in operand order.
    pub fn files(&self) -> Vec<File<'c, 'a>> {
        let body = self.body();
        let first = self.num_coordinates();
        (0..self.0.operand_count())
            .filter_map(|i| {
                let operand = self.0.operand_at(i)?;
                let decl = operand
                    .val()
                    .defining_op()
                    .map(|op| op.op())
                    .and_then(ShiftRegOp::cast)?;
                let arg = body.argument_at(first + i)?;
                Some(File {
                    arg: Value::from(arg).val(),
                    decl,
                })
            })
            .collect()
    }

    /// The register file behind a value of the body, if it is one.
    pub fn file_of(&self, value: Val) -> Option<File<'c, 'a>> {
        self.files()
            .into_iter()
            .find(|f| f.arg.key() == value.key())
    }

    /// Takes `decl` (a `spacetime.shift_reg` beside the array) as one more
    /// register file; returns its block argument.
    pub fn add_file(&self, decl: ShiftRegOp<'c, 'a>) -> Val {
        let file = decl.registers();
        let mut operands: Vec<Val> = self.0.operands().map(|v| v.val()).collect();
        operands.push(file);
        // The new block argument matches the new operand (the verifier's rule).
        self.0.handle().set_operands(&operands);
        self.body()
            .blk()
            .add_argument(file.r#type(), self.location())
    }

    /// Takes `decl`'s double buffer as one more operand; returns its block
    /// argument.
    pub fn add_buffer(&self, decl: BufferOp<'c, 'a>) -> Val {
        let buffer = decl.buffer();
        let mut operands: Vec<Val> = self.0.operands().map(|v| v.val()).collect();
        operands.push(buffer);
        self.0.handle().set_operands(&operands);
        self.body()
            .blk()
            .add_argument(buffer.r#type(), self.location())
    }

    /// The double buffers the array takes: each one's block argument and
    /// declaration.
    pub fn buffers(&self) -> Vec<(Val, BufferOp<'c, 'a>)> {
        let body = self.body();
        let first = self.num_coordinates();
        (0..self.0.operand_count())
            .filter_map(|i| {
                let operand = self.0.operand_at(i)?;
                let decl = operand
                    .val()
                    .defining_op()
                    .map(|op| op.op())
                    .and_then(BufferOp::cast)?;
                let arg = body.argument_at(first + i)?;
                Some((Value::from(arg).val(), decl))
            })
            .collect()
    }

    /// Takes no register file (their arguments must be unused).
    pub fn drop_files(&self) {
        let body = self.body().blk();
        let first = self.num_coordinates();
        self.0.handle().set_operands(&[]);
        // The file arguments have no uses (the caller's contract).
        while body.num_arguments() > first && body.erase_unused_argument(body.num_arguments() - 1) {
        }
    }

    /// Replaces the register file of argument `arg` by `decl` (of another
    /// type, e.g. a minimized or vectorized file): operand and argument.
    pub fn replace_file(&self, arg: Val, decl: ShiftRegOp<'c, 'a>) -> Result<(), Failed> {
        let first = self.num_coordinates();
        let index = (first..first + self.0.operand_count())
            .find(|&i| self.body().argument_at(i).is_some_and(|a| a.val() == arg))
            .or_internal("a value the IR guarantees")?;
        let file = decl.registers();
        // The argument takes the new file's type, as the verifier requires.
        self.0.handle().set_operand(index - first, file);
        arg.set_type(file.r#type());
        Ok(())
    }
}

/// The declaration of the register file `value` names: the shift_reg
/// behind an array's register-file argument, or the shift_reg itself.
pub fn file_decl<'c, 'a>(value: Val) -> Option<ShiftRegOp<'c, 'a>> {
    if let Some(op) = value.defining_op() {
        return ShiftRegOp::cast(op.op());
    }
    let parent = value.owner_block()?.parent_op()?;
    let number = value.argument_number()?;
    let array = ArrayOp::cast(parent.op())?;
    let index = number.checked_sub(array.num_coordinates())?;
    let operand = array.0.operand_at(index)?;
    let decl = operand.val().defining_op()?;
    ShiftRegOp::cast(decl.op())
}

impl<'c, 'a> ShiftRegOp<'c, 'a> {
    /// The file (the op's result).
    pub fn registers(&self) -> Val {
        self.0.result(0).expect("a shift_reg has its result").val()
    }

    pub fn file_type(&self) -> Type<'c> {
        self.0
            .result(0)
            .expect("a shift_reg has its result")
            .r#type()
    }

    /// The label: the Func the file holds.
    pub fn label(&self) -> String {
        ir::string(&self.0, "name")
    }

    /// Each PE's chain shifts when the PE writes (not every step).
    pub fn on_write(&self) -> bool {
        self.0.has_attribute("on_write")
    }

    /// The first PE the file holds, per PE dimension (`origin`); `None` when
    /// it holds every PE.
    pub fn origin(&self) -> Option<Vec<i64>> {
        ir::optional_i64s(&self.0, "origin")
    }

    /// The file's PE dimensions (its shape without the slots).
    pub fn pe_shape(&self) -> Vec<i64> {
        let shape = crate::types::shape(self.file_type()).unwrap_or_default();
        shape[..shape.len().saturating_sub(1)].to_vec()
    }

    /// The slots per PE (the last dimension; files are static memrefs of
    /// scalars or vectors).
    pub fn slots(&self) -> i64 {
        crate::types::shape(self.file_type())
            .and_then(|shape| shape.last().copied())
            .unwrap_or(1)
    }
}

impl<'c, 'a> BufferOp<'c, 'a> {
    /// The buffer (the op's result).
    pub fn buffer(&self) -> Val {
        self.0.result(0).expect("a buffer has its result").val()
    }

    pub fn buffer_type(&self) -> Type<'c> {
        self.0.result(0).expect("a buffer has its result").r#type()
    }

    /// The label: the input the buffer holds tiles of.
    pub fn label(&self) -> String {
        ir::string(&self.0, "name")
    }

    /// The memory banks of an FPGA build.
    pub fn banks(&self) -> i64 {
        ir::int(&self.0, "banks").unwrap_or(1)
    }
}

impl<'c, 'a> ReadOp<'c, 'a> {
    /// The register file read (a block argument of the array's body).
    pub fn registers(&self) -> Val {
        self.0.operand(0).expect("a read has its file").val()
    }

    pub fn offset(&self) -> Vec<i64> {
        ir::i64s(&self.0, "offset")
    }

    /// How long ago the value was written: flattened steps (`delay d`),
    /// or steps per time loop (`delay [d1, ...]`), or `None` for a read
    /// counted in the PE's writes.
    pub fn delay(&self) -> Option<ReadDelay> {
        if self.0.has_attribute("time_delay") {
            return Some(ReadDelay::PerTimeLoop(ir::i64s(&self.0, "time_delay")));
        }
        ir::int(&self.0, "delay").map(ReadDelay::Steps)
    }

    /// For a read counted in the PE's writes: how many writes back.
    pub fn writes(&self) -> Option<i64> {
        ir::int(&self.0, "writes")
    }
}

/// The delay of a `spacetime.read`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadDelay {
    /// Flattened steps of the array's time loops.
    Steps(i64),
    /// Steps of each time loop (outermost first), for symbolic extents.
    PerTimeLoop(Vec<i64>),
}

impl ReadDelay {
    /// Whether the value is this step's.
    pub fn is_same_step(&self) -> bool {
        match self {
            ReadDelay::Steps(d) => *d == 0,
            ReadDelay::PerTimeLoop(d) => d.iter().all(|x| *x == 0),
        }
    }
}

/// The delay of `op`, a `spacetime.read` (`None` for another op or a read
/// counted in writes).
pub fn read_delay(op: &OperationRef<'_, '_>) -> Option<ReadDelay> {
    use super::View as _;
    ReadOp::cast(*op)?.delay()
}

impl<'c, 'a> WriteOp<'c, 'a> {
    /// The register file written (a block argument of the array's body).
    pub fn registers(&self) -> Val {
        self.0.operand(1).expect("a write has its file").val()
    }
}

/// Whether `op` is a `spacetime.output` of Func `func`.
pub fn stores_to(op: &OperationRef<'_, '_>, func: &str) -> bool {
    OutputOp::cast(*op).is_some_and(|o| o.func() == func)
}

impl ArrayOp<'_, '_> {
    /// The time loops' extents.
    pub fn time_extents(&self) -> Vec<ir::ExtentAttr> {
        ir::extents(&self.0, "time_extents")
    }

    /// The original loops, outermost first, with their bounds.
    pub fn bounds(&self) -> super::ure::Bounds {
        super::bounds_attributes(&self.0, "loops")
    }
}

impl<'c, 'a> OutputOp<'c, 'a> {
    /// The output Func stored, without the `@`.
    pub fn func(&self) -> String {
        ir::symbol(&self.0, "func")
    }

    /// Its operands by role.
    pub fn parts(&self) -> OutputParts {
        output_parts(&self.0)
    }
}

/// The operands of a `spacetime.output` by role.
#[derive(Clone, Default)]
pub struct OutputParts {
    /// The values stored, one per result of the output Func.
    pub values: Vec<Val>,
    /// The element's indices.
    pub indices: Vec<Val>,
    /// The lanes (or the PE) that store, if not all.
    pub mask: Option<Val>,
    /// The coordinates of the PE the store is made for (`at`), if another.
    pub at: Vec<Val>,
}

/// The operands of `op`, a `spacetime.output`, by role (its operand
/// segments, in the order of its ODS definition).
pub fn output_parts(op: &OperationRef<'_, '_>) -> OutputParts {
    let mut segments = ir::operand_segments(op.handle()).into_iter();
    let mut next = || segments.next().unwrap_or_default();
    OutputParts {
        values: next(),
        indices: next(),
        mask: next().first().copied(),
        at: next(),
    }
}

/// Builds `spacetime.output` of `parts` into Func `func` at `e`'s insertion
/// point: the one place that knows its operand segments (values, indices,
/// mask, at), in the order of its ODS definition, as [`output_parts`]
/// reads them.
pub fn build_output(e: &crate::emit::Emitter<'_>, func: &str, parts: &OutputParts) {
    let values =
        |vals: &[Val]| -> Vec<melior::ir::Value> { vals.iter().map(|v| v.value()).collect() };
    let (stored, indices, at) = (
        values(&parts.values),
        values(&parts.indices),
        values(&parts.at),
    );
    let builder = ods::OutputOperation::builder(e.context, e.location)
        .values(&stored)
        .func(melior::ir::attribute::FlatSymbolRefAttribute::new(
            e.context, func,
        ))
        .indices(&indices);
    // The builder appends operands in call order: the mask before `at`.
    let op = match parts.mask {
        Some(mask) => builder.mask(mask.value()).at(&at).build(),
        None => builder.at(&at).build(),
    };
    let sizes = [
        parts.values.len(),
        parts.indices.len(),
        usize::from(parts.mask.is_some()),
        parts.at.len(),
    ]
    .map(|n| n as i32);
    e.insert_segmented(op.into(), &sizes);
}
