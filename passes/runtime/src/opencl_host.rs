//! A minimal OpenCL host over the system's ICD loader (`libOpenCL.so.1`,
//! opened at run time, so building t2s needs no OpenCL package): one
//! device, one program from a binary, one kernel launched on one
//! work-item, its buffers copied in and read back. `t2s-run --mode spirv`
//! runs the SPIR-V kernels on it (PoCL on the CPU, through SPIR 1.2).

use std::ffi::{c_char, c_void, CString};
use std::time::{Duration, Instant};

type Handle = *mut c_void;
type ClInt = i32;

const CL_SUCCESS: ClInt = 0;
const CL_DEVICE_TYPE_ALL: u64 = 0xFFFF_FFFF;
const CL_PLATFORM_NAME: u32 = 0x0902;
const CL_PROGRAM_BUILD_LOG: u32 = 0x1183;
const CL_MEM_READ_WRITE: u64 = 1;
const CL_MEM_COPY_HOST_PTR: u64 = 1 << 5;

/// A kernel argument.
pub enum KernelArg {
    /// Host memory copied to a device buffer and read back after the run.
    Buffer(*mut c_void, usize),
    /// A `long` (an `index`).
    Long(i64),
}

/// The entry points used, resolved from the loader.
struct Api {
    get_platform_ids: unsafe extern "C" fn(u32, *mut Handle, *mut u32) -> ClInt,
    get_platform_info: unsafe extern "C" fn(Handle, u32, usize, *mut c_void, *mut usize) -> ClInt,
    get_device_ids: unsafe extern "C" fn(Handle, u64, u32, *mut Handle, *mut u32) -> ClInt,
    create_context: unsafe extern "C" fn(
        *const isize,
        u32,
        *const Handle,
        Handle,
        Handle,
        *mut ClInt,
    ) -> Handle,
    create_command_queue: unsafe extern "C" fn(Handle, Handle, u64, *mut ClInt) -> Handle,
    create_program_with_binary: unsafe extern "C" fn(
        Handle,
        u32,
        *const Handle,
        *const usize,
        *const *const u8,
        *mut ClInt,
        *mut ClInt,
    ) -> Handle,
    build_program:
        unsafe extern "C" fn(Handle, u32, *const Handle, *const c_char, Handle, Handle) -> ClInt,
    get_program_build_info:
        unsafe extern "C" fn(Handle, Handle, u32, usize, *mut c_void, *mut usize) -> ClInt,
    create_kernel: unsafe extern "C" fn(Handle, *const c_char, *mut ClInt) -> Handle,
    set_kernel_arg: unsafe extern "C" fn(Handle, u32, usize, *const c_void) -> ClInt,
    create_buffer: unsafe extern "C" fn(Handle, u64, usize, *mut c_void, *mut ClInt) -> Handle,
    enqueue_nd_range_kernel: unsafe extern "C" fn(
        Handle,
        Handle,
        u32,
        *const usize,
        *const usize,
        *const usize,
        u32,
        *const Handle,
        *mut Handle,
    ) -> ClInt,
    enqueue_read_buffer: unsafe extern "C" fn(
        Handle,
        Handle,
        u32,
        usize,
        usize,
        *mut c_void,
        u32,
        *const Handle,
        *mut Handle,
    ) -> ClInt,
    finish: unsafe extern "C" fn(Handle) -> ClInt,
    release_mem_object: unsafe extern "C" fn(Handle) -> ClInt,
    release_kernel: unsafe extern "C" fn(Handle) -> ClInt,
    release_program: unsafe extern "C" fn(Handle) -> ClInt,
    release_command_queue: unsafe extern "C" fn(Handle) -> ClInt,
    release_context: unsafe extern "C" fn(Handle) -> ClInt,
}

fn load() -> Result<(libloading::Library, Api), String> {
    // SAFETY: the ICD loader's initializers only read its vendor files.
    let lib = unsafe { libloading::Library::new("libOpenCL.so.1") }.map_err(|e| {
        format!("cannot load the OpenCL ICD loader libOpenCL.so.1 ({e}); install ocl-icd-libopencl1 and pocl-opencl-icd")
    })?;
    macro_rules! sym {
        ($name:literal) => {
            // SAFETY: the OpenCL 1.2 entry point of that name and signature.
            *unsafe { lib.get(concat!($name, "\0").as_bytes()) }
                .map_err(|e| format!("no {} in libOpenCL.so.1: {e}", $name))?
        };
    }
    let api = Api {
        get_platform_ids: sym!("clGetPlatformIDs"),
        get_platform_info: sym!("clGetPlatformInfo"),
        get_device_ids: sym!("clGetDeviceIDs"),
        create_context: sym!("clCreateContext"),
        create_command_queue: sym!("clCreateCommandQueue"),
        create_program_with_binary: sym!("clCreateProgramWithBinary"),
        build_program: sym!("clBuildProgram"),
        get_program_build_info: sym!("clGetProgramBuildInfo"),
        create_kernel: sym!("clCreateKernel"),
        set_kernel_arg: sym!("clSetKernelArg"),
        create_buffer: sym!("clCreateBuffer"),
        enqueue_nd_range_kernel: sym!("clEnqueueNDRangeKernel"),
        enqueue_read_buffer: sym!("clEnqueueReadBuffer"),
        finish: sym!("clFinish"),
        release_mem_object: sym!("clReleaseMemObject"),
        release_kernel: sym!("clReleaseKernel"),
        release_program: sym!("clReleaseProgram"),
        release_command_queue: sym!("clReleaseCommandQueue"),
        release_context: sym!("clReleaseContext"),
    };
    Ok((lib, api))
}

