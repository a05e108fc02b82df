//! NumPy `.npy` files: the interchange format of program inputs and outputs,
//! so that test data can be produced and inspected with NumPy.
//!
//! Supported: format versions 1.0, 2.0 and 3.0; C order only; little-endian
//! `b1`, `i1`..`i8`, `u1`..`u8` (read as the signless integer of the same
//! width, as `arith` sees them), `f4` and `f8`. See
//! <https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html>.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::interpret::{element_count, Buffer, BufferError};
use crate::layout::Layout;
use crate::program::{ScalarType, Value};

const MAGIC: &[u8] = b"\x93NUMPY";
/// NumPy aligns the start of the data to this many bytes.
const ALIGNMENT: usize = 64;

#[derive(Debug, Error)]
pub enum NpyError {
    /// The source is reported by the error chain, not repeated here.
    #[error("{}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}", path.display())]
    File {
        path: PathBuf,
        source: Box<NpyError>,
    },
    #[error("not a .npy file (bad magic string)")]
    NotNpy,
    #[error("unsupported .npy format version {major}.{minor}")]
    UnsupportedVersion { major: u8, minor: u8 },
    #[error("truncated .npy file: {what}")]
    Truncated { what: &'static str },
    #[error("malformed .npy header: {0}")]
    Header(String),
    #[error("big-endian dtype `{descr}` is not supported (convert with .astype('<...'))")]
    BigEndian { descr: String },
    #[error("unsupported dtype `{descr}`")]
    UnsupportedDtype { descr: String },
    #[error("shape {shape:?} has too many elements")]
    TooLarge { shape: Vec<usize> },
    #[error("expected {expected} data bytes, got {got}")]
    DataLength { expected: usize, got: usize },
    #[error("cannot write elements of type {0} as .npy")]
    UnsupportedElem(ScalarType),
    #[error("cannot write buffer: {0}")]
    Buffer(#[from] BufferError),
}

/// The element encodings this module reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dtype {
    Bool,
    /// A little-endian integer of this many bytes (signedness is irrelevant:
    /// the bits are kept).
    Int(usize),
    F16,
    F32,
    F64,
}

impl Dtype {
    fn size(self) -> usize {
        match self {
            Dtype::Bool => 1,
            Dtype::Int(n) => n,
            Dtype::F16 => 2,
            Dtype::F32 => 4,
            Dtype::F64 => 8,
        }
    }

    fn elem(self) -> ScalarType {
        match self {
            Dtype::Bool => ScalarType::Int(1),
            Dtype::Int(n) => ScalarType::Int(8 * n as u32),
            Dtype::F16 => ScalarType::F16,
            Dtype::F32 => ScalarType::F32,
            Dtype::F64 => ScalarType::F64,
        }
    }

    fn of_elem(elem: ScalarType) -> Result<Dtype, NpyError> {
        match elem {
            ScalarType::Int(1) => Ok(Dtype::Bool),
            ScalarType::Int(w @ (8 | 16 | 32 | 64)) => Ok(Dtype::Int(w as usize / 8)),
            ScalarType::Index => Ok(Dtype::Int(8)),
            ScalarType::F16 => Ok(Dtype::F16),
            ScalarType::F32 => Ok(Dtype::F32),
            ScalarType::F64 => Ok(Dtype::F64),
            // NumPy has no bfloat16.
            ScalarType::Int(_) | ScalarType::BF16 => Err(NpyError::UnsupportedElem(elem)),
        }
    }

    fn descr(self) -> String {
        match self {
            Dtype::Bool => "|b1".to_string(),
            Dtype::Int(1) => "|i1".to_string(),
            Dtype::Int(n) => format!("<i{n}"),
            Dtype::F16 => "<f2".to_string(),
            Dtype::F32 => "<f4".to_string(),
            Dtype::F64 => "<f8".to_string(),
        }
    }

