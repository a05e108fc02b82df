//! MLIR types as OpenCL C types.
//!
//! Scalars map to OpenCL's scalar types (`index` is `long`: the 64-bit
//! index of the CPU lowering). A vector of 2, 3, 4, 8 or 16 lanes of a
//! number type is OpenCL's native vector (`float16`); any other vector — other
//! lane counts, n-D shapes, `i1` lanes — is a struct over a flat, row-major
//! array, `typedef struct { float s[5]; } float_5;` (vectorization.md). A
//! lane of either is read and written with [`CType::lane`].

use melior::ir::{Type, TypeLike};

/// The element of an OpenCL C type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Bool,
    Char,
    Short,
    Int,
    Long,
    Half,
    Float,
    Double,
}

impl Scalar {
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Char => "char",
            Scalar::Short => "short",
            Scalar::Int => "int",
            Scalar::Long => "long",
            Scalar::Half => "half",
            Scalar::Float => "float",
            Scalar::Double => "double",
        }
    }

    /// The unsigned type of the same width, for MLIR's unsigned integer
    /// ops on signless values.
    pub fn unsigned(self) -> &'static str {
        match self {
            Scalar::Bool => "uchar",
            Scalar::Char => "uchar",
            Scalar::Short => "ushort",
            Scalar::Int => "uint",
            Scalar::Long => "ulong",
            Scalar::Half | Scalar::Float | Scalar::Double => self.name(),
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Half | Scalar::Float | Scalar::Double)
    }

    pub fn bits(self) -> u32 {
        match self {
            Scalar::Bool => 1,
            Scalar::Char => 8,
            Scalar::Short | Scalar::Half => 16,
            Scalar::Int | Scalar::Float => 32,
            Scalar::Long | Scalar::Double => 64,
        }
    }
}

/// A scalar or a vector (`shape` non-empty) of scalars.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CType {
    pub scalar: Scalar,
    pub shape: Vec<i64>,
}

/// Lane counts OpenCL C has vector types for.
pub const NATIVE_LANES: [i64; 5] = [2, 3, 4, 8, 16];

impl CType {
    pub fn scalar(scalar: Scalar) -> CType {
        CType {
            scalar,
            shape: Vec::new(),
        }
    }

    pub fn is_vector(&self) -> bool {
        !self.shape.is_empty()
    }

    pub fn lanes(&self) -> i64 {
        self.shape.iter().product()
    }

    pub fn is_native(&self) -> bool {
        self.shape.len() == 1
            && NATIVE_LANES.contains(&self.shape[0])
            && self.scalar != Scalar::Bool
    }

    /// The type's name in the emitted code.
    pub fn name(&self) -> String {
        if !self.is_vector() {
            return self.scalar.name().to_string();
        }
        if self.is_native() {
            return format!("{}{}", self.scalar.name(), self.shape[0]);
        }
        let dims: Vec<String> = self.shape.iter().map(|d| d.to_string()).collect();
        format!("{}_{}", self.scalar.name(), dims.join("x"))
    }

    /// The typedef of a struct vector, or `None` for the others.
    pub fn typedef(&self) -> Option<String> {
        (self.is_vector() && !self.is_native()).then(|| {
            format!(
                "typedef struct {{ {} s[{}]; }} {};",
                self.scalar.name(),
                self.lanes(),
                self.name()
            )
        })
    }

    /// `sizeof` the type in OpenCL C (a 3-lane vector takes 4 lanes).
    pub fn bytes(&self) -> u64 {
        let element = u64::from(self.scalar.bits().max(8) / 8);
        let lanes = match self.shape.as_slice() {
            [3] if self.is_native() => 4,
            _ => self.lanes().max(1) as u64,
        };
        element * lanes
    }

    /// Lane `index` (a C expression) of the vector `value`.
    pub fn lane(&self, value: &str, index: &str) -> String {
        if self.is_native() {
            format!("{value}[{index}]")
        } else {
            format!("{value}.s[{index}]")
        }
    }
}

/// Why a type has no OpenCL C form.
pub fn scalar_of(ty: Type<'_>) -> Result<Scalar, String> {
    if ty.is_index() {
        return Ok(Scalar::Long);
    }
    {
        if let Some(width) = t2s_ir::types::int_width(ty) {
            return match width {
                1 => Ok(Scalar::Bool),
                8 => Ok(Scalar::Char),
                16 => Ok(Scalar::Short),
                32 => Ok(Scalar::Int),
                64 => Ok(Scalar::Long),
                w => Err(format!(
                    "OpenCL C has no {w}-bit integer type (i8, i16, i32, i64 and i1 only)"
                )),
            };
        }
        if ty.is_f16() {
            return Ok(Scalar::Half);
        }
        if ty.is_f32() {
            return Ok(Scalar::Float);
        }
        if ty.is_f64() {
            return Ok(Scalar::Double);
        }
    }
    Err(format!("OpenCL C has no type for {ty}"))
}

/// `ty` as an OpenCL C type: a scalar or a vector of scalars.
pub fn ctype(ty: Type<'_>) -> Result<CType, String> {
    {
        if t2s_ir::types::is_vector(ty) {
            let element = t2s_ir::types::element(ty);
            let shape: Vec<i64> = t2s_ir::types::shape(ty).unwrap_or_default();
            if shape.iter().any(|&d| d <= 0) || shape.is_empty() {
                return Err(format!("OpenCL C has no type for {ty}"));
            }
            return Ok(CType {
                scalar: scalar_of(element)?,
                shape,
            });
        }
    }
    Ok(CType::scalar(scalar_of(ty)?))
}

/// A memref: its element and shape (`None` for a dynamic size).
#[derive(Clone, Debug)]
pub struct MemRef {
    pub element: CType,
    pub shape: Vec<Option<i64>>,
}

pub fn memref(ty: Type<'_>) -> Result<Option<MemRef>, String> {
    {
        if !t2s_ir::types::is_memref(ty) {
            return Ok(None);
        }
        if !t2s_ir::types::has_identity_layout(ty) {
            return Err(format!(
                "{ty}: only memrefs of the identity (row-major) layout have an OpenCL C form"
            ));
        }
        let element = ctype(t2s_ir::types::element(ty))?;
        let dynamic = t2s_ir::types::dynamic_size();
        let shape = t2s_ir::types::shape(ty)
            .unwrap_or_default()
            .into_iter()
            .map(|n| (n != dynamic).then_some(n))
            .collect();
        Ok(Some(MemRef { element, shape }))
    }
}
