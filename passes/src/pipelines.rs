//! Named pipelines, registered like passes (`--t2s-sequential-to-llvm`).

use std::ffi::CString;
use t2s_dialects::capi;

/// A named pipeline and the passes it expands to.
pub struct Pipeline {
    pub argument: &'static str,
    pub description: &'static str,
    pub passes: &'static str,
}

pub static SEQUENTIAL_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-sequential-to-llvm",
    description:
        "Merge the UREs and lower them sequentially (no systolic array) to the llvm dialect",
    passes:
        "merge-ures, ure-to-scf, canonicalize, cse, total-division, arith-expand, convert-math-to-llvm, convert-math-to-libm, convert-scf-to-cf, expand-strided-metadata, \
     finalize-memref-to-llvm, convert-to-llvm, reconcile-unrealized-casts",
};

pub static LOWER_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-lower-to-llvm",
    description: "Merge the UREs, apply the space-time transform, minimize the register files and lower the systolic array to the llvm dialect",
    passes: "merge-ures, space-time-transform, minimize-storage, spacetime-to-scf, canonicalize, cse, total-division, arith-expand, convert-math-to-llvm, convert-math-to-libm, convert-scf-to-cf, \
     expand-strided-metadata, finalize-memref-to-llvm, convert-to-llvm, reconcile-unrealized-casts",
};

pub fn all_pipelines() -> [&'static Pipeline; 2] {
    [&SEQUENTIAL_TO_LLVM, &LOWER_TO_LLVM]
}

pub fn register(pipeline: &Pipeline) {
    let arg = CString::new(pipeline.argument).expect("no NUL");
    let desc = CString::new(pipeline.description).expect("no NUL");
    let text = CString::new(pipeline.passes).expect("no NUL");
    // SAFETY: C++ copies the strings.
    unsafe { capi::t2sRegisterPassPipeline(arg.as_ptr(), desc.as_ptr(), text.as_ptr()) }
}