    /// Parses a NumPy type string such as `<i4` or `|b1`.
    fn parse(descr: &str) -> Result<Dtype, NpyError> {
        let unsupported = || NpyError::UnsupportedDtype {
            descr: descr.to_string(),
        };
        let mut chars = descr.chars();
        let order = chars.next().ok_or_else(unsupported)?;
        let dtype = match chars.as_str() {
            "b1" => Dtype::Bool,
            "i1" | "u1" => Dtype::Int(1),
            "i2" | "u2" => Dtype::Int(2),
            "i4" | "u4" => Dtype::Int(4),
            "i8" | "u8" => Dtype::Int(8),
            "f2" => Dtype::F16,
            "f4" => Dtype::F32,
            "f8" => Dtype::F64,
            _ => return Err(unsupported()),
        };
        let little = match order {
            '<' => true,
            '>' => false,
            '=' => cfg!(target_endian = "little"),
            '|' => dtype.size() == 1,
            _ => return Err(unsupported()),
        };
        // Byte order does not matter for single bytes.
        if little || dtype.size() == 1 {
            Ok(dtype)
        } else if order == '|' {
            Err(unsupported())
        } else {
            Err(NpyError::BigEndian {
                descr: descr.to_string(),
            })
        }
    }

    fn decode(self, bytes: &[u8]) -> Value {
        let mut le = [0u8; 8];
        le[..bytes.len()].copy_from_slice(bytes);
        let bits = u64::from_le_bytes(le);
        match self {
            Dtype::Bool => Value::Int(if bits != 0 { -1 } else { 0 }),
            Dtype::Int(n) => {
                // Sign-extend from the element width: the canonical signless value.
                let shift = 64 - 8 * n as u32;
                Value::Int(((bits << shift) as i64) >> shift)
            }
            Dtype::F16 => Value::F32(half::f16::from_bits(bits as u16).to_f32()),
            Dtype::F32 => Value::F32(f32::from_bits(bits as u32)),
            Dtype::F64 => Value::F64(f64::from_bits(bits)),
        }
    }

    fn encode(self, value: Value, out: &mut Vec<u8>) {
        match (self, value) {
            (Dtype::Bool, Value::Int(v)) => out.push(u8::from(v != 0)),
            (Dtype::Int(n), Value::Int(v)) => out.extend_from_slice(&v.to_le_bytes()[..n]),
            (Dtype::F16, Value::F32(x)) => {
                out.extend_from_slice(&half::f16::from_f32(x).to_bits().to_le_bytes())
            }
            (Dtype::F32, Value::F32(x)) => out.extend_from_slice(&x.to_le_bytes()),
            (Dtype::F64, Value::F64(x)) => out.extend_from_slice(&x.to_le_bytes()),
            // Excluded by `Buffer::validate` before encoding.
            _ => {}
        }
    }
}

/// The fields of the header dictionary.
#[derive(Debug, PartialEq)]
struct Header {
    descr: String,
    fortran_order: bool,
    shape: Vec<usize>,
}

/// A value of the Python literal subset used by `.npy` headers.
#[derive(Debug, PartialEq)]
enum PyValue {
    Str(String),
    Bool(bool),
    Int(u64),
    Tuple(Vec<u64>),
}

/// A recursive-descent parser of the header's Python dict literal.
struct HeaderParser<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> HeaderParser<'a> {
    fn error(&self, what: &str) -> NpyError {
        NpyError::Header(format!(
            "{what} at offset {} of `{}`",
            self.pos,
            self.text.trim_end()
        ))
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<(), NpyError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(&format!("expected `{c}`")))
        }
    }

    fn string(&mut self) -> Result<String, NpyError> {
        let quote = match self.peek() {
            Some(q @ ('\'' | '"')) => q,
            _ => return Err(self.error("expected a string")),
        };
        let start = self.pos + 1;
        let len = self.text[start..]
            .find(quote)
            .ok_or_else(|| self.error("unterminated string"))?;
        self.pos = start + len + 1;
        Ok(self.text[start..start + len].to_string())
    }

    fn integer(&mut self) -> Result<u64, NpyError> {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let n = rest[..digits]
            .parse()
            .map_err(|_| self.error("expected a non-negative integer"))?;
        self.pos += digits;
        // Python 2 long suffix, as in old files.
        if self.text[self.pos..].starts_with('L') {
            self.pos += 1;
        }
        Ok(n)
    }

    fn tuple(&mut self) -> Result<Vec<u64>, NpyError> {
        self.expect('(')?;
        let mut items = Vec::new();
        while !self.eat(')') {
            items.push(self.integer()?);
            if !self.eat(',') {
                self.expect(')')?;
                break;
            }
        }
        Ok(items)
    }

    fn value(&mut self) -> Result<PyValue, NpyError> {
        match self.peek() {
            Some('\'' | '"') => self.string().map(PyValue::Str),
            Some('(') => self.tuple().map(PyValue::Tuple),
            Some(c) if c.is_ascii_digit() => self.integer().map(PyValue::Int),
            _ => {
                for (word, b) in [("True", true), ("False", false)] {
                    if self.text[self.pos..].starts_with(word) {
                        self.pos += word.len();
                        return Ok(PyValue::Bool(b));
                    }
                }
                Err(self.error("unsupported value (structured dtypes are not supported)"))
            }
        }
    }

    fn dict(&mut self) -> Result<Vec<(String, PyValue)>, NpyError> {
        self.expect('{')?;
        let mut entries = Vec::new();
        while !self.eat('}') {
            let key = self.string()?;
            self.expect(':')?;
            entries.push((key, self.value()?));
            if !self.eat(',') {
                self.expect('}')?;
                break;
            }
        }
        self.skip_space();
        if self.pos != self.text.len() {
            return Err(self.error("trailing characters"));
        }
        Ok(entries)
    }
}

