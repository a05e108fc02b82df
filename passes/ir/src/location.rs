//! Queries of locations that melior does not offer (file, line, column,
//! `NameLoc` names): with [`crate::handle`] and [`crate::types`], the audited
//! place where t2s calls the MLIR C API, each call with its `SAFETY:` line.

use melior::ir::Location;

fn text(s: mlir_sys::MlirStringRef) -> String {
    if s.data.is_null() {
        return String::new();
    }
    // SAFETY: a string the C API returned: `length` bytes at `data`, alive
    // with the context that owns the identifier.
    let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// `(file, line, column)` of a file location (its start).
pub fn file_line_col(location: Location<'_>) -> Option<(String, u32, u32)> {
    let raw = location.to_raw();
    // SAFETY: a live location; the range queries only of a file location.
    unsafe {
        mlir_sys::mlirLocationIsAFileLineColRange(raw).then(|| {
            (
                text(mlir_sys::mlirIdentifierStr(
                    mlir_sys::mlirLocationFileLineColRangeGetFilename(raw),
                )),
                mlir_sys::mlirLocationFileLineColRangeGetStartLine(raw) as u32,
                mlir_sys::mlirLocationFileLineColRangeGetStartColumn(raw) as u32,
            )
        })
    }
}

/// The name of a `NameLoc` (`loc("a")`).
pub fn name(location: Location<'_>) -> Option<String> {
    let raw = location.to_raw();
    // SAFETY: a live location; the name query only of a `NameLoc`.
    unsafe {
        mlir_sys::mlirLocationIsAName(raw).then(|| {
            text(mlir_sys::mlirIdentifierStr(
                mlir_sys::mlirLocationNameGetName(raw),
            ))
        })
    }
}

/// Whether the location says anything (is not `loc(unknown)`).
pub fn is_known(location: Location<'_>) -> bool {
    // SAFETY: a live location; the context it came from is alive with it.
    let unknown = unsafe {
        mlir_sys::mlirLocationUnknownGet(mlir_sys::mlirLocationGetContext(location.to_raw()))
    };
    // SAFETY: two live locations of one context.
    !unsafe { mlir_sys::mlirLocationEqual(location.to_raw(), unknown) }
}
