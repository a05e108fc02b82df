//! One `arith.constant` per index value while a [`Pool`] is open.
//!
//! Unrolled code asks for the same few index constants (PE coordinates,
//! slots, offsets) hundreds of thousands of times: 64x64 unrolled PEs made
//! 364,000 `arith.constant`s out of 640,000 ops, and `canonicalize` spent
//! most of its time folding them back together. While a pool is open on
//! this thread, [`crate::emit::Emitter::index`] returns the pool's constant,
//! made once before the pool's anchor, which dominates everything emitted
//! after it in its block and the regions nested there: open a pool only
//! around code emitted there.

use crate::handle::{Op, Val};
use std::cell::RefCell;
use std::collections::HashMap;

struct Open {
    anchor: Op,
    constants: HashMap<i64, Val>,
}

thread_local! {
    static POOL: RefCell<Option<Open>> = const { RefCell::new(None) };
}

/// An open pool; closed when dropped.
pub struct Pool(());

impl Pool {
    /// Opens a pool whose constants are inserted before `anchor`: every op
    /// that takes one must be dominated by it. One pool at a time.
    pub fn open(anchor: Op) -> Self {
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            assert!(p.is_none(), "one constant pool at a time");
            *p = Some(Open {
                anchor,
                constants: HashMap::new(),
            });
        });
        Pool(())
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        POOL.with(|p| p.borrow_mut().take());
    }
}

/// The open pool's constant `value`, made by `make` (at the anchor it is
/// given) the first time; `None` when no pool is open.
pub(crate) fn index(value: i64, make: impl FnOnce(Op) -> Val) -> Option<Val> {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        let open = p.as_mut()?;
        let anchor = open.anchor;
        Some(*open.constants.entry(value).or_insert_with(|| make(anchor)))
    })
}
