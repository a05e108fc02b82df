//! The named pipelines, each declared once as a list of steps: the
//! registry entry (`--t2s-lower-to-llvm`, `t2s-lower-to-llvm{fastmath=contract}`),
//! the text the runners use ([`Pipeline::on_module`]) and the `--help` text
//! all come from these declarations. A pipeline takes the options of the
//! t2s passes it runs.

use t2s_conversion as conversion;
use t2s_ir::pipeline::{Pipeline, Step};
use t2s_transforms as transforms;
use Step::{Pass, Upstream};

/// The space-time transform of the program's directives and the storage
/// of its registers: the front half of every systolic route. Divisions are
/// made total first: `arith` leaves a division by zero undefined, and an
/// upstream fold between two t2s passes may replace it by anything (MLIR 22
/// folds a vector `floordivsi` by a zero lane to the dividend), while the
/// URE semantics define it.
pub static TRANSFORM: Pipeline = Pipeline {
    argument: "t2s-transform",
    description: "Make integer divisions total, merge the UREs, apply the space-time transform and minimize the register files",
    defaults: &[],
    steps: &[
        Pass(&transforms::arith::total_division::PASS),
        Pass(&transforms::ure::merge_ures::PASS),
        Pass(&transforms::spacetime::space_time_transform::PASS),
        Pass(&transforms::spacetime::minimize_storage::PASS),
    ],
};

/// The isolated design: loaders, the array and drainers as kernels.
pub static ISOLATE: Pipeline = Pipeline {
    argument: "t2s-isolate",
    description: "t2s-transform, then isolate loaders, feeders and drainers into kernels (streaming-tensor chains written as isolation and buffers), give buffered feeders their double buffers and loaders, vectorize, scatter and gather along PE chains, move collectors' stores into unloaders, and carry whole vectors through the channels that vectorized kernels access with all lanes or that both ends walk with their innermost PE loop, and keep a register file's long history only in the PEs that need it",
    defaults: &[],
    steps: &[
        Step::Pipeline(&TRANSFORM),
        Pass(&transforms::ure::expand_streams::PASS),
        Pass(&transforms::channel::isolate::PASS),
        Pass(&transforms::channel::buffer::PASS),
        Pass(&transforms::spacetime::vectorize::PASS),
        Pass(&transforms::channel::scatter::PASS),
        Pass(&transforms::channel::gather::PASS),
        Pass(&transforms::channel::unload::PASS),
        Pass(&transforms::channel::pack_channels::PASS),
        Pass(&transforms::channel::pack_inner_lanes::PASS),
        Pass(&transforms::spacetime::split_register_files::PASS),
    ],
};

/// The LLVM routes' regions of unrolled PEs (`spacetime-to-scf`'s
/// `pe-region-size`): small enough that `convert-scf-to-cf` splits short
/// blocks, large enough that few regions are made (8 and 32 gave
/// `convert-scf-to-cf` the same 0.12 s on 32x32 PEs).
const PE_REGION_SIZE: &str = "16";

/// From scf, memref, arith, math and vector to the llvm dialect.
pub static SCF_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-scf-to-llvm",
    description: "The lowered functions (scf, memref, arith, math, vector) to the llvm dialect, with integer divisions made total",
    defaults: &[],
    steps: &[
        Pass(&transforms::arith::total_division::PASS),
        Upstream("canonicalize"),
        Upstream("cse"),
        Upstream("arith-expand"),
        Upstream("convert-math-to-llvm"),
        Upstream("convert-math-to-libm"),
        Upstream("convert-scf-to-cf"),
        Upstream("expand-strided-metadata"),
        Upstream("finalize-memref-to-llvm"),
        Upstream("convert-vector-to-llvm"),
        Upstream("convert-to-llvm"),
        Upstream("reconcile-unrealized-casts"),
    ],
};

/// The clean-up after `ure-to-scf`/`spacetime-to-scf` that gives
/// `t2s-translate --t2s-to-opencl` its input.
pub static KERNELS_TO_SCF: Pipeline = Pipeline {
    argument: "t2s-clean-up-scf",
    description: "Clean up lowered kernels: divisions made total, canonicalize, cse, guards that integer ranges decide folded (int-range-optimizations: a loop's index is inside its bounds), ceil/floor divisions and NaN-propagating min/max expanded",
    defaults: &[],
    steps: &[
        Pass(&transforms::arith::total_division::PASS),
        Upstream("canonicalize"),
        Upstream("cse"),
        Upstream("int-range-optimizations"),
        Upstream("canonicalize"),
        Upstream("arith-expand"),
    ],
};

