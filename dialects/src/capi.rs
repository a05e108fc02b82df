//! Declarations of the C functions of `dialects/capi/T2SCAPI.h`.
#![allow(non_snake_case, non_camel_case_types)]

use mlir_sys::{
    MlirDialectHandle, MlirDialectRegistry, MlirLocation, MlirOperation, MlirStringRef,
};
use std::ffi::{c_char, c_int, c_void};

pub const T2S_PASS_OPTION_BOOL: c_int = 0;
pub const T2S_PASS_OPTION_INT: c_int = 1;
pub const T2S_PASS_OPTION_STRING: c_int = 2;
pub const T2S_PASS_OPTION_INT_LIST: c_int = 3;

pub const T2S_SEVERITY_ERROR: c_int = 0;
pub const T2S_SEVERITY_WARNING: c_int = 1;
pub const T2S_SEVERITY_REMARK: c_int = 2;

#[repr(C)]
pub struct T2sPassOptionSpec {
    pub name: *const c_char,
    pub description: *const c_char,
    pub kind: c_int,
    pub default_value: *const c_char,
}

pub type T2sRunPassFn = unsafe extern "C" fn(
    user_data: *mut c_void,
    op: MlirOperation,
    num_values: isize,
    values: *const MlirStringRef,
) -> bool;

pub type T2sCheckPassOptionsFn = unsafe extern "C" fn(
    user_data: *mut c_void,
    num_values: isize,
    values: *const MlirStringRef,
    write: unsafe extern "C" fn(MlirStringRef, *mut c_void),
    stream: *mut c_void,
) -> bool;

#[repr(C)]
pub struct T2sPassSpec {
    pub argument: *const c_char,
    pub name: *const c_char,
    pub description: *const c_char,
    pub anchor_op: *const c_char,
    pub num_options: isize,
    pub options: *const T2sPassOptionSpec,
    pub num_dependent_dialects: isize,
    pub dependent_dialects: *const *const c_char,
    pub run: T2sRunPassFn,
    pub check: T2sCheckPassOptionsFn,
    pub user_data: *mut c_void,
}

pub type T2sBuildPipelineFn = unsafe extern "C" fn(
    user_data: *mut c_void,
    num_given: isize,
    names: *const MlirStringRef,
    values: *const MlirStringRef,
    write: unsafe extern "C" fn(MlirStringRef, *mut c_void),
    stream: *mut c_void,
) -> bool;

unsafe extern "C" {
    pub fn mlirGetDialectHandle__t2s_impl_ure__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__t2s_impl_spacetime__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__t2s_impl_channel__() -> MlirDialectHandle;
    pub fn t2sInsertDialects(cpp_registry: *mut c_void);
    pub fn t2sRegisterAllDialects(registry: MlirDialectRegistry);
    pub fn t2sRegisterUpstreamPasses();
    pub fn t2sRegisterRustPass(spec: *const T2sPassSpec);
    pub fn t2sRegisterPassPipeline(
        argument: *const c_char,
        description: *const c_char,
        num_options: isize,
        options: *const T2sPassOptionSpec,
        build: T2sBuildPipelineFn,
        user_data: *mut c_void,
    );
    pub fn t2sEmitDiagnostic(
        loc: MlirLocation,
        severity: c_int,
        message: MlirStringRef,
        num_notes: isize,
        note_locs: *const MlirLocation,
        note_messages: *const MlirStringRef,
    );
    pub fn t2sMlirOptMain(
        argc: c_int,
        argv: *mut *mut c_char,
        registry: MlirDialectRegistry,
        tool_name: *const c_char,
    ) -> c_int;
    pub fn t2sRegisterTranslation(
        name: *const c_char,
        description: *const c_char,
        translate: T2sTranslateFn,
        user_data: *mut c_void,
    );
    pub fn t2sSerializeSpirv(
        root: MlirOperation,
        write: unsafe extern "C" fn(chunk: MlirStringRef, stream: *mut c_void),
        stream: *mut c_void,
    ) -> mlir_sys::MlirLogicalResult;
    pub fn t2sGpuLaunchKernelOperands(
        op: MlirOperation,
        first: *mut isize,
        count: *mut isize,
    ) -> bool;
    pub fn t2sMlirTranslateMain(
        argc: c_int,
        argv: *mut *mut c_char,
        tool_name: *const c_char,
    ) -> c_int;
}

/// `T2sTranslateFn`: a translation's callback (see `T2SCAPI.h`).
pub type T2sTranslateFn = unsafe extern "C" fn(
    op: mlir_sys::MlirOperation,
    write: unsafe extern "C" fn(chunk: MlirStringRef, stream: *mut c_void),
    stream: *mut c_void,
    user_data: *mut c_void,
) -> mlir_sys::MlirLogicalResult;