fn parse_header(text: &str) -> Result<Header, NpyError> {
    let entries = HeaderParser { text, pos: 0 }.dict()?;
    let field = |name: &str| {
        entries
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
            .ok_or_else(|| NpyError::Header(format!("missing key '{name}'")))
    };
    let descr = match field("descr")? {
        PyValue::Str(s) => s.clone(),
        v => return Err(NpyError::Header(format!("'descr' is {v:?}, not a string"))),
    };
    let fortran_order = match field("fortran_order")? {
        PyValue::Bool(b) => *b,
        v => {
            return Err(NpyError::Header(format!(
                "'fortran_order' is {v:?}, not a bool"
            )))
        }
    };
    let shape = match field("shape")? {
        PyValue::Tuple(dims) => dims
            .iter()
            .map(|&d| usize::try_from(d))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| NpyError::Header(format!("shape {dims:?} is too large")))?,
        v => return Err(NpyError::Header(format!("'shape' is {v:?}, not a tuple"))),
    };
    Ok(Header {
        descr,
        fortran_order,
        shape,
    })
}

/// Splits `n` bytes off the front of `bytes`.
fn take<'a>(bytes: &mut &'a [u8], n: usize, what: &'static str) -> Result<&'a [u8], NpyError> {
    if bytes.len() < n {
        return Err(NpyError::Truncated { what });
    }
    let (head, rest) = bytes.split_at(n);
    *bytes = rest;
    Ok(head)
}

/// Reads the preamble and returns the header text and the data bytes.
fn split_file(bytes: &[u8]) -> Result<(String, &[u8]), NpyError> {
    let mut rest = bytes;
    if take(&mut rest, MAGIC.len(), "magic string").map_err(|_| NpyError::NotNpy)? != MAGIC {
        return Err(NpyError::NotNpy);
    }
    let version = take(&mut rest, 2, "version")?;
    let (major, minor) = (version[0], version[1]);
    let header_len = match (major, minor) {
        (1, 0) => {
            let b = take(&mut rest, 2, "header length")?;
            usize::from(u16::from_le_bytes([b[0], b[1]]))
        }
        (2 | 3, 0) => {
            let b = take(&mut rest, 4, "header length")?;
            u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize
        }
        _ => return Err(NpyError::UnsupportedVersion { major, minor }),
    };
    let raw = take(&mut rest, header_len, "header")?;
    let text = if major == 3 {
        std::str::from_utf8(raw)
            .map_err(|_| NpyError::Header("header is not UTF-8".to_string()))?
            .to_string()
    } else {
        // Versions 1 and 2 are Latin-1.
        raw.iter().map(|&b| char::from(b)).collect()
    };
    Ok((text, rest))
}