/// From the lowered functions to single-work-item kernels in SPIR-V for
/// OpenCL, serialized into a `gpu.binary` (`t2s-translate --t2s-to-spirv`
/// writes its object).
pub static SCF_TO_SPIRV: Pipeline = Pipeline {
    argument: "t2s-scf-to-spirv",
    description: "The lowered functions outlined into single-work-item OpenCL kernels in SPIR-V, serialized into a gpu.binary",
    defaults: &[],
    steps: &[
        Pass(&transforms::vector::split_vectors::PASS),
        Pass(&conversion::outline_spirv_kernels::PASS),
        Upstream("gpu.module(canonicalize, convert-math-to-spirv)"),
        Upstream("convert-gpu-to-spirv{use-64bit-index=true}"),
        Upstream("gpu.module(spirv.module(spirv-lower-abi-attrs, spirv-insert-composites, spirv-update-vce))"),
        Upstream("gpu-module-to-binary"),
    ],
};

pub static SEQUENTIAL_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-sequential-to-llvm",
    description:
        "Make integer divisions total, merge the UREs and lower them sequentially (no systolic array) to the llvm dialect",
    defaults: &[],
    steps: &[
        Pass(&transforms::arith::total_division::PASS),
        Pass(&transforms::ure::merge_ures::PASS),
        Pass(&conversion::ure_to_scf::PASS),
        Step::Pipeline(&SCF_TO_LLVM),
    ],
};

pub static LOWER_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-lower-to-llvm",
    description: "Make integer divisions total, merge the UREs, apply the space-time transform, minimize the register files, vectorize, keep a register file's long history only in the PEs that need it, and lower the systolic array to the llvm dialect (each stream_input's feeder a packed tile, ure.parallel's loops on the host's threads; inputs read again and again along rows a power of two bytes long padded first)",
    defaults: &[
        ("pack-feeders", "true"),
        ("threads", "true"),
        ("pe-region-size", PE_REGION_SIZE),
    ],
    steps: &[
        Step::Pipeline(&TRANSFORM),
        Pass(&transforms::spacetime::vectorize::PASS),
        Pass(&transforms::spacetime::split_register_files::PASS),
        Pass(&conversion::spacetime_to_scf::PASS),
        Pass(&transforms::memref::pad_inputs::PASS),
        // ure.parallel's scf.parallel on MLIR's async runtime (the JIT
        // loads libmlir_async_runtime); nothing to do without one.
        Upstream("async-parallel-for{min-task-size=1}"),
        Upstream("async-to-async-runtime"),
        Upstream("async-runtime-ref-counting"),
        Upstream("async-runtime-ref-counting-opt"),
        Upstream("convert-async-to-llvm"),
        Step::Pipeline(&SCF_TO_LLVM),
    ],
};

/// Kernel functions and their channels to the llvm dialect.
pub static CHANNELS_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-channels-to-llvm",
    description: "Lower the kernel functions of a design and their channels (calls into the t2s FIFO runtime) to the llvm dialect",
    defaults: &[],
    steps: &[
        Pass(&conversion::lower_channels::PASS),
        Step::Pipeline(&SCF_TO_LLVM),
    ],
};

/// The second half of `t2s-dataflow-to-llvm`.
pub static KERNELS_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-kernels-to-llvm",
    description: "Lower an isolated program's kernels (functions @<program> and @<program>.<kernel>, listed by channel.design) and their channels (calls into the t2s FIFO runtime) to the llvm dialect",
    defaults: &[("pe-region-size", PE_REGION_SIZE)],
    steps: &[
        Pass(&conversion::spacetime_to_scf::PASS),
        Step::Pipeline(&CHANNELS_TO_LLVM),
    ],
};