fn check(status: ClInt, what: &str) -> Result<(), String> {
    if status == CL_SUCCESS {
        Ok(())
    } else {
        Err(format!("{what} failed with OpenCL error {status}"))
    }
}

/// The OpenCL objects of one run, released when dropped.
struct Session<'a> {
    api: &'a Api,
    context: Handle,
    queue: Handle,
    program: Handle,
    kernel: Handle,
    buffers: Vec<Handle>,
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        // SAFETY: objects this session created, each released once.
        unsafe {
            for b in &self.buffers {
                (self.api.release_mem_object)(*b);
            }
            if !self.kernel.is_null() {
                (self.api.release_kernel)(self.kernel);
            }
            if !self.program.is_null() {
                (self.api.release_program)(self.program);
            }
            if !self.queue.is_null() {
                (self.api.release_command_queue)(self.queue);
            }
            if !self.context.is_null() {
                (self.api.release_context)(self.context);
            }
        }
    }
}

/// The device: PoCL's first device where there is one (it takes SPIR 1.2
/// binaries), else the first platform's.
fn device(api: &Api) -> Result<Handle, String> {
    let mut count = 0u32;
    // SAFETY: the OpenCL calls below write at most `count` handles.
    unsafe {
        check(
            (api.get_platform_ids)(0, std::ptr::null_mut(), &mut count),
            "clGetPlatformIDs",
        )?;
        if count == 0 {
            return Err("no OpenCL platform (install pocl-opencl-icd)".into());
        }
        let mut platforms = vec![std::ptr::null_mut(); count as usize];
        check(
            (api.get_platform_ids)(count, platforms.as_mut_ptr(), std::ptr::null_mut()),
            "clGetPlatformIDs",
        )?;
        let name = |p: Handle| {
            let mut buffer = [0u8; 256];
            (api.get_platform_info)(
                p,
                CL_PLATFORM_NAME,
                buffer.len(),
                buffer.as_mut_ptr() as *mut c_void,
                std::ptr::null_mut(),
            );
            String::from_utf8_lossy(&buffer).to_string()
        };
        let platform = platforms
            .iter()
            .copied()
            .find(|p| name(*p).contains("Portable Computing Language"))
            .unwrap_or(platforms[0]);
        let mut device = std::ptr::null_mut();
        let mut found = 0u32;
        check(
            (api.get_device_ids)(platform, CL_DEVICE_TYPE_ALL, 1, &mut device, &mut found),
            "clGetDeviceIDs",
        )?;
        Ok(device)
    }
}

/// Builds `binary` (with `options`), runs kernel `name` on one work-item
/// `1 + repeat` times with `args`, and reads every buffer back into host
/// memory. Returns the times of the repeated runs.
pub fn run_kernel(
    binary: &[u8],
    options: &str,
    name: &str,
    args: &[KernelArg],
    repeat: usize,
) -> Result<Vec<Duration>, String> {
    let (_lib, api) = load()?;
    let device = device(&api)?;
    let mut s = Session {
        api: &api,
        context: std::ptr::null_mut(),
        queue: std::ptr::null_mut(),
        program: std::ptr::null_mut(),
        kernel: std::ptr::null_mut(),
        buffers: Vec::new(),
    };
    s.open(device)?;
    s.build(device, binary, options)?;
    s.set_args(name, args)?;
    let times = s.launch(repeat)?;
    s.read_back(args)?;
    Ok(times)
}

