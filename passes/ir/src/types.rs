//! Queries of builtin types (shapes, element types, widths, memory spaces)
//! and attributes (dense elements, affine maps, strings) that melior does
//! not offer: with [`crate::handle`], the audited place where
//! t2s calls the MLIR C API, each call with its `SAFETY:` line.
//!
//! Every function takes a live `Type` (melior's own values are) and only
//! reads it; shape queries are guarded by the type test the C API requires.

use melior::ir::{
    attribute::{
        AttributeLike, BoolAttribute, DenseElementsAttribute, FloatAttribute, IntegerAttribute,
        StringAttribute,
    },
    Attribute, Type, TypeLike,
};

/// The C API's marker of a dynamic dimension.
pub fn dynamic_size() -> i64 {
    // SAFETY: a constant query.
    unsafe { mlir_sys::mlirShapedTypeGetDynamicSize() }
}

pub fn is_vector(ty: Type<'_>) -> bool {
    ty.is_vector()
}

pub fn is_memref(ty: Type<'_>) -> bool {
    ty.is_mem_ref()
}

pub fn is_float(ty: Type<'_>) -> bool {
    ty.is_float()
}

pub fn is_integer(ty: Type<'_>) -> bool {
    ty.is_integer()
}

pub fn is_index(ty: Type<'_>) -> bool {
    ty.is_index()
}

fn is_shaped(ty: Type<'_>) -> bool {
    ty.is_shaped()
}

/// The dimensions of a ranked vector, memref or tensor type (dynamic ones
/// as [`dynamic_size`]); `None` for any other type.
pub fn shape(ty: Type<'_>) -> Option<Vec<i64>> {
    let rank = rank(ty)?;
    Some(
        (0..rank)
            // SAFETY: a ranked shaped type and a dimension below its rank.
            .map(|d| unsafe { mlir_sys::mlirShapedTypeGetDimSize(ty.to_raw(), d as isize) })
            .collect(),
    )
}

/// The rank of a ranked shaped type.
pub fn rank(ty: Type<'_>) -> Option<usize> {
    // SAFETY: a live type; the rank is read only when it has one.
    unsafe {
        (is_shaped(ty) && mlir_sys::mlirShapedTypeHasRank(ty.to_raw()))
            .then(|| mlir_sys::mlirShapedTypeGetRank(ty.to_raw()) as usize)
    }
}

/// The element type of a shaped type, or the type itself.
pub fn element(ty: Type<'_>) -> Type<'_> {
    if !is_shaped(ty) {
        return ty;
    }
    // SAFETY: a shaped type; its element type lives in the same context.
    unsafe { Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(ty.to_raw())) }
}

/// The width of an integer type.
pub fn int_width(ty: Type<'_>) -> Option<u32> {
    // SAFETY: a live type; the width is read only of an integer type.
    is_integer(ty).then(|| unsafe { mlir_sys::mlirIntegerTypeGetWidth(ty.to_raw()) })
}

/// The width of a float type.
pub fn float_width(ty: Type<'_>) -> Option<u32> {
    // SAFETY: a live type; the width is read only of a float type.
    is_float(ty).then(|| unsafe { mlir_sys::mlirFloatTypeGetWidth(ty.to_raw()) })
}

/// Whether a vector type has scalable dimensions.
pub fn is_scalable(ty: Type<'_>) -> bool {
    // SAFETY: a live type; the query is made only of a vector type.
    is_vector(ty) && unsafe { mlir_sys::mlirVectorTypeIsScalable(ty.to_raw()) }
}

/// The memory space of a memref type, if it has one.
pub fn memory_space(ty: Type<'_>) -> Option<Attribute<'_>> {
    if !is_memref(ty) {
        return None;
    }
    // SAFETY: a memref type; a null attribute means no memory space.
    let raw = unsafe { mlir_sys::mlirMemRefTypeGetMemorySpace(ty.to_raw()) };
    // SAFETY: a non-null attribute of the type's context.
    (!raw.ptr.is_null()).then(|| unsafe { Attribute::from_raw(raw) })
}

/// Whether an attribute is a splat of dense elements (`dense<c>`).
pub fn is_splat(attribute: Attribute<'_>) -> bool {
    DenseElementsAttribute::try_from(attribute).is_ok_and(|d| d.is_splat())
}

/// The element at `index` (one coordinate per dimension) of an elements
/// attribute (`dense<...>`), if it is one and the index is inside it.
pub fn element_at<'c>(attribute: Attribute<'c>, index: &[u64]) -> Option<Attribute<'c>> {
    let raw = attribute.to_raw();
    // SAFETY: a live attribute; the element is read only of an elements
    // attribute and an index it reports valid.
    unsafe {
        let mut index = index.to_vec();
        let valid = mlir_sys::mlirAttributeIsAElements(raw)
            && mlir_sys::mlirElementsAttrIsValidIndex(
                raw,
                index.len() as isize,
                index.as_mut_ptr(),
            );
        valid.then(|| {
            Attribute::from_raw(mlir_sys::mlirElementsAttrGetValue(
                raw,
                index.len() as isize,
                index.as_mut_ptr(),
            ))
        })
    }
}

/// Whether a memref type's layout is the identity (row-major, no offset).
pub fn has_identity_layout(ty: Type<'_>) -> bool {
    // SAFETY: a memref type; its layout map is only queried.
    is_memref(ty)
        && unsafe {
            mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirMemRefTypeGetAffineMap(ty.to_raw()))
        }
}

