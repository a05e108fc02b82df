//! `t2s-to-opencl`: the translation of lowered kernels to OpenCL C for
//! Intel FPGAs (the `aoc` flavour T2S emits), as `mlir-translate` does.
//!
//! Input: a module of `func.func` kernels in `scf`, `arith`, `math`,
//! `memref`, `vector` and `channel` ops, and the `channel.fifo`s they use —
//! what `t2s-dataflow-to-scf` (or `t2s-sequential-to-scf`) leaves. Output:
//! one `.cl` with
//! - program-scope channels, `channel int c[5] __attribute__((depth(2)));`,
//!   read and written with `read_channel_intel`/`write_channel_intel`;
//! - one single-work-item kernel per function (`max_global_work_dim(0)`),
//!   `autorun` when it takes no arguments; host data arrive as `__global`
//!   pointers (row-major; a dynamic size as a `long` argument `<A>_d<k>`);
//! - private arrays for the register files, native vector types for 2, 3,
//!   4, 8 and 16 lanes and structs for the others (`types.rs`).
//!
//! [`translate`] also returns each kernel's arguments ([`Kernel`]), which
//! the emulation (`opencl_run`) calls it with.

mod arith;
mod body;
pub(crate) mod emit;
mod lanes;
mod memory;
mod ranges;
pub mod scratch;
mod types;
mod vector;

use body::{Body, Globals, Memory};
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    RegionLike, Value, ValueLike,
};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::ffi::{c_void, CString};
use t2s_ir::diag::error;
use t2s_ir::handle::{AsBlk, AsVal};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// `sizeof` the OpenCL C type a value of `ty` takes in the translation
/// (a struct of `bool`s for `i1` lanes, a 3-lane vector as 4), or `None`
/// for a type it has no form for.
pub fn c_bytes(ty: melior::ir::Type<'_>) -> Option<u64> {
    types::ctype(ty).ok().map(|c| c.bytes())
}

/// A kernel argument: a function argument's buffer, scalar, or a dynamic
/// size of a buffer, or a buffer the host allocates for a dynamically sized
/// allocation of the kernel (zeroed, `sizes` row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    Buffer(usize),
    Scalar(usize),
    Dim(usize, usize),
    Scratch {
        element_bytes: u64,
        sizes: Vec<scratch::Size>,
    },
}

/// An emitted kernel: the function it came from, its C name, arguments.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub symbol: String,
    pub name: String,
    pub params: Vec<Param>,
    /// The bytes of its private arrays (register files, buffers).
    pub private_bytes: u64,
}

/// The emitted program.
#[derive(Clone, Debug)]
pub struct Translation {
    pub source: String,
    pub kernels: Vec<Kernel>,
    /// Each channel's symbol and C name.
    pub channels: Vec<(String, String)>,
}

/// OpenCL C's keywords and the names the emulation header defines.
const RESERVED: &[&str] = &[
    "auto",
    "bool",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "half",
    "if",
    "inline",
    "int",
    "kernel",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "global",
    "local",
    "private",
    "constant",
    "channel",
    "uchar",
    "ushort",
    "uint",
    "ulong",
    "read_only",
    "write_only",
    "true",
    "false",
];

/// A C identifier for `symbol` that no other name took.
pub(crate) fn identifier(symbol: &str, taken: &mut HashSet<String>) -> String {
    let mut base: String = symbol
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) || base.starts_with('_') {
        base = format!("t{base}");
    }
    if RESERVED.contains(&base.as_str()) {
        base.push('_');
    }
    let mut name = base.clone();
    let mut n = 1;
    while !taken.insert(name.clone()) {
        name = format!("{base}_{n}");
        n += 1;
    }
    name
}

