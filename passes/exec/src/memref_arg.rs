//! The arguments of a compiled program's function: memref descriptors over
//! copies of the inputs and over zeroed outputs, and the packed argument
//! array that `invoke_packed` (and every dataflow kernel) takes.

use crate::error::ExecuteError;
use crate::interface::Interface;
use crate::limits::check_buffer;
use std::ffi::c_void;
use t2s_model::interpret::Buffer;
use t2s_model::{ScalarType, Value};

/// The arguments of one call: the memrefs (inputs then outputs), the
/// parameters, and the packed array of pointers to them.
pub struct Call {
    args: Vec<MemRefArg>,
    num_inputs: usize,
    /// The memory order of the outputs: the compiled code writes them in it.
    output_layout: t2s_model::Layout,
    // The packed array points into these two: kept alive and never moved
    // (their heap buffers stay put when the struct moves).
    _descriptor_ptrs: Vec<*mut c_void>,
    _param_values: Vec<i64>,
    pub packed: Vec<*mut ()>,
}

impl Call {
    /// Checks the output's size and builds the arguments of `model`: each
    /// buffer in its memory order (its layout), the order the compiled code
    /// indexes it in.
    pub fn new(model: &Interface, inputs: &[Buffer], params: &[i64]) -> Result<Self, ExecuteError> {
        let shape = model.output_shape(params);
        check_buffer(&format!("output @{}", model.output), &shape)?;
        let mut args: Vec<MemRefArg> = inputs
            .iter()
            .zip(&model.inputs)
            .map(|(buffer, input)| {
                if input.layout.is_row_major() {
                    MemRefArg::new(buffer)
                } else {
                    MemRefArg::new(&input.layout.to_physical(buffer))
                }
            })
            .collect();
        let physical = model.output_layout.physical(&shape);
        for ty in &model.output_types {
            args.push(MemRefArg::new(&canary_buffer(*ty, &physical)));
        }
        let mut descriptor_ptrs: Vec<*mut c_void> = args
            .iter_mut()
            .map(|a| a.descriptor.as_mut_ptr() as *mut c_void)
            .collect();
        let mut param_values: Vec<i64> = params.to_vec();
        let mut packed: Vec<*mut ()> = descriptor_ptrs
            .iter_mut()
            .map(|p| p as *mut *mut c_void as *mut ())
            .collect();
        packed.extend(param_values.iter_mut().map(|p| p as *mut i64 as *mut ()));

        Ok(Call {
            args,
            num_inputs: inputs.len(),
            output_layout: model.output_layout.clone(),
            _descriptor_ptrs: descriptor_ptrs,
            _param_values: param_values,
            packed,
        })
    }

    /// The packed arguments of one call with a slot for the `i32` status
    /// the function returns (`input-checks`); a function without a result
    /// leaves the slot at 0. Every kernel of a design gets its own slot.
    pub fn packed_call(&self) -> PackedCall {
        let mut status = Box::new(0i32);
        let mut packed = self.packed.clone();
        packed.push(&mut *status as *mut i32 as *mut ());
        PackedCall { packed, status }
    }

    /// Each memref's data and shape, in argument order (inputs, then
    /// outputs): what kernels that take bare pointers are given.
    pub fn buffers(&mut self) -> Vec<(*mut std::ffi::c_void, Vec<usize>)> {
        self.args
            .iter_mut()
            .map(|a| {
                (
                    a.data.as_mut_ptr() as *mut std::ffi::c_void,
                    a.shape.clone(),
                )
            })
            .collect()
    }

    /// Each memref's storage (its address and size in bytes, at least one
    /// element's), in argument order: what a device copies in and back.
    pub fn storages(&mut self) -> Vec<(*mut std::ffi::c_void, usize)> {
        self.args
            .iter_mut()
            .map(|a| {
                (
                    a.data.as_mut_ptr() as *mut std::ffi::c_void,
                    a.data.len() * 8,
                )
            })
            .collect()
    }

    /// The outputs as the compiled code left them, indexed as the program
    /// writes them (back from their memory order).
    pub fn outputs(&self) -> Vec<Buffer> {
        self.args[self.num_inputs..]
            .iter()
            .map(|a| {
                let stored = a.to_buffer();
                if self.output_layout.is_row_major() {
                    stored
                } else {
                    self.output_layout.to_logical(&stored)
                }
            })
            .collect()
    }
}

/// One call's packed argument pointers, the last one to its status.
pub struct PackedCall {
    pub packed: Vec<*mut ()>,
    // The last pointer of `packed` points into it: boxed, never moved.
    status: Box<i32>,
}

impl PackedCall {
    /// What the function returned: 0, or the input check that failed.
    pub fn status(&self) -> i32 {
        *self.status
    }

    /// An error naming the input and dimension a non-zero status reports.
    pub fn check(&self, model: &Interface) -> Result<(), ExecuteError> {
        status_error(self.status(), model)
    }
}