impl Session<'_> {
    /// The context and the queue on `device`.
    fn open(&mut self, device: Handle) -> Result<(), String> {
        let (api, mut status) = (self.api, 0);
        // SAFETY: OpenCL calls creating this session's objects on a device
        // of the platform.
        unsafe {
            self.context = (api.create_context)(
                std::ptr::null(),
                1,
                &device,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                &mut status,
            );
            check(status, "clCreateContext")?;
            self.queue = (api.create_command_queue)(self.context, device, 0, &mut status);
            check(status, "clCreateCommandQueue")
        }
    }

    /// The program of `binary`, built with `options`; the device's build
    /// log on failure.
    fn build(&mut self, device: Handle, binary: &[u8], options: &str) -> Result<(), String> {
        let (api, mut status, mut binary_status) = (self.api, 0, 0);
        let (length, pointer) = (binary.len(), binary.as_ptr());
        let options = CString::new(options).map_err(|e| e.to_string())?;
        // SAFETY: `binary` and `options` outlive the calls; the log buffer
        // is as long as the size given.
        unsafe {
            self.program = (api.create_program_with_binary)(
                self.context,
                1,
                &device,
                &length,
                &pointer,
                &mut binary_status,
                &mut status,
            );
            check(status, "clCreateProgramWithBinary")?;
            let built = (api.build_program)(
                self.program,
                1,
                &device,
                options.as_ptr(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            if built == CL_SUCCESS {
                return Ok(());
            }
            let mut log = vec![0u8; 1 << 16];
            let mut size = 0usize;
            (api.get_program_build_info)(
                self.program,
                device,
                CL_PROGRAM_BUILD_LOG,
                log.len(),
                log.as_mut_ptr() as *mut c_void,
                &mut size,
            );
            log.truncate(size.min(log.len()));
            Err(format!(
                "the OpenCL device could not build the kernels (error {built}):\n{}",
                String::from_utf8_lossy(&log)
                    .trim_end_matches('\0')
                    .trim_end()
            ))
        }
    }

    /// Kernel `name` with `args`: each host buffer copied into a device
    /// buffer of its size.
    fn set_args(&mut self, name: &str, args: &[KernelArg]) -> Result<(), String> {
        let (api, mut status) = (self.api, 0);
        let kernel_name = CString::new(name).map_err(|e| e.to_string())?;
        // SAFETY: host pointers are the caller's buffers of the given
        // sizes, alive for the call; argument values outlive their calls.
        unsafe {
            self.kernel = (api.create_kernel)(self.program, kernel_name.as_ptr(), &mut status);
            check(status, &format!("clCreateKernel({name})"))?;
            for (i, arg) in args.iter().enumerate() {
                let set = match arg {
                    KernelArg::Buffer(host, bytes) => {
                        let buffer = (api.create_buffer)(
                            self.context,
                            CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                            (*bytes).max(1),
                            *host,
                            &mut status,
                        );
                        check(status, "clCreateBuffer")?;
                        self.buffers.push(buffer);
                        let handle: Handle = buffer;
                        (api.set_kernel_arg)(
                            self.kernel,
                            i as u32,
                            std::mem::size_of::<Handle>(),
                            &handle as *const Handle as *const c_void,
                        )
                    }
                    KernelArg::Long(v) => (api.set_kernel_arg)(
                        self.kernel,
                        i as u32,
                        8,
                        v as *const i64 as *const c_void,
                    ),
                };
                check(set, &format!("clSetKernelArg({i})"))?;
            }
        }
        Ok(())
    }

    /// Runs the kernel on one work-item `1 + repeat` times; the times of
    /// the repeated runs.
    fn launch(&self, repeat: usize) -> Result<Vec<Duration>, String> {
        let api = self.api;
        let mut times = Vec::new();
        let one = 1usize;
        for run in 0..=repeat {
            let start = Instant::now();
            // SAFETY: the session's queue and kernel, with every argument set.
            unsafe {
                check(
                    (api.enqueue_nd_range_kernel)(
                        self.queue,
                        self.kernel,
                        1,
                        std::ptr::null(),
                        &one,
                        &one,
                        0,
                        std::ptr::null(),
                        std::ptr::null_mut(),
                    ),
                    "clEnqueueNDRangeKernel",
                )?;
                check((api.finish)(self.queue), "clFinish")?;
            }
            if run > 0 {
                times.push(start.elapsed());
            }
        }
        Ok(times)
    }

    /// Reads every device buffer back into its host buffer.
    fn read_back(&self, args: &[KernelArg]) -> Result<(), String> {
        let mut buffers = self.buffers.iter();
        for arg in args {
            if let KernelArg::Buffer(host, bytes) = arg {
                let buffer = *buffers.next().ok_or("buffer count")?;
                // SAFETY: a blocking read into the caller's buffer of `bytes`
                // bytes, alive for the call.
                let read = unsafe {
                    (self.api.enqueue_read_buffer)(
                        self.queue,
                        buffer,
                        1,
                        0,
                        *bytes,
                        *host,
                        0,
                        std::ptr::null(),
                        std::ptr::null_mut(),
                    )
                };
                check(read, "clEnqueueReadBuffer")?;
            }
        }
        Ok(())
    }
}
