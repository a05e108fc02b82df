//! Translations of lowered t2s programs to text, as `mlir-translate` does:
//! [`opencl`], OpenCL C for Intel FPGAs; and [`report`], the resources and
//! throughput of a transformed design on an Intel FPGA.

pub mod opencl;
pub mod report;
