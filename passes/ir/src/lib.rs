//! IR support for the t2s passes: what every layer above builds on.
//!
//! - [`diag`]: located diagnostics through the context's engine;
//! - [`emit`]: an emitter of upstream ops over [`handle`]s;
//! - [`handle`]: lifetime-free handles on values, ops and blocks, the one
//!   module that calls the C API for the IR's structure;
//! - [`ir`]: reading attributes and moving ops;
//! - [`lanes`]: the lanes of vectorized PE arrays;
//! - [`location`]: file, line and name of locations, audited like [`handle`];
//! - [`ods`]: the ODS op types passes name ops by, and [`op_match!`];
//! - [`pass`]: how a pass written in Rust is declared and registered;
//! - [`import`]: a merged program as the MLIR-free model;
//! - [`reads`]: the extent each input needs, read off the IR;
//! - [`source`]: checks of source text before MLIR's parser sees it.
//! - [`triangular`]: triangular loop bounds and the box around them.
//! - [`types`]: queries of builtin types, audited like [`handle`].

pub mod arith_model;
pub mod array;
pub mod channel_abi;
pub mod constant_pool;
pub mod diag;
pub mod emit;
pub mod fold;
pub mod guard;
pub mod handle;
pub mod import;
pub mod ir;
pub mod lanes;
pub mod location;
pub mod ods;
pub mod ops;
pub mod pass;
pub mod pipeline;
pub mod progress;
pub mod quasi;
pub mod reads;
pub mod registration;
pub mod source;
pub mod triangular;
pub mod types;
pub mod vector_indexed;