/// Translates `module` (a `builtin.module`), or emits located errors.
pub fn translate(module: OperationRef<'_, '_>) -> Result<Translation, Failed> {
    let ops = ir::body_ops(&module, 0);
    let mut taken: HashSet<String> = HashSet::new();
    let mut declarations = Vec::new();
    let (channels, functions) = kernels_and_channels(&ops)?;
    if functions.is_empty() {
        return Err(error(
            module.location(),
            "no kernel (func.func with a body) to translate",
        ));
    }
    let mut typedefs = BTreeSet::new();
    let mut extensions = BTreeSet::new();
    let mut channel_names = HashMap::new();
    let mut channel_list = Vec::new();
    let mut channel_types = HashMap::new();
    let mut names = Vec::new();
    for f in &functions {
        names.push(identifier(&ir::symbol_name(f), &mut taken));
    }
    for fifo in &channels {
        let symbol = ir::symbol_name(fifo);
        let name = identifier(&symbol, &mut taken);
        declarations.push(channel_declaration(
            fifo,
            &name,
            &mut typedefs,
            &mut extensions,
        )?);
        let dims = t2s_ir::channel_abi::fifo_layout(fifo).map_or_else(Vec::new, |l| l.dims);
        channel_names.insert(symbol.clone(), (name.clone(), dims));
        if let Some(layout) = t2s_ir::channel_abi::fifo_layout(fifo) {
            let ty = types::ctype(layout.ty).map_err(|m| error(fifo.location(), m))?;
            channel_types.insert(symbol.clone(), ty);
        }
        channel_list.push((symbol, name));
    }
    let globals = Globals {
        channels: channel_names,
        channel_types,
    };
    let mut kernels = Vec::new();
    let mut bodies = Vec::new();
    for (f, name) in functions.iter().zip(names) {
        let (text, params, private_bytes) =
            kernel(f, &name, &globals, &taken, &mut typedefs, &mut extensions)?;
        bodies.push(text);
        kernels.push(Kernel {
            symbol: ir::symbol_name(f),
            name,
            params,
            private_bytes,
        });
    }
    let source = assemble(&extensions, &typedefs, &declarations, &bodies);
    Ok(Translation {
        source,
        kernels,
        channels: channel_list,
    })
}

/// The module's channels and kernels (functions with a body); an error
/// at any other op at module level.
#[allow(clippy::type_complexity)]
fn kernels_and_channels<'c, 'a>(
    ops: &[OperationRef<'c, 'a>],
) -> Result<(Vec<OperationRef<'c, 'a>>, Vec<OperationRef<'c, 'a>>), Failed> {
    let (mut channels, mut functions) = (Vec::new(), Vec::new());
    for op in ops {
        let name = ir::name(op);
        t2s_ir::op_match!(name, {
            ods::channel::FifoOperation => channels.push(*op),
            // The design's manifest: the kernels are the functions below.
            ods::channel::DesignOperation => {},
            ods::func::FuncOperation if op.region_at(0).and_then(|r| r.first_block()).is_some() => {
                functions.push(*op)
            },
            // A declaration.
            ods::func::FuncOperation => {},
            _ => {
                return Err(error(
                    op.location(),
                    format!("'{name}' at module level: t2s-to-opencl translates lowered kernels (func.func and channel.fifo); run t2s-dataflow-to-scf or t2s-sequential-to-scf first"),
                ))
            },
        });
    }
    Ok((channels, functions))
}

/// The OpenCL C file: the extensions, the channel index check if a kernel
/// computes one, the typedefs, the channels and the kernels.
fn assemble(
    extensions: &BTreeSet<&'static str>,
    typedefs: &BTreeSet<String>,
    declarations: &[String],
    bodies: &[String],
) -> String {
    let mut source = String::from(
        "// OpenCL C for Intel FPGAs, generated by t2s-translate --t2s-to-opencl.\n\
         // Single-work-item kernels that talk through channels (docs/backends.md).\n\
         #pragma OPENCL EXTENSION cl_intel_channels : enable\n",
    );
    for e in extensions {
        source.push_str(&format!("#pragma OPENCL EXTENSION {e} : enable\n"));
    }
    if bodies.iter().any(|b| b.contains("T2S_CHANNEL_INDEX(")) {
        source.push_str(CHANNEL_INDEX);
    }
    source.push('\n');
    for t in typedefs {
        source.push_str(t);
        source.push('\n');
    }
    if !typedefs.is_empty() {
        source.push('\n');
    }
    for d in declarations {
        source.push_str(d);
    }
    if !declarations.is_empty() {
        source.push('\n');
    }
    source.push_str(&bodies.join("\n"));
    source
}

/// A computed channel index is itself for aoc; the emulation header defines
/// it first, as a range check.
const CHANNEL_INDEX: &str =
    "\n// A computed index into a channel array (checked in the emulation).\n\
     #ifndef T2S_CHANNEL_INDEX\n\
     #define T2S_CHANNEL_INDEX(symbol, index, extent) (index)\n\
     #endif\n";

