//! IR support for the t2s passes: what every layer above builds on.
//!
//! - [`diag`]: located diagnostics through the context's engine;
//! - [`emit`]: an emitter of upstream ops over raw handles;
//! - [`ir`]: reading attributes and moving ops;
//! - [`lanes`]: the lanes of vectorized PE arrays;
//! - [`ods`]: the ODS op types passes name ops by, and [`op_match!`];
//! - [`pass`]: how a pass written in Rust is declared and registered;
//! - [`import`]: a merged program as the MLIR-free model;
//! - [`source`]: checks of source text before MLIR's parser sees it.

pub mod arith_model;
pub mod array;
pub mod diag;
pub mod emit;
pub mod import;
pub mod ir;
pub mod lanes;
pub mod ods;
pub mod ops;
pub mod pass;
pub mod pipeline;
pub mod registration;
pub mod source;
pub mod vector_indexed;