pub static DATAFLOW_TO_LLVM: Pipeline = Pipeline {
    argument: "t2s-dataflow-to-llvm",
    description: "Make integer divisions total, merge the UREs, apply the space-time transform, minimize the register files, isolate loaders and drainers into kernels, vectorize, scatter and gather along PE chains, carry whole vectors through the channels that vectorized kernels access with all lanes or that both ends walk with their innermost PE loop, and lower the kernels (functions @<program> and @<program>.<kernel>) and their channels (calls into the t2s FIFO runtime) to the llvm dialect",
    defaults: &[],
    steps: &[Step::Pipeline(&ISOLATE), Step::Pipeline(&KERNELS_TO_LLVM)],
};

/// What the OpenCL and SPIR-V routes ask of the lowerings: kernels return
/// nothing, so their functions do not check the inputs and return a status
/// (the host checks the sizes: `t2s-run` does, docs/embedding.md).
pub const KERNEL_DEFAULTS: &[(&str, &str)] = &[("input-checks", "false")];

pub static SEQUENTIAL_TO_SCF: Pipeline = Pipeline {
    argument: "t2s-sequential-to-scf",
    description: "Make integer divisions total, merge the UREs and lower them sequentially to one function in scf, arith, math and memref (the input of t2s-translate --t2s-to-opencl)",
    defaults: KERNEL_DEFAULTS,
    steps: &[
        Pass(&transforms::arith::total_division::PASS),
        Pass(&transforms::ure::merge_ures::PASS),
        Pass(&conversion::ure_to_scf::PASS),
        Step::Pipeline(&KERNELS_TO_SCF),
    ],
};

/// What the OpenCL route asks of `spacetime-to-scf`: PE loops rather than
/// copies of the PE (the translation marks them `#pragma unroll` and aoc
/// builds one PE per iteration), with shift registers up to 1024 slots
/// (aoc infers a shift register from a constant-index shift loop of any
/// length), so that the kernel text does not grow with the array.
pub const OPENCL_DEFAULTS: &[(&str, &str)] = &[
    ("unroll-pes", "false"),
    ("shift-registers", "true"),
    ("max-shifted-slots", "1024"),
    ("input-checks", "false"),
];

/// The arrays of a transformed (maybe isolated) program as functions in
/// scf, cleaned up.
pub static ARRAYS_TO_SCF: Pipeline = Pipeline {
    argument: "t2s-arrays-to-scf",
    description: "Lower a transformed program's arrays (and kernels) to functions in scf, arith, math, memref and vector, with their channel.read/write and channel.fifo, cleaned up",
    defaults: KERNEL_DEFAULTS,
    steps: &[
        Pass(&conversion::spacetime_to_scf::PASS),
        Step::Pipeline(&KERNELS_TO_SCF),
    ],
};

pub static DATAFLOW_TO_SCF: Pipeline = Pipeline {
    argument: "t2s-dataflow-to-scf",
    description: "t2s-dataflow-to-llvm up to the kernels in scf, arith, math, memref and vector with their channel.read/write and channel.fifo (the input of t2s-translate --t2s-to-opencl)",
    defaults: OPENCL_DEFAULTS,
    steps: &[Step::Pipeline(&ISOLATE), Step::Pipeline(&ARRAYS_TO_SCF)],
};

pub static SEQUENTIAL_TO_SPIRV: Pipeline = Pipeline {
    argument: "t2s-sequential-to-spirv",
    description: "Make integer divisions total, merge the UREs, lower them sequentially, and outline the function into a single-work-item OpenCL kernel in SPIR-V (a spirv.module in a gpu.module, launched by the host function; serialize with t2s-translate --t2s-to-spirv)",
    defaults: KERNEL_DEFAULTS,
    steps: &[
        Step::Pipeline(&SEQUENTIAL_TO_SCF),
        Step::Pipeline(&SCF_TO_SPIRV),
    ],
};

pub static SYSTOLIC_TO_SPIRV: Pipeline = Pipeline {
    argument: "t2s-systolic-to-spirv",
    description: "t2s-lower-to-llvm's systolic array (one function, no channels) outlined into a single-work-item OpenCL kernel in SPIR-V (serialize with t2s-translate --t2s-to-spirv)",
    defaults: KERNEL_DEFAULTS,
    steps: &[
        Step::Pipeline(&TRANSFORM),
        Pass(&transforms::spacetime::vectorize::PASS),
        Pass(&transforms::spacetime::split_register_files::PASS),
        Step::Pipeline(&ARRAYS_TO_SCF),
        Step::Pipeline(&SCF_TO_SPIRV),
    ],
};