fn channel_declaration(
    fifo: &OperationRef<'_, '_>,
    name: &str,
    typedefs: &mut BTreeSet<String>,
    extensions: &mut BTreeSet<&'static str>,
) -> Result<String, Failed> {
    let layout = t2s_ir::channel_abi::fifo_layout(fifo)
        .ok_or_else(|| error(fifo.location(), "a channel without an element type"))?;
    let ty = types::ctype(layout.ty).map_err(|m| error(fifo.location(), m))?;
    if let Some(t) = ty.typedef() {
        typedefs.insert(t);
    }
    match ty.scalar {
        types::Scalar::Half => {
            extensions.insert("cl_khr_fp16");
        }
        types::Scalar::Double => {
            extensions.insert("cl_khr_fp64");
        }
        _ => {}
    }
    let dims: String = layout.dims.iter().map(|d| format!("[{d}]")).collect();
    Ok(format!(
        "// @{}{}\nchannel {} {name}{dims} __attribute__((depth({})));\n",
        ir::symbol_name(fifo),
        located(fifo),
        ty.name(),
        layout.depth
    ))
}

/// `, declared at file:line:col` for a file location.
fn located(op: &OperationRef<'_, '_>) -> String {
    let text = op.location().to_string();
    match text
        .strip_prefix("loc(\"")
        .and_then(|t| t.strip_suffix(')'))
    {
        Some(t) => format!(", from {}", t.replacen('"', "", 1)),
        None => String::new(),
    }
}

fn is_used(v: Value<'_, '_>) -> bool {
    v.val().has_uses()
}

/// Whether some op stores into the memref `v` (directly).
fn is_written(v: Value<'_, '_>) -> bool {
    v.val().users().into_iter().any(|raw| {
        let op = raw.op();
        let name = ir::name(&op);
        let base = t2s_ir::op_match!(name, {
            ods::memref::StoreOperation | ods::vector::StoreOperation => 1,
            ods::vector::MaskedStoreOperation | ods::vector::ScatterOperation => 0,
            _ => return false,
        });
        op.operand_at(base).is_some_and(|b| b.val() == v.val())
    })
}

/// The name of a function argument: its `NameLoc` if it has one.
fn argument_name(v: Value<'_, '_>, index: usize, taken: &mut HashSet<String>) -> String {
    let named = t2s_ir::location::name(v.location());
    identifier(&named.unwrap_or_else(|| format!("arg{index}")), taken)
}

