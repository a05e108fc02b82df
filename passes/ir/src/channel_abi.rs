//! The channel ABI shared by `lower-channels` (which writes it), the
//! runtimes that run it (the dataflow mode) and the OpenCL translation:
//! the runtime's entry points and a channel's layout (bytes per value,
//! dimensions, depth). One definition, below every pass that uses it.

use crate::ir;
use melior::ir::{
    attribute::TypeAttribute,
    operation::{OperationLike, OperationRef},
    r#type::IntegerType,
    Type, TypeLike,
};

/// The runtime's entry points.
pub const READ: &str = "t2s_channel_read";
pub const WRITE: &str = "t2s_channel_write";

/// The largest channel array whose accesses narrower than its values keep
/// per-element state in a function (`lower-channels`); `pack-inner-lanes`
/// makes no larger one.
pub const MAX_SLICED_CHANNELS: i64 = 1 << 16;

/// Bytes of one value of a channel's element type, as LLVM lays it out in
/// memory (the verifier admits integers of 1 to 64 bits, f16, bf16, f32,
/// f64, index and fixed vectors of them): a scalar takes the power of two
/// at least as large as its bits; `vector<d1 x .. x dn x T>` is an array of
/// `d1 * .. * d(n-1)` vectors of `dn` lanes, each the power of two at least
/// as large as its packed bits.
pub fn channel_bytes(ty: Type<'_>) -> Option<u64> {
    let bits = |t: Type<'_>| -> Option<u64> {
        if t.is_index() {
            return Some(64);
        }
        if let Ok(i) = IntegerType::try_from(t) {
            return Some(u64::from(i.width()));
        }
        crate::types::float_width(t).map(u64::from)
    };
    let packed = |bits: u64| bits.div_ceil(8).max(1).next_power_of_two();
    {
        if !crate::types::is_vector(ty) {
            return Some(packed(bits(ty)?));
        }
        let elem = crate::types::element(ty);
        let dims: Vec<u64> = crate::types::shape(ty)?.iter().map(|d| *d as u64).collect();
        let (last, outer) = dims.split_last()?;
        let inner = packed(bits(elem)?.checked_mul(*last)?);
        outer.iter().try_fold(inner, |n, d| n.checked_mul(*d))
    }
}

/// What the runtime needs of a `channel.fifo`.
pub struct FifoLayout<'c> {
    pub ty: Type<'c>,
    pub dims: Vec<i64>,
    /// At least 1 (the verifier's rule).
    pub depth: i64,
    pub bytes: u64,
}

/// The layout of a (verified) `channel.fifo`.
pub fn fifo_layout<'c>(fifo: &OperationRef<'c, '_>) -> Option<FifoLayout<'c>> {
    let ty = fifo
        .attribute("element_type")
        .ok()
        .and_then(|a| TypeAttribute::try_from(a).ok())?
        .value();
    Some(FifoLayout {
        ty,
        dims: ir::i64s(fifo, "shape"),
        depth: ir::int(fifo, "depth")?.max(1),
        bytes: channel_bytes(ty)?,
    })
}
