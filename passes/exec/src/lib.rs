//! Execution of URE programs: the reference interpreter and the compiled
//! backends, each implementing [`backend::Backend`].

pub mod args;
pub mod backend;
pub mod backends;
pub mod error;
pub mod execute;
pub mod interface;
pub mod jit;
pub mod limits;
pub mod memref_arg;
pub mod session;
pub mod tools;