/// Decodes the contents of a `.npy` file.
pub fn parse_npy(bytes: &[u8]) -> Result<Buffer, NpyError> {
    let (text, data) = split_file(bytes)?;
    let header = parse_header(&text)?;
    let dtype = Dtype::parse(&header.descr)?;
    let too_large = || NpyError::TooLarge {
        shape: header.shape.clone(),
    };
    let count = element_count(&header.shape).ok_or_else(too_large)?;
    let expected = count.checked_mul(dtype.size()).ok_or_else(too_large)?;
    if data.len() != expected {
        return Err(NpyError::DataLength {
            expected,
            got: data.len(),
        });
    }
    let stored = Buffer {
        elem: dtype.elem(),
        shape: if header.fortran_order {
            header.shape.iter().rev().copied().collect()
        } else {
            header.shape
        },
        data: data
            .chunks_exact(dtype.size())
            .map(|c| dtype.decode(c))
            .collect(),
    };
    // A Fortran-order file stores the array in Halide's order: its data is
    // the physical buffer of that layout.
    Ok(if header.fortran_order {
        Layout::halide(stored.shape.len()).to_logical(&stored)
    } else {
        stored
    })
}

fn shape_literal(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// Encodes `buf` as a `.npy` file (version 1.0 unless the header needs 2.0),
/// with the data aligned to 64 bytes as NumPy does.
pub fn encode_npy(buf: &Buffer) -> Result<Vec<u8>, NpyError> {
    encode_npy_in(buf, &Layout::row_major())
}

/// Encodes `buf` in the memory order of `layout`: Halide's order (the first
/// index contiguous) as a Fortran-order file, whose bytes are then the
/// buffer a compiled program takes; any other order in C order.
pub fn encode_npy_in(buf: &Buffer, layout: &Layout) -> Result<Vec<u8>, NpyError> {
    let dtype = Dtype::of_elem(buf.elem)?;
    buf.validate()?;
    let rank = buf.shape.len();
    let fortran = rank > 1 && *layout == Layout::halide(rank);
    let stored = if fortran {
        layout.to_physical(buf)
    } else {
        buf.clone()
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': {}, 'shape': {}, }}",
        dtype.descr(),
        if fortran { "True" } else { "False" },
        shape_literal(&buf.shape)
    );
    let buf = &stored;
    // Preamble: magic, 2 version bytes, 2 (v1) or 4 (v2) length bytes.
    let mut preamble = MAGIC.len() + 2 + 2;
    if header.len() + 1 + ALIGNMENT > usize::from(u16::MAX) {
        preamble += 2;
    }
    let unpadded = preamble + header.len() + 1;
    let padding = (ALIGNMENT - unpadded % ALIGNMENT) % ALIGNMENT;
    header.extend(std::iter::repeat_n(' ', padding));
    header.push('\n');

    let mut out = Vec::with_capacity(preamble + header.len() + buf.len() * dtype.size());
    out.extend_from_slice(MAGIC);
    if preamble == MAGIC.len() + 4 {
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&[2, 0]);
        let len = u32::try_from(header.len()).map_err(|_| NpyError::TooLarge {
            shape: buf.shape.clone(),
        })?;
        out.extend_from_slice(&len.to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    for &v in &buf.data {
        dtype.encode(v, &mut out);
    }
    Ok(out)
}

/// Reads a `.npy` file.
pub fn read_npy(path: &Path) -> Result<Buffer, NpyError> {
    let bytes = fs::read(path).map_err(|source| NpyError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_npy(&bytes).map_err(|e| NpyError::File {
        path: path.to_path_buf(),
        source: Box::new(e),
    })
}

/// Writes `buf` as a `.npy` file.
pub fn write_npy(path: &Path, buf: &Buffer) -> Result<(), NpyError> {
    write_npy_in(path, buf, &Layout::row_major())
}

/// Writes `buf` as a `.npy` file in the memory order of `layout`
/// ([`encode_npy_in`]).
pub fn write_npy_in(path: &Path, buf: &Buffer, layout: &Layout) -> Result<(), NpyError> {
    let bytes = encode_npy_in(buf, layout).map_err(|e| NpyError::File {
        path: path.to_path_buf(),
        source: Box::new(e),
    })?;
    fs::write(path, bytes).map_err(|source| NpyError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests;
