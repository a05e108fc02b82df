//! Memrefs in OpenCL C: kernel buffers in global memory (indexed
//! row-major through their sizes), private arrays for static allocations,
//! and host-allocated buffers for dynamically sized ones (`scratch.rs`).

use super::body::{fail, key, linear, Body, Memory};
use super::types;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    ValueLike,
};
use t2s_ir::ir::constant_index;
use t2s_ir::pass::Failed;

impl Body<'_> {
    pub(super) fn alloc(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let m = types::memref(result.r#type())
            .map_err(|e| fail(op, e))?
            .ok_or_else(|| fail(op, "an allocation that is not a memref"))?;
        self.note_type(&m.element);
        let dims: Option<Vec<i64>> = m.shape.iter().copied().collect();
        let Some(dims) = dims else {
            return self.scratch(op, &m);
        };
        let count = dims
            .iter()
            .try_fold(1u64, |n, d| n.checked_mul(u64::try_from(*d).ok()?));
        self.private_bytes = count
            .and_then(|n| n.checked_mul(m.element.bytes()))
            .and_then(|n| n.checked_add(self.private_bytes))
            .unwrap_or(u64::MAX);
        let (name, _) = self.named_or_fresh(op.location(), "m");
        let extents: String = if dims.is_empty() {
            "[1]".into()
        } else {
            dims.iter().map(|d| format!("[{d}]")).collect()
        };
        let memory = banked_memory(op, m.element.bytes());
        self.w
            .line(format!("{} {name}{extents}{memory};", m.element.name()));
        self.bind_memory(result.into(), Memory::Private { name, dims });
        Ok(())
    }

    /// A dynamically sized allocation as a buffer argument the host
    /// allocates (`scratch.rs`).
    fn scratch(&mut self, op: &OperationRef<'_, '_>, m: &types::MemRef) -> Result<(), Failed> {
        let entry = self
            .entry
            .map(|b| b.block())
            .ok_or_else(|| fail(op, "an allocation outside a kernel"))?;
        let mut sizes = Vec::new();
        let mut dims = Vec::new();
        let mut dynamic = 0;
        for d in &m.shape {
            match d {
                Some(n) => {
                    sizes.push(super::scratch::Size::Const(*n));
                    dims.push(n.to_string());
                }
                None => {
                    let v = op
                        .operand(dynamic)
                        .map_err(|_| fail(op, "a missing size"))?;
                    let size = super::scratch::trace(v, entry).ok_or_else(|| {
                        fail(op, "a memref of dynamic size whose size the host cannot compute from the kernel's arguments: OpenCL C has no dynamically sized private arrays")
                    })?;
                    sizes.push(size);
                    dims.push(self.name(op, v)?);
                    dynamic += 1;
                }
            }
        }
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let name = self.fresh("m");
        self.scratch.push((
            format!("__global {} *restrict {name}", m.element.name()),
            super::Param::Scratch {
                element_bytes: m.element.bytes(),
                sizes,
            },
        ));
        self.bind_memory(result.into(), Memory::Global { name, dims });
        Ok(())
    }

    pub fn memory(&self, op: &OperationRef<'_, '_>, i: usize) -> Result<Memory, Failed> {
        let v = op.operand(i).map_err(|_| fail(op, "a missing operand"))?;
        self.memories.get(&key(v)).cloned().ok_or_else(|| {
            fail(
                op,
                "a memref that is neither a kernel argument nor allocated in the kernel",
            )
        })
    }

    /// The element of the memref operand `m` at the indices from operand
    /// `first` on, as an lvalue.
    pub fn element(
        &self,
        op: &OperationRef<'_, '_>,
        m: usize,
        first: usize,
    ) -> Result<String, Failed> {
        let indices: Vec<String> = (first..op.operand_count())
            .map(|i| self.operand(op, i))
            .collect::<Result<_, _>>()?;
        Ok(match self.memory(op, m)? {
            Memory::Private { name, .. } if indices.is_empty() => format!("{name}[0]"),
            Memory::Private { name, .. } => {
                let subs: String = indices.iter().map(|i| format!("[{i}]")).collect();
                format!("{name}{subs}")
            }
            Memory::Global { name, dims } => format!("{name}[{}]", linear(&indices, &dims)),
        })
    }

    pub(super) fn dim(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let index = op
            .operand(1)
            .ok()
            .and_then(constant_index)
            .ok_or_else(|| fail(op, "memref.dim of a dimension that is not a constant"))?;
        let text = match self.memory(op, 0)? {
            Memory::Private { dims, .. } => dims.get(index as usize).map(|d| d.to_string()),
            Memory::Global { dims, .. } => dims.get(index as usize).cloned(),
        }
        .ok_or_else(|| fail(op, "memref.dim beyond the memref's rank"))?;
        self.define(op, 0, format!("(long){text}"))
    }
}

/// A feeder's double buffer (`spacetime.banks`, the hint `spacetime-to-scf`
/// puts on its allocation): on-chip memory banked for the PEs it serves
/// in one step, each bank one element wide. aoc takes a power of two banks.
fn banked_memory(op: &OperationRef<'_, '_>, element_bytes: u64) -> String {
    let Some(banks) = t2s_ir::ir::int(op, "spacetime.banks") else {
        return String::new();
    };
    let banks = u64::try_from(banks.max(1)).unwrap_or(1).next_power_of_two();
    format!(
        " __attribute__((memory, numbanks({banks}), bankwidth({element_bytes}), singlepump, numreadports(1), numwriteports(1)))"
    )
}
