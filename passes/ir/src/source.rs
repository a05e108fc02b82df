//! Checks of source text made before MLIR's parser sees it, for inputs that
//! make the parser abort the process instead of reporting an error.
//!
//! - A value use with a huge result number (`%x#2147483648`): MLIR 22's
//!   parser allocates one placeholder per result up to that number and
//!   aborts with "LLVM ERROR: out of memory".

/// The largest result number accepted in `%name#N`.
pub const MAX_RESULT_NUMBER: u64 = 1 << 16;

/// `Err((line, column, message))` (1-based) for the first problem found.
pub fn check_source(text: &str) -> Result<(), (usize, usize, String)> {
    for (l, line) in text.lines().enumerate() {
        // Comments cannot hold value uses.
        let code = line.split("//").next().unwrap_or("");
        let bytes = code.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] != b'%' {
                i += 1;
                continue;
            }
            let mut j = i + 1;
            while j < bytes.len()
                && (bytes[j].is_ascii_alphanumeric()
                    || matches!(bytes[j], b'_' | b'$' | b'.' | b'-'))
            {
                j += 1;
            }
            if j < bytes.len() && bytes[j] == b'#' {
                let start = j + 1;
                let mut k = start;
                while k < bytes.len() && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                let digits = &code[start..k];
                if !digits.is_empty()
                    && digits
                        .parse::<u64>()
                        .map_or(true, |n| n > MAX_RESULT_NUMBER)
                {
                    return Err((
                        l + 1,
                        j + 1,
                        format!(
                            "result number {digits} of {} is out of range (at most {MAX_RESULT_NUMBER})",
                            &code[i..j]
                        ),
                    ));
                }
            }
            i = j.max(i + 1);
        }
    }
    Ok(())
}

/// Makes a driver end quietly when the reader of its output goes away
/// (`t2s-opt --help | head`), as mlir-opt does: Rust ignores SIGPIPE, so
/// LLVM's streams saw a write error and aborted with "LLVM ERROR: IO
/// failure on output stream: Broken pipe" (exit 1). With the default
/// action the process ends like any Unix filter whose reader is gone.
pub fn end_quietly_on_closed_pipe() {
    // SAFETY: restoring a signal's default action at the start of main,
    // before any thread exists; no handler of ours is replaced.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Rejects, with a located error on stderr, input files among a driver's
/// arguments that would make MLIR's parser abort the process (see
/// [`check_source`]). Files only: stdin is left to the parser, and a
/// missing file to MLIR, which reports it.
pub fn check_arguments(args: impl Iterator<Item = String>) -> Option<std::process::ExitCode> {
    let mut skip_next = false;
    for arg in args {
        if skip_next {
            skip_next = false;
            continue;
        }
        if arg == "-o" {
            skip_next = true;
            continue;
        }
        if arg.starts_with('-') {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&arg) else {
            continue;
        };
        if let Err((line, column, message)) = check_source(&text) {
            eprintln!("{arg}:{line}:{column}: error: {message}");
            return Some(std::process::ExitCode::FAILURE);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_result_numbers_are_reported() {
        assert!(check_source("%a = x\n%b = y %p#1, %q#65536").is_ok());
        let (line, col, msg) =
            check_source("ok\n  %s = arith.addf %prev#2147483648, %x").unwrap_err();
        assert_eq!((line, col), (2, 24)); // the `#`
        assert!(msg.contains("2147483648") && msg.contains("%prev"), "{msg}");
        assert!(check_source("// %p#99999999999999999999\n").is_ok());
        assert!(check_source("%p#99999999999999999999").is_err());
    }
}