/// The memory order of a memref type's dimensions: its layout, when it is a
/// permutation map (the identity is row-major); `None` for any other layout.
pub fn memref_layout(ty: Type<'_>) -> Option<t2s_model::Layout> {
    if !is_memref(ty) {
        return None;
    }
    // SAFETY: a memref type; its layout attribute is only read.
    let layout = unsafe { Attribute::from_raw(mlir_sys::mlirMemRefTypeGetLayout(ty.to_raw())) };
    permutation(layout)
}

/// The memory order a permutation map attribute gives, slowest first.
pub fn permutation(attribute: Attribute<'_>) -> Option<t2s_model::Layout> {
    let (dims, results) = affine_map(attribute)?;
    let order = results
        .iter()
        .map(|r| match r {
            AffineExpr::Dim(d) => Some(*d),
            _ => None,
        })
        .collect::<Option<Vec<usize>>>()?;
    (order.len() == dims)
        .then(|| t2s_model::Layout::from_order(order))
        .flatten()
}

/// The value of an integer or bool attribute.
pub fn int_value(attribute: Attribute<'_>) -> Option<i64> {
    if let Ok(int) = IntegerAttribute::try_from(attribute) {
        return Some(int.value());
    }
    BoolAttribute::try_from(attribute)
        .ok()
        .map(|b| i64::from(b.value()))
}

/// The value of a float attribute.
pub fn float_value(attribute: Attribute<'_>) -> Option<f64> {
    FloatAttribute::try_from(attribute).ok().map(|f| f.value())
}

/// Every element of a dense elements attribute of `shape`, row-major (a
/// splat repeated); `None` for any other attribute or shape.
pub fn dense_elements<'c>(attribute: Attribute<'c>, shape: &[i64]) -> Option<Vec<Attribute<'c>>> {
    let dense = DenseElementsAttribute::try_from(attribute).ok()?;
    let total = shape
        .iter()
        .try_fold(1usize, |n, d| n.checked_mul(usize::try_from(*d).ok()?))?;
    if dense.is_splat() {
        return Some(vec![dense.splat_value(); total]);
    }
    if dense.len() != total {
        return None;
    }
    (0..total)
        .map(|flat| {
            let mut index = vec![0u64; shape.len()];
            let mut rest = flat as u64;
            for d in (0..shape.len()).rev() {
                index[d] = rest % shape[d] as u64;
                rest /= shape[d] as u64;
            }
            element_at(attribute, &index)
        })
        .collect()
}

/// A dense elements attribute of `ty` (a vector or tensor type) holding
/// `elements` in row-major order.
pub fn dense_of<'c>(ty: Type<'c>, elements: &[Attribute<'c>]) -> Option<Attribute<'c>> {
    DenseElementsAttribute::new(ty, elements)
        .ok()
        .map(Into::into)
}

/// An affine expression, as far as t2s reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AffineExpr {
    Constant(i64),
    Dim(usize),
    Add(Box<AffineExpr>, Box<AffineExpr>),
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
    /// A symbol.
    Other,
}

/// The number of dimensions and the results of an `AffineMapAttr`.
pub fn affine_map(attribute: Attribute<'_>) -> Option<(usize, Vec<AffineExpr>)> {
    let raw = attribute.to_raw();
    // SAFETY: a live attribute; the map is read only of an affine map
    // attribute, its results only below their count.
    unsafe {
        if !mlir_sys::mlirAttributeIsAAffineMap(raw) {
            return None;
        }
        let map = mlir_sys::mlirAffineMapAttrGetValue(raw);
        let dims = mlir_sys::mlirAffineMapGetNumDims(map) as usize;
        let results = (0..mlir_sys::mlirAffineMapGetNumResults(map))
            .map(|i| affine_expr(mlir_sys::mlirAffineMapGetResult(map, i)))
            .collect();
        Some((dims, results))
    }
}

fn affine_expr(expr: mlir_sys::MlirAffineExpr) -> AffineExpr {
    // SAFETY: a live affine expression (of a live map); each accessor only
    // of the kind it belongs to.
    unsafe {
        if mlir_sys::mlirAffineExprIsAConstant(expr) {
            return AffineExpr::Constant(mlir_sys::mlirAffineConstantExprGetValue(expr));
        }
        if mlir_sys::mlirAffineExprIsADim(expr) {
            return AffineExpr::Dim(mlir_sys::mlirAffineDimExprGetPosition(expr) as usize);
        }
        if mlir_sys::mlirAffineExprIsABinary(expr) {
            let lhs = Box::new(affine_expr(mlir_sys::mlirAffineBinaryOpExprGetLHS(expr)));
            let rhs = Box::new(affine_expr(mlir_sys::mlirAffineBinaryOpExprGetRHS(expr)));
            if mlir_sys::mlirAffineExprIsAAdd(expr) {
                return AffineExpr::Add(lhs, rhs);
            }
            if mlir_sys::mlirAffineExprIsAMul(expr) {
                return AffineExpr::Mul(lhs, rhs);
            }
            if mlir_sys::mlirAffineExprIsAMod(expr) {
                return AffineExpr::Mod(lhs, rhs);
            }
            if mlir_sys::mlirAffineExprIsAFloorDiv(expr) {
                return AffineExpr::FloorDiv(lhs, rhs);
            }
            if mlir_sys::mlirAffineExprIsACeilDiv(expr) {
                return AffineExpr::CeilDiv(lhs, rhs);
            }
        }
    }
    AffineExpr::Other
}

/// The value of a string attribute (empty ones too, which melior cannot
/// view).
pub fn string_value(attribute: Attribute<'_>) -> Option<String> {
    let s = StringAttribute::try_from(attribute).ok()?;
    // SAFETY: a live string attribute; only its length is read.
    let empty = unsafe { mlir_sys::mlirStringAttrGetValue(s.to_raw()).length == 0 };
    Some(if empty {
        String::new()
    } else {
        s.value().to_string()
    })
}