fn kernel(
    f: &OperationRef<'_, '_>,
    name: &str,
    globals: &Globals,
    taken: &HashSet<String>,
    typedefs: &mut BTreeSet<String>,
    extensions: &mut BTreeSet<&'static str>,
) -> Result<(String, Vec<Param>, u64), Failed> {
    let block = f
        .region_at(0)
        .and_then(|r| r.first_block())
        .ok_or_else(|| error(f.location(), "a kernel without a body"))?;
    let mut local_taken = taken.clone();
    let mut body = Body::new(globals, typedefs, extensions, HashSet::new());
    let mut params = Vec::new();
    let mut declared = Vec::new();
    for i in 0..block.argument_count() {
        let arg: Value = block
            .argument(i)
            .map_err(|_| error(f.location(), "a missing argument"))?
            .into();
        if !is_used(arg) {
            continue;
        }
        let arg_name = argument_name(arg, i, &mut local_taken);
        match types::memref(arg.r#type()).map_err(|m| error(f.location(), m))? {
            Some(m) => {
                body.note_type(&m.element);
                let decls = (&mut declared, &mut params, &mut local_taken);
                let dims = buffer_param(arg, i, &arg_name, &m.shape, &m.element, decls);
                body.bind_memory(
                    arg,
                    Memory::Global {
                        name: arg_name,
                        dims,
                    },
                );
            }
            None => {
                let ty = types::ctype(arg.r#type()).map_err(|m| error(f.location(), m))?;
                if ty.is_vector() || ty.scalar == types::Scalar::Bool {
                    return Err(error(
                        f.location(),
                        format!("kernel argument {i} of type {}: OpenCL kernels take buffers and scalar numbers", arg.r#type()),
                    ));
                }
                declared.push(format!("const {} {arg_name}", ty.name()));
                params.push(Param::Scalar(i));
                body.bind(arg, arg_name);
            }
        }
    }
    body.reserve(local_taken);
    body.entry = Some(block.blk());
    body.block(block, &[])?;
    for (decl, param) in std::mem::take(&mut body.scratch) {
        declared.push(decl);
        params.push(param);
    }
    let mut text = signature(f, name, &declared, params.is_empty());
    for line in &body.prologue {
        text.push_str(&format!("  {line}\n"));
    }
    text.push_str(&body.w.text);
    text.push_str("}\n");
    Ok((text, params, body.private_bytes))
}

/// A buffer argument's declarations (`const` when the kernel only reads
/// it) and parameters, with one `const long` per dynamic size; the
/// extents' C expressions.
fn buffer_param(
    arg: Value<'_, '_>,
    i: usize,
    arg_name: &str,
    shape: &[Option<i64>],
    element: &types::CType,
    (declared, params, taken): (&mut Vec<String>, &mut Vec<Param>, &mut HashSet<String>),
) -> Vec<String> {
    let qualifier = if is_written(arg) { "" } else { "const " };
    declared.push(format!(
        "__global {qualifier}{} *restrict {arg_name}",
        element.name()
    ));
    params.push(Param::Buffer(i));
    let mut dims = Vec::new();
    for (k, d) in shape.iter().enumerate() {
        match d {
            Some(n) => dims.push(n.to_string()),
            None => {
                let dim = identifier(&format!("{arg_name}_d{k}"), taken);
                declared.push(format!("const long {dim}"));
                params.push(Param::Dim(i, k));
                dims.push(dim);
            }
        }
    }
    dims
}

/// A kernel's comment, attributes and signature, up to its opening brace;
/// a kernel without parameters runs by itself (`autorun`).
fn signature(f: &OperationRef<'_, '_>, name: &str, declared: &[String], autorun: bool) -> String {
    let mut text = format!(
        "// Kernel @{}{}.\n__attribute__((max_global_work_dim(0)))\n",
        ir::symbol_name(f),
        located(f)
    );
    if autorun {
        text.push_str("__attribute__((autorun))\n");
    }
    text.push_str(&format!(
        "__kernel void {name}({}) {{\n",
        if declared.is_empty() {
            "void".to_string()
        } else {
            declared.join(", ")
        }
    ));
    text
}

/// Registers `--t2s-to-opencl` with mlir-translate's registry.
pub fn register_translation() {
    let name = CString::new("t2s-to-opencl").expect("no NUL");
    let description = CString::new(
        "Translate lowered t2s kernels and channels (after t2s-dataflow-to-scf) to OpenCL C for Intel FPGAs",
    )
    .expect("no NUL");
    // SAFETY: C++ copies the strings; the callback is a plain function.
    unsafe {
        t2s_dialects::capi::t2sRegisterTranslation(
            name.as_ptr(),
            description.as_ptr(),
            to_opencl,
            std::ptr::null_mut(),
        )
    }
}

unsafe extern "C" fn to_opencl(
    op: mlir_sys::MlirOperation,
    write: unsafe extern "C" fn(chunk: mlir_sys::MlirStringRef, stream: *mut c_void),
    stream: *mut c_void,
    _: *mut c_void,
) -> mlir_sys::MlirLogicalResult {
    // SAFETY: mlir-translate passes the live module it parsed.
    let module = unsafe { melior::ir::operation::OperationRef::from_raw(op) };
    let _at = t2s_ir::diag::working_on(module.location());
    let result = std::panic::catch_unwind(|| translate(module));
    match result {
        Ok(Ok(t)) => {
            // SAFETY: `stream` is the output stream mlir-translate gave.
            unsafe { write(ir::string_ref(&t.source), stream) };
            mlir_sys::MlirLogicalResult { value: 1 }
        }
        // The translation reported why (a `Failed` carries its diagnostic).
        Ok(Err(_)) => mlir_sys::MlirLogicalResult { value: 0 },
        // A panic must not unwind into C++, nor end without a word.
        Err(panic) => {
            let message = t2s_ir::diag::panic_message(panic.as_ref());
            t2s_ir::diag::internal(
                module.location(),
                format!("the OpenCL translation panicked: {message}"),
            );
            mlir_sys::MlirLogicalResult { value: 0 }
        }
    }
}
