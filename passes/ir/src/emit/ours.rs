//! Typed builders of the project's own ops (`ure`, `spacetime`, `channel`)
//! through the builders ODS generates from the `.td` files: a renamed
//! operand or attribute fails to compile here, not at run time.

use super::Emitter;
use crate::handle::Val;
use crate::ods;
use melior::ir::attribute::{
    DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute,
    TypeAttribute,
};
use melior::ir::r#type::IntegerType;
use melior::ir::ValueLike;
use melior::ir::{Attribute, Location, Operation, Region, Type, Value};

/// How far back a `spacetime.read` reads: a number of steps, or a distance
/// per time loop.
#[derive(Clone, Copy, Debug)]
pub enum ReadDelay<'a> {
    Steps(i64),
    PerTimeLoop(&'a [i64]),
}

impl<'c> Emitter<'c> {
    /// `spacetime.read %file [offset] delay ... : type(%file)`.
    pub fn spacetime_read(&self, file: Val, offset: &[i64], delay: ReadDelay<'_>) -> Val {
        let element = crate::types::element(file.value().r#type());
        let builder = ods::spacetime::ReadOperation::builder(self.context, self.location)
            .result(element)
            .registers(file.value())
            .offset(DenseI64ArrayAttribute::new(self.context, offset).into());
        let builder = match delay {
            ReadDelay::Steps(steps) => {
                let i64_type = IntegerType::new(self.context, 64).into();
                builder.delay(IntegerAttribute::new(i64_type, steps))
            }
            ReadDelay::PerTimeLoop(delays) => {
                builder.time_delay(DenseI64ArrayAttribute::new(self.context, delays).into())
            }
        };
        self.result_of(builder.build().into())
    }

    /// `spacetime.write %value, %file`.
    pub fn spacetime_write(&self, value: Val, file: Val) {
        let op = ods::spacetime::WriteOperation::builder(self.context, self.location)
            .value(value.value())
            .registers(file.value())
            .build();
        self.insert(op.into());
    }

    /// `ure.param_value @param`: a parameter's value (an `index`).
    pub fn param_value(&self, param: &str) -> Val {
        let op = ods::ure::ParamValueOperation::builder(self.context, self.location)
            .result(Type::index(self.context))
            .param(FlatSymbolRefAttribute::new(self.context, param))
            .build();
        self.result_of(op.into())
    }

    /// `ure.select %condition, %value`: the output only where the condition
    /// holds.
    pub fn ure_select(&self, condition: Val, value: Val) -> Val {
        let op = ods::ure::SelectOperation::builder(self.context, self.location)
            .result(value.value().r#type())
            .condition(condition.value())
            .value(value.value())
            .build();
        self.result_of(op.into())
    }

    /// `ure.load @input map(indices) : ty`; `map` an affine map attribute.
    pub fn ure_load(&self, input: &str, map: Attribute<'c>, indices: &[Val], ty: Type<'c>) -> Val {
        let indices: Vec<Value<'c, '_>> = indices.iter().map(|v| v.value()).collect();
        let op = ods::ure::LoadOperation::builder(self.context, self.location)
            .result(ty)
            .input(FlatSymbolRefAttribute::new(self.context, input))
            .map(map)
            .indices(&indices)
            .build();
        self.result_of(op.into())
    }
}

/// `channel.kernel @name { region }`, detached.
pub fn kernel_op<'c>(
    context: &'c melior::Context,
    location: Location<'c>,
    name: &str,
    body: Region<'c>,
) -> Operation<'c> {
    ods::channel::KernelOperation::builder(context, location)
        .sym_name(StringAttribute::new(context, name))
        .body(body)
        .build()
        .into()
}

/// The most channels one `channel.fifo` declares (its verifier's rule).
pub const MAX_CHANNELS: i64 = 1 << 32;

/// Whether a channel array of `shape` (one channel per PE) is one that
/// `channel.fifo` can declare; an error at `at` naming it otherwise.
pub fn check_channel_count(
    at: Location<'_>,
    name: &str,
    shape: &[i64],
) -> Result<(), crate::pass::Failed> {
    let count = shape
        .iter()
        .try_fold(1i64, |n, d| n.checked_mul((*d).max(1)));
    match count {
        Some(n) if n <= MAX_CHANNELS => Ok(()),
        _ => {
            let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
            Err(crate::diag::error(
                at,
                format!(
                    "the channel array @{name} would have {} channels (one per PE, [{}]), more than the 2^32 a channel.fifo declares: give the space loops smaller extents",
                    count.map_or_else(|| "more than 2^63".to_string(), |n| n.to_string()),
                    dims.join(", ")
                ),
            ))
        }
    }
}

/// `channel.fifo @name [shape] : element, depth D`, detached; no shape
/// for a single channel.
pub fn fifo_op<'c>(
    context: &'c melior::Context,
    location: Location<'c>,
    name: &str,
    element: Type<'c>,
    depth: i64,
    shape: &[i64],
) -> Operation<'c> {
    let i64_type = IntegerType::new(context, 64).into();
    let builder = ods::channel::FifoOperation::builder(context, location)
        .sym_name(StringAttribute::new(context, name))
        .element_type(TypeAttribute::new(element))
        .depth(IntegerAttribute::new(i64_type, depth));
    let builder = if shape.is_empty() {
        builder
    } else {
        builder.shape(DenseI64ArrayAttribute::new(context, shape).into())
    };
    builder.build().into()
}

/// `spacetime.buffer "label" banks N : ty`, detached.
pub fn buffer_op<'c>(
    context: &'c melior::Context,
    location: Location<'c>,
    label: &str,
    banks: i64,
    ty: Type<'c>,
) -> Operation<'c> {
    let i64_type = IntegerType::new(context, 64).into();
    ods::spacetime::BufferOperation::builder(context, location)
        .buffer(ty)
        ._name(StringAttribute::new(context, label))
        .banks(IntegerAttribute::new(i64_type, banks))
        .build()
        .into()
}
