//! Translations of lowered t2s programs to text, as `mlir-translate` does:
//! [`opencl`], OpenCL C for Intel FPGAs.

pub mod opencl;
