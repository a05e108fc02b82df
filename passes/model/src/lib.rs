//! `t2s-model`: URE programs without MLIR.
//!
//! - [`program`]: the data model the `ure` dialect converts into;
//! - [`interpret`]: the reference interpreter, the oracle of every lowering;
//! - [`layout`]: the memory order of a buffer's dimensions (row-major, Halide's);
//! - [`npy`]: NumPy `.npy` files, the interchange format of inputs and outputs;
//! - [`random`]: deterministic random test data;
//! - [`reads`]: what a program reads of its inputs (the extent each needs);
//!   merge-ures.md, in conjunctive normal form.

pub mod interpret;
pub mod layout;
pub mod linear;
pub mod npy;
pub mod program;
pub mod quasi;
pub mod random;
pub mod reads;
pub mod spacetime;

pub use layout::Layout;
pub use linear::Linear;
pub use program::*;
pub use quasi::QuasiAffine;
