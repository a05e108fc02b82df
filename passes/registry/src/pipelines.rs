//! Named pipelines, registered like passes (`--t2s-sequential-to-llvm`).

use std::ffi::CString;
use t2s_dialects::capi;

/// A named pipeline and the passes it expands to.
pub struct Pipeline {
    pub argument: &'static str,
    pub description: &'static str,
    pub passes: &'static str,
}

/// From scf, memref and arith to the llvm dialect.
macro_rules! to_llvm {
    () => {
        "canonicalize, cse, total-division, arith-expand, convert-math-to-llvm, convert-math-to-libm, convert-scf-to-cf, \
     expand-strided-metadata, finalize-memref-to-llvm, convert-vector-to-llvm, convert-to-llvm, reconcile-unrealized-casts"
    };
}

/// The second half of `t2s-dataflow-to-llvm`: the isolated program's
/// kernels to functions, its channels to runtime calls, then to llvm.
pub const LOWER_KERNELS: &str = concat!("spacetime-to-scf, lower-channels, ", to_llvm!());

pub static SEQUENTIAL_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-sequential-to-llvm",
    description:
        "Merge the UREs and lower them sequentially (no systolic array) to the llvm dialect",
    passes:
        "merge-ures, ure-to-scf, canonicalize, cse, total-division, arith-expand, convert-math-to-llvm, convert-math-to-libm, convert-scf-to-cf, expand-strided-metadata, \
     finalize-memref-to-llvm, convert-vector-to-llvm, convert-to-llvm, reconcile-unrealized-casts",
};

pub static LOWER_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-lower-to-llvm",
    description: "Merge the UREs, apply the space-time transform, minimize the register files, vectorize and lower the systolic array to the llvm dialect (inputs read again and again along rows a power of two bytes long padded first)",
    passes: "merge-ures, space-time-transform, minimize-storage, vectorize, spacetime-to-scf, pad-inputs, canonicalize, cse, total-division, arith-expand, convert-math-to-llvm, convert-math-to-libm, convert-scf-to-cf, \
     expand-strided-metadata, finalize-memref-to-llvm, convert-vector-to-llvm, convert-to-llvm, reconcile-unrealized-casts",
};

pub static DATAFLOW_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-dataflow-to-llvm",
    description: "Merge the UREs, apply the space-time transform, minimize the register files, isolate loaders and drainers into kernels, vectorize, scatter and gather along PE chains, carry whole vectors through the channels that vectorized kernels access with all lanes, and lower the kernels (functions @<program> and @<program>.<kernel>) and their channels (calls into the t2s FIFO runtime) to the llvm dialect",
    passes: concat!(
        "merge-ures, space-time-transform, minimize-storage, isolate, vectorize, scatter, gather, pack-channels, spacetime-to-scf, lower-channels, ",
        to_llvm!()
    ),
};

/// The clean-up after `ure-to-scf`/`spacetime-to-scf` that gives
/// `t2s-translate --t2s-to-opencl` its input: divisions made total,
/// ceil/floor divisions and NaN-propagating min/max expanded.
macro_rules! kernels_to_scf {
    () => {
        "canonicalize, cse, total-division, arith-expand"
    };
}
pub const KERNELS_TO_SCF: &str = kernels_to_scf!();

pub static SEQUENTIAL_TO_SCF: Pipeline = Pipeline {
    argument: "t2s-sequential-to-scf",
    description: "Merge the UREs and lower them sequentially to one function in scf, arith, math and memref (the input of t2s-translate --t2s-to-opencl)",
    passes: concat!("merge-ures, ure-to-scf, ", kernels_to_scf!()),
};

pub static DATAFLOW_TO_SCF: Pipeline = Pipeline {
    argument: "t2s-dataflow-to-scf",
    description: "t2s-dataflow-to-llvm up to the kernels in scf, arith, math, memref and vector with their channel.read/write and channel.fifo (the input of t2s-translate --t2s-to-opencl)",
    passes: concat!(
        "merge-ures, space-time-transform, minimize-storage, isolate, vectorize, scatter, gather, pack-channels, spacetime-to-scf, ",
        kernels_to_scf!()
    ),
};

/// From the lowered functions (scf, memref, arith, math, vector) to
/// single-work-item kernels in SPIR-V for OpenCL, serialized into a
/// `gpu.binary` (text of SPIR-V dialect types does not round-trip: vectors
/// of 8 or 16 lanes fail to parse); `t2s-translate --t2s-to-spirv` writes
/// its object.
macro_rules! to_spirv {
    () => {
        "split-vectors, outline-spirv-kernels, gpu.module(canonicalize, convert-math-to-spirv), \
     convert-gpu-to-spirv{use-64bit-index=true}, gpu.module(spirv.module(spirv-lower-abi-attrs, spirv-insert-composites, spirv-update-vce)), gpu-module-to-binary"
    };
}

pub static SEQUENTIAL_TO_SPIRV: Pipeline = Pipeline {
    argument: "t2s-sequential-to-spirv",
    description: "Merge the UREs, lower them sequentially, and outline the function into a single-work-item OpenCL kernel in SPIR-V (a spirv.module in a gpu.module, launched by the host function; serialize with t2s-translate --t2s-to-spirv)",
    passes: concat!("merge-ures, ure-to-scf, ", kernels_to_scf!(), ", ", to_spirv!()),
};

pub static SYSTOLIC_TO_SPIRV: Pipeline = Pipeline {
    argument: "t2s-systolic-to-spirv",
    description: "t2s-lower-to-llvm's systolic array (one function, no channels) outlined into a single-work-item OpenCL kernel in SPIR-V (serialize with t2s-translate --t2s-to-spirv)",
    passes: concat!(
        "merge-ures, space-time-transform, minimize-storage, vectorize, spacetime-to-scf, ",
        kernels_to_scf!(),
        ", ",
        to_spirv!()
    ),
};

/// The passes of `t2s-dataflow-to-llvm` up to the isolated program.
pub const ISOLATE: &str =
    "merge-ures, space-time-transform, minimize-storage, isolate, vectorize, scatter, gather, pack-channels";

pub fn all_pipelines() -> [&'static Pipeline; 7] {
    [
        &SEQUENTIAL_TO_SPIRV,
        &SYSTOLIC_TO_SPIRV,
        &SEQUENTIAL_TO_LLVM,
        &LOWER_TO_LLVM,
        &DATAFLOW_TO_LLVM,
        &SEQUENTIAL_TO_SCF,
        &DATAFLOW_TO_SCF,
    ]
}

pub fn register(pipeline: &Pipeline) {
    let arg = CString::new(pipeline.argument).expect("no NUL");
    let desc = CString::new(pipeline.description).expect("no NUL");
    let text = CString::new(pipeline.passes).expect("no NUL");
    // SAFETY: C++ copies the strings.
    unsafe { capi::t2sRegisterPassPipeline(arg.as_ptr(), desc.as_ptr(), text.as_ptr()) }
}
