//! Typed views of the t2s ops: a view is an `OperationRef` known to be of
//! one op, with accessors for what the passes read and edit. Passes match
//! ops through [`View::cast`] (the op name comes from the builders that
//! `melior::dialect!` generates from the `.td` files, never from a string
//! in a pass) and build them through those builders or [`crate::emit`].

pub mod channel;
pub mod spacetime;
pub mod ure;
pub mod vector;

use melior::ir::operation::{OperationLike, OperationRef};

/// A view of one kind of op.
pub trait View<'c, 'a>: Sized + Copy {
    /// The op's full name, from the generated builders.
    fn op_name() -> &'static str;
    fn wrap(op: OperationRef<'c, 'a>) -> Self;
    fn op(&self) -> OperationRef<'c, 'a>;

    /// The view of `op` if it is of this kind.
    fn cast(op: OperationRef<'c, 'a>) -> Option<Self> {
        is_named(&op, Self::op_name()).then(|| Self::wrap(op))
    }
}

/// Whether `op` is the op `name` (compared without allocating).
pub fn is_named(op: &OperationRef<'_, '_>, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

/// Declares a view struct over `$builder::name()`.
macro_rules! view {
    ($(#[doc = $doc:literal])* $view:ident = $builder:path) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy)]
        pub struct $view<'c, 'a>(melior::ir::operation::OperationRef<'c, 'a>);

        impl<'c, 'a> $crate::ops::View<'c, 'a> for $view<'c, 'a> {
            fn op_name() -> &'static str {
                <$builder>::name()
            }
            fn wrap(op: melior::ir::operation::OperationRef<'c, 'a>) -> Self {
                Self(op)
            }
            fn op(&self) -> melior::ir::operation::OperationRef<'c, 'a> {
                self.0
            }
        }

        impl<'c, 'a> $view<'c, 'a> {
            /// The op's location, for diagnostics about it.
            pub fn location(&self) -> melior::ir::Location<'c> {
                use melior::ir::operation::OperationLike as _;
                self.0.location()
            }
        }
    };
}
pub(crate) use view;

/// Every op of kind `V` nested under `root` (pre-order), collected before
/// the caller edits the IR.
pub fn all<'c, 'a, V: View<'c, 'a>>(root: OperationRef<'c, 'a>) -> Vec<V> {
    crate::ir::collect(root, V::op_name())
        .into_iter()
        .map(V::wrap)
        .collect()
}

/// The ops of kind `V` directly in the single block of `op`'s first region.
pub fn children<'c, 'a, V: View<'c, 'a>>(op: &OperationRef<'c, 'a>) -> Vec<V> {
    crate::ir::body_ops(op, 0)
        .into_iter()
        .filter_map(V::cast)
        .collect()
}

/// The loops of a `ure.nest` or a `spacetime.array`, outermost first, with
/// their bounds (none for any other op).
pub fn loop_bounds(op: &OperationRef<'_, '_>) -> ure::Bounds {
    if let Some(nest) = ure::NestOp::cast(*op) {
        return nest.bounds();
    }
    spacetime::ArrayOp::cast(*op).map_or_else(Vec::new, |a| a.bounds())
}

/// An op's loop bounds from its `names` list and its `mins` and `extents`
/// (a `ure.nest`, a `spacetime.array`, a `ure.set_bounds`).
fn bounds_attributes(op: &OperationRef<'_, '_>, names: &str) -> ure::Bounds {
    let (names, mins, extents) = (
        crate::ir::strings(op, names),
        crate::ir::i64s(op, "mins"),
        crate::ir::extents(op, "extents"),
    );
    names
        .into_iter()
        .zip(mins)
        .zip(extents)
        .map(|((v, m), x)| (v, m, x))
        .collect()
}

/// A `TypeAttr` of an op, if it has one.
fn type_attribute<'c>(op: &OperationRef<'c, '_>, name: &str) -> Option<melior::ir::Type<'c>> {
    op.attribute(name)
        .ok()
        .and_then(|a| melior::ir::attribute::TypeAttribute::try_from(a).ok())
        .map(|t| t.value())
}

/// The predicate of an `arith.cmpi` (`None` for another op).
pub fn cmpi_predicate(op: &OperationRef<'_, '_>) -> Option<i64> {
    is_named(op, crate::ods::arith::CmpIOperation::name())
        .then(|| crate::ir::int(op, "predicate"))
        .flatten()
}
