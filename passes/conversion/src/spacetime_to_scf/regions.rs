//! Unrolled code in a tree of `scf.execute_region no_inline`
//! (`spacetime-to-scf{pe-region-size=N}`).
//!
//! Unrolled PEs put thousands of `scf.if`s (a PE's time guard, an output
//! store) into one block. `convert-scf-to-cf` splits the block at each one,
//! moving every op after it: the cost grows with the square of the PEs
//! (16x16 PEs 0.09 s, 32x32 1.3 s of that pass). In regions of at most N
//! items, nested at most N to a region, each split moves at most N items,
//! so the whole pipeline stays linear in the PEs. The regions change no
//! value: each is entered once, in order.

use t2s_ir::emit::Emitter;
use t2s_ir::handle::Blk;

/// Where item `i` of a sequence of unrolled items is emitted.
pub(super) struct Regions<'c> {
    at: Emitter<'c>,
    size: usize,
    leaves: Vec<Blk>,
    blocks: Vec<Blk>,
}

impl<'c> Regions<'c> {
    /// `items` items emitted at `at`, in regions of at most `size` of them
    /// (`size` 0, or no more items than that: straight at `at`).
    pub fn new(at: Emitter<'c>, items: usize, size: usize) -> Self {
        let mut blocks = Vec::new();
        let leaves = match size > 0 && items > size {
            true => tree(&at, items.div_ceil(size), size, &mut blocks),
            false => Vec::new(),
        };
        Self {
            at,
            size,
            leaves,
            blocks,
        }
    }

    /// The emitter of item `i`.
    pub fn item(&self, i: usize) -> Emitter<'c> {
        match self.leaves.get(i / self.size.max(1)) {
            Some(&leaf) => self.at.at(leaf),
            None => self.at,
        }
    }

    /// Ends every region with `scf.yield`, once all items are emitted.
    pub fn finish(self) {
        for block in self.blocks {
            self.at.finish_scf_block(block);
        }
    }
}

/// `leaves` regions at `at`, nested so that no block holds more than
/// `size` of them; returns the innermost ones in order and records every
/// region's block in `blocks`.
fn tree(at: &Emitter<'_>, leaves: usize, size: usize, blocks: &mut Vec<Blk>) -> Vec<Blk> {
    let parents: Vec<Option<Blk>> = match leaves > size {
        true => tree(at, leaves.div_ceil(size), size, blocks)
            .into_iter()
            .map(Some)
            .collect(),
        false => vec![None],
    };
    let mut made = Vec::with_capacity(leaves);
    for parent in parents {
        let here = parent.map_or(*at, |p| at.at(p));
        let count = size.min(leaves - made.len());
        for _ in 0..count {
            let block = here.execute_region();
            blocks.push(block);
            made.push(block);
        }
    }
    made
}