/// An output buffer holding a value no program is likely to compute: a
/// compiled function writes every element of its output (zero where no
/// point stores), so an element it leaves alone shows up in `--compare`.
fn canary_buffer(elem: ScalarType, shape: &[usize]) -> Buffer {
    let mut buffer = Buffer::zeros(elem, shape);
    let canary = match elem {
        ScalarType::Int(w) if w < 64 => Value::Int(t2s_model::interpret::normalize(0x5a5b, w)),
        ScalarType::Int(_) | ScalarType::Index => Value::Int(0x5a5a_5a5a),
        ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 => Value::F32(-1234.5),
        ScalarType::F64 => Value::F64(-1234.5),
    };
    buffer.data.fill(canary);
    buffer
}

/// The error of a compiled function's non-zero status (`input-checks`).
pub fn status_error(status: i32, model: &Interface) -> Result<(), ExecuteError> {
    if status == 0 {
        return Ok(());
    }
    let (input, dim) = t2s_conversion::input_checks::decode_status(status);
    let name = model
        .inputs
        .get(input)
        .map_or_else(|| format!("#{input}"), |i| format!("@{}", i.name));
    Err(ExecuteError::Invoke(format!(
        "the compiled function returned status {status}: input {name} is smaller in dimension {dim} than what the program reads"
    )))
}

/// A memref argument: its data and its descriptor
/// `{allocated, aligned, offset, sizes[rank], strides[rank]}`.
pub struct MemRefArg {
    data: Vec<u64>,
    descriptor: Vec<i64>,
    elem: ScalarType,
    shape: Vec<usize>,
}

pub fn element_bytes(elem: ScalarType) -> usize {
    match elem {
        ScalarType::Int(w) => (w as usize).div_ceil(8).next_power_of_two(),
        ScalarType::Index => 8,
        ScalarType::F16 | ScalarType::BF16 => 2,
        ScalarType::F32 => 4,
        ScalarType::F64 => 8,
    }
}

impl MemRefArg {
    pub fn new(buffer: &Buffer) -> Self {
        let size = element_bytes(buffer.elem);
        let mut data = vec![0u64; (buffer.data.len() * size).div_ceil(8).max(1)];
        // SAFETY: the byte view covers exactly the u64 storage.
        let bytes =
            unsafe { std::slice::from_raw_parts_mut(data.as_mut_ptr() as *mut u8, data.len() * 8) };
        for (i, v) in buffer.data.iter().enumerate() {
            let raw: [u8; 8] = match (*v, buffer.elem) {
                (Value::F32(f), ScalarType::F16) => {
                    u64::from(half::f16::from_f32(f).to_bits()).to_le_bytes()
                }
                (Value::F32(f), ScalarType::BF16) => {
                    u64::from(half::bf16::from_f32(f).to_bits()).to_le_bytes()
                }
                (Value::F32(f), _) => (f.to_bits() as u64).to_le_bytes(),
                (Value::F64(f), _) => f.to_bits().to_le_bytes(),
                // LLVM reads an iN of N < 8 * bytes assuming zero padding bits
                // (a store of iN writes them as zeros): mask to the width.
                (Value::Int(x), ScalarType::Int(w)) if w < 64 => {
                    ((x as u64) & ((1u64 << w) - 1)).to_le_bytes()
                }
                (Value::Int(x), _) => x.to_le_bytes(),
                (Value::Poison, _) => [0; 8],
            };
            bytes[i * size..(i + 1) * size].copy_from_slice(&raw[..size]);
        }
        let mut arg = MemRefArg {
            data,
            descriptor: Vec::new(),
            elem: buffer.elem,
            shape: buffer.shape.clone(),
        };
        let ptr = arg.data.as_mut_ptr() as i64;
        arg.descriptor = vec![ptr, ptr, 0];
        arg.descriptor.extend(arg.shape.iter().map(|&s| s as i64));
        arg.descriptor
            .extend(buffer.strides().iter().map(|&s| s as i64));
        arg
    }

    pub fn to_buffer(&self) -> Buffer {
        let size = element_bytes(self.elem);
        // SAFETY: the byte view covers exactly the u64 storage.
        let bytes = unsafe {
            std::slice::from_raw_parts(self.data.as_ptr() as *const u8, self.data.len() * 8)
        };
        let count: usize = self.shape.iter().product();
        let data = (0..count)
            .map(|i| {
                let mut raw = [0u8; 8];
                raw[..size].copy_from_slice(&bytes[i * size..(i + 1) * size]);
                let bits = u64::from_le_bytes(raw);
                match self.elem {
                    ScalarType::F16 => Value::F32(half::f16::from_bits(bits as u16).to_f32()),
                    ScalarType::BF16 => Value::F32(half::bf16::from_bits(bits as u16).to_f32()),
                    ScalarType::F32 => Value::F32(f32::from_bits(bits as u32)),
                    ScalarType::F64 => Value::F64(f64::from_bits(bits)),
                    ScalarType::Index => Value::Int(bits as i64),
                    ScalarType::Int(w) => {
                        Value::Int(t2s_model::interpret::normalize(bits as i64, w))
                    }
                }
            })
            .collect();
        Buffer {
            elem: self.elem,
            shape: self.shape.clone(),
            data,
        }
    }
}
