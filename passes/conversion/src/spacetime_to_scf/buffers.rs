//! The double buffers of a feeder (`spacetime.buffer`): one allocation per
//! function, shared by its PEs, in place of the array's buffer argument.
//! Large buffers go to the heap (on an FPGA they are on-chip memory; the
//! OpenCL translation declares them as arrays).

use melior::ir::attribute::IntegerAttribute;
use melior::ir::r#type::IntegerType;
use melior::ir::Attribute;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::ops::spacetime::ArrayOp;

/// The largest buffer kept on the stack (bytes).
const MAX_STACK_BYTES: i64 = 1 << 16;

/// One buffer's storage: the body argument it replaces, its memref, and
/// whether it is on the heap.
pub struct BufferStorage {
    pub arg: Val,
    pub memref: Val,
    pub heap: bool,
}

/// Allocates every buffer `array` takes, at `e`.
pub fn allocate(e: &Emitter<'_>, array: &ArrayOp<'_, '_>) -> Vec<BufferStorage> {
    array
        .buffers()
        .into_iter()
        .map(|(arg, decl)| {
            let ty = decl.buffer_type();
            let elements: i64 = t2s_ir::types::shape(ty)
                .unwrap_or_default()
                .iter()
                .product();
            let bytes = elements.saturating_mul(8);
            let heap = bytes > MAX_STACK_BYTES;
            let banks: Attribute =
                IntegerAttribute::new(IntegerType::new(e.context, 64).into(), decl.banks()).into();
            let name = melior::ir::Location::name(
                e.context,
                &format!("{}_buffer", decl.label()),
                e.location,
            );
            let memref = e.located(name).allocate(heap, ty, &[]);
            if let Some(op) = memref.defining_op() {
                t2s_ir::ir::set_attribute(op.op(), BANKS, banks);
            }
            BufferStorage { arg, memref, heap }
        })
        .collect()
}

/// The discardable hint the OpenCL translation reads to declare a buffer's
/// memory banks (`numbanks`): like `spacetime.unroll`, it changes no value.
pub const BANKS: &str = "spacetime.banks";

/// Frees the heap buffers, at `e` (the function's end).
pub fn free(e: &Emitter<'_>, buffers: &[BufferStorage]) {
    for b in buffers.iter().filter(|b| b.heap) {
        e.dealloc(b.memref);
    }
}
