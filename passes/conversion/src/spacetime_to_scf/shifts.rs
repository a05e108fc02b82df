//! The shifts of register files after each step in the lowering of
//! `spacetime-to-scf`: straight-line copies for unrolled PEs, loops over a
//! flat file, and loops marked [`UNROLL`] that aoc builds as shift
//! registers. A file of a sub-box of the PEs shifts only its own PEs.

use crate::spacetime_to_scf::regions::Regions;
use crate::spacetime_to_scf::registers::{named, FileStorage, UNROLL};
use std::collections::HashMap;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;

/// After a step of unrolled PEs: every shifted file moves each value one
/// slot up (slot `d` takes slot `d - 1`), from the last slot down.
pub fn shift_files(e: &Emitter<'_>, files: &HashMap<usize, FileStorage>, region_size: usize) {
    let mut sorted: Vec<&FileStorage> = files
        .values()
        .filter(|f| f.shifted && !f.on_write && f.slots > 1)
        .collect();
    sorted.sort_by_key(|f| f.index);
    let (large, sorted): (Vec<&FileStorage>, Vec<&FileStorage>) =
        sorted.into_iter().partition(|f| f.in_loops());
    for file in large {
        shift_flat_in_loop(e, file);
    }
    // Each file's own PEs: a file of a sub-box of them shifts only those.
    let jobs: Vec<(&FileStorage, Vec<i64>)> = sorted
        .iter()
        .flat_map(|f| {
            (0..t2s_ir::lanes::count(&f.pe_box.pes))
                .map(move |n| (*f, t2s_ir::lanes::unflatten(&f.pe_box.pes, n)))
        })
        .collect();
    let regions = Regions::new(*e, jobs.len(), region_size);
    for (i, (file, pe)) in jobs.iter().enumerate() {
        let e = regions.item(i);
        let elem = t2s_ir::types::element(file.buffer.r#type());
        for k in (1..file.slots).rev() {
            let mut from: Vec<Val> = pe.iter().map(|&p| e.index(p)).collect();
            let mut to = from.clone();
            from.push(e.index(k - 1));
            to.push(e.index(k));
            let v = file.load(&e, &from, elem);
            file.store(&e, v, &to);
        }
    }
    regions.finish();
}

/// Shifts a flat file (PE-major, the slots last) in one loop over its PEs:
/// each PE's slot `d` takes slot `d - 1`, from the last slot down. The
/// PEs' chains are disjoint, so their order does not matter.
fn shift_flat_in_loop(e: &Emitter<'_>, file: &FileStorage) {
    let Some(shape) = &file.flat else { return };
    let pes: i64 = shape[..shape.len() - 1].iter().product();
    let elem = t2s_ir::types::element(file.buffer.r#type());
    let (block, pe) = e.for_loop(e.index(0), e.index(pes));
    let at = e.at(block);
    let base = at.mul(pe, at.index(file.slots));
    for k in (1..file.slots).rev() {
        let from = at.add(base, at.index(k - 1));
        let v = at.load(file.buffer, &[from], elem);
        at.store(v, file.buffer, &[at.add(base, at.index(k))]);
    }
    e.finish_scf_block(block);
}

/// After a step of PE loops: every file shifted in loops moves each value
/// one slot down (slot `d` takes slot `d + 1`), in a loop nest over its PEs
/// and slots marked [`UNROLL`], so that each PE's file is a shift register.
/// The PE loops take the names `pe_names` (the array's space loops), the
/// slot loop `slot`.
pub fn shift_files_in_loops(
    e: &Emitter<'_>,
    files: &HashMap<usize, FileStorage>,
    pe_names: &[String],
) {
    let mut sorted: Vec<&FileStorage> = files
        .values()
        .filter(|f| f.newest_last && f.slots > 1)
        .collect();
    sorted.sort_by_key(|f| f.index);
    for file in sorted {
        let ty = file.buffer.r#type();
        let elem = t2s_ir::types::element(ty);
        let shape = t2s_ir::types::shape(ty).unwrap_or_default();
        let mut at = *e;
        let mut blocks = Vec::new();
        let mut from = Vec::new();
        for (d, extent) in shape[..shape.len() - 1].iter().enumerate() {
            let name = pe_names.get(d).map_or("pe", String::as_str);
            let (block, iv) = at
                .located(named(e, name))
                .for_loop(at.index(0), at.index(*extent));
            at.mark_parent(block, UNROLL);
            blocks.push(block);
            from.push(iv);
            at = at.at(block);
        }
        let (block, slot) = at
            .located(named(e, "slot"))
            .for_loop(at.index(0), at.index(file.slots - 1));
        at.mark_parent(block, UNROLL);
        blocks.push(block);
        let inner = at.at(block);
        let mut to = from.clone();
        to.push(slot);
        from.push(inner.add(slot, inner.index(1)));
        let v = file.load(&inner, &from, elem);
        file.store(&inner, v, &to);
        for block in blocks.iter().rev() {
            e.finish_scf_block(*block);
        }
    }
}