/// What the GPU route asks of `spacetime-to-scf`: the array in a
/// `gpu.launch`, no input checks (the launcher passes the buffers the
/// manifest asks for).
pub const GPU_DEFAULTS: &[(&str, &str)] = &[("gpu", "true"), ("input-checks", "false")];

/// The launches' bodies outlined into kernels and lowered to NVVM for the
/// H100 (sm_90, PTX 8.0); memrefs are passed as bare pointers.
pub static GPU_TO_NVVM: Pipeline = Pipeline {
    argument: "t2s-gpu-to-nvvm",
    description: "Outline each gpu.launch into a kernel of a gpu.module for sm_90 (PTX 8.0), peel the first iteration of its loops (the guards of first steps fold away), and lower the kernels to the nvvm and llvm dialects, memrefs passed as bare pointers",
    defaults: &[],
    steps: &[
        Pass(&transforms::arith::total_division::PASS),
        Upstream("canonicalize"),
        Upstream("cse"),
        Upstream("gpu-launch-sink-index-computations"),
        Upstream("gpu-kernel-outlining"),
        // The first iteration of each loop peeled, so that the PEs'
        // `iv == min` guards (the first step of a reduction) fold away in
        // the loop that remains: no select per step and accumulator.
        Upstream("gpu.module(gpu.func(scf-for-loop-peeling{peel-front=true}, int-range-optimizations, canonicalize, cse))"),
        Upstream("nvvm-attach-target{chip=sm_90 features=+ptx80 O=3}"),
        Upstream("gpu.module(convert-scf-to-cf, convert-nvgpu-to-nvvm, convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true}, convert-vector-to-llvm, convert-arith-to-llvm, convert-index-to-llvm, convert-ub-to-llvm, canonicalize, cse)"),
        Upstream("canonicalize"),
        Upstream("reconcile-unrealized-casts"),
    ],
};

pub static SYSTOLIC_TO_NVVM: Pipeline = Pipeline {
    argument: "t2s-systolic-to-nvvm",
    description: "The systolic array in one gpu.launch (its ure.gpu_map loops as blocks and threads, or one thread), outlined into a kernel and lowered to the nvvm and llvm dialects for sm_90; the host function keeps the gpu.launch_func",
    defaults: GPU_DEFAULTS,
    steps: &[
        Step::Pipeline(&TRANSFORM),
        Pass(&transforms::spacetime::vectorize::PASS),
        Pass(&transforms::spacetime::split_register_files::PASS),
        Pass(&conversion::spacetime_to_scf::PASS),
        Step::Pipeline(&GPU_TO_NVVM),
    ],
};

pub static SYSTOLIC_TO_PTX: Pipeline = Pipeline {
    argument: "t2s-systolic-to-ptx",
    description: "t2s-systolic-to-nvvm, then the kernels compiled to PTX by LLVM's NVPTX back end (a gpu.binary; t2s-translate --t2s-to-ptx writes the PTX, --t2s-to-gpu-manifest the launch manifest)",
    defaults: GPU_DEFAULTS,
    steps: &[
        Step::Pipeline(&SYSTOLIC_TO_NVVM),
        Upstream("gpu-module-to-binary{format=isa}"),
    ],
};

/// Every named pipeline.
pub fn all_pipelines() -> [&'static Pipeline; 18] {
    [
        &TRANSFORM,
        &ISOLATE,
        &SCF_TO_LLVM,
        &KERNELS_TO_SCF,
        &SCF_TO_SPIRV,
        &CHANNELS_TO_LLVM,
        &KERNELS_TO_LLVM,
        &ARRAYS_TO_SCF,
        &SEQUENTIAL_TO_SPIRV,
        &SYSTOLIC_TO_SPIRV,
        &SEQUENTIAL_TO_LLVM,
        &LOWER_TO_LLVM,
        &DATAFLOW_TO_LLVM,
        &SEQUENTIAL_TO_SCF,
        &DATAFLOW_TO_SCF,
        &GPU_TO_NVVM,
        &SYSTOLIC_TO_NVVM,
        &SYSTOLIC_TO_PTX,
    ]
}
