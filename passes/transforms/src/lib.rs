//! Transforms within a dialect, one pass per file named after it:
//!
//! - `ure`: `merge-ures`;
//! - `spacetime`: `space-time-transform`, `minimize-storage`, `vectorize`;
//! - `channel`: `isolate`, `scatter`, `gather`, `pack-channels`;
//! - clean-ups of lowered code: `vector` (`split-vectors`), `arith`
//!   (`total-division`), `memref` (`pad-inputs`), `spirv`
//!   (`spirv-insert-composites`).

pub mod arith;
pub mod channel;
pub mod memref;
pub mod spacetime;
pub mod spirv;
pub mod ure;
pub mod vector;
