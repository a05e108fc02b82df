//! Typed accessors of the `ure` ops' attributes that the passes read: the
//! one place that names those attributes by key.

use super::*;
use melior::ir::attribute::{ArrayAttribute, IntegerAttribute, StringAttribute};

/// A loop nest's bounds: each loop with its minimum and extent.
pub type Bounds = Vec<(String, i64, ir::ExtentAttr)>;

impl NestOp<'_, '_> {
    /// The representative Func, without the `@`.
    pub fn representative(&self) -> String {
        ir::symbol(&self.0, "representative")
    }

    /// The loops, outermost first, with their bounds.
    pub fn bounds(&self) -> Bounds {
        super::super::bounds_attributes(&self.0, "loops")
    }
}

impl SetBoundsOp<'_, '_> {
    /// The Func whose loops it bounds, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }

    /// The loops bounded, with their minima and extents: for triangular
    /// bounds the box around them ([`Self::hull`]), or the constant and
    /// parameter parts where there is none.
    pub fn bounds(&self) -> Bounds {
        self.hull().unwrap_or_else(|_| self.rectangular_parts())
    }

    /// The constant and parameter parts of the bounds, without the loops
    /// they name.
    fn rectangular_parts(&self) -> Bounds {
        super::super::bounds_attributes(&self.0, "vars")
    }

    /// The loops that triangular bounds name (`j = k extent @N - k`).
    pub fn loop_terms(&self) -> Vec<crate::triangular::LoopTerm> {
        ir::array(&self.0, "loop_terms")
            .into_iter()
            .filter_map(|entry| {
                let parts = ArrayAttribute::try_from(entry).ok()?;
                let text = |i| {
                    StringAttribute::try_from(parts.element(i).ok()?)
                        .ok()
                        .map(|s| s.value().to_string())
                };
                let int = |i| {
                    IntegerAttribute::try_from(parts.element(i).ok()?)
                        .ok()
                        .map(|v| v.value())
                };
                Some(crate::triangular::LoopTerm {
                    var: text(0)?,
                    loop_name: text(1)?,
                    min_coef: int(2)?,
                    extent_coef: int(3)?,
                })
            })
            .collect()
    }

    /// The bounds as written, loop terms included.
    pub fn written(&self) -> Vec<crate::triangular::WrittenBound> {
        crate::triangular::written(&self.rectangular_parts(), &self.loop_terms())
    }

    /// The box around the domain (the bounds themselves when none names a
    /// loop); why there is none otherwise.
    pub fn hull(&self) -> Result<Bounds, String> {
        let terms = self.loop_terms();
        if terms.is_empty() {
            return Ok(self.rectangular_parts());
        }
        crate::triangular::hull(&self.written())
    }
}

impl DefOp<'_, '_> {
    /// The Func it defines, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }

    /// Its loop variables: the left-hand side's, then those after `with`.
    pub fn vars(&self) -> Vec<String> {
        ir::strings(&self.0, "vars")
    }

    /// How many of `vars` the left-hand side takes.
    pub fn num_lhs(&self) -> usize {
        ir::int(&self.0, "num_lhs").unwrap_or(0).max(0) as usize
    }
}

impl AtOp<'_, '_> {
    /// The Func it reads, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }
}

impl ParamValueOp<'_, '_> {
    /// The parameter, without the `@`.
    pub fn param(&self) -> String {
        ir::symbol(&self.0, "param")
    }
}

impl SpaceTimeTransformOp<'_, '_> {
    /// The Func whose nest it transforms, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }

    /// The space loops, as written.
    pub fn space(&self) -> Vec<String> {
        ir::strings(&self.0, "space")
    }

    /// The scheduling vector, if one is written.
    pub fn vector(&self) -> Option<Vec<i64>> {
        ir::optional_i64s(&self.0, "vector")
    }

    /// Whether the PEs check the time (T2S's CheckTime).
    pub fn check_time(&self) -> bool {
        self.0.has_attribute("check_time")
    }
}

impl<'c> StreamInputOp<'c, '_> {
    /// The loader kernel, without the `@`.
    pub fn loader(&self) -> String {
        ir::string(&self.0, "loader")
    }

    /// The loops the loader reads along, one vector per step.
    pub fn out(&self) -> Vec<String> {
        ir::strings(&self.0, "out")
    }

    /// The depth of the loader's channel (2 when not written).
    pub fn loader_depth(&self) -> i64 {
        ir::int(&self.0, "loader_depth").unwrap_or(2)
    }

    /// The feeder kernel, without the `@`.
    pub fn feeder(&self) -> String {
        ir::string(&self.0, "feeder")
    }

    /// The depth of the feeder's channels (2 when not written).
    pub fn feeder_depth(&self) -> i64 {
        ir::int(&self.0, "feeder_depth").unwrap_or(2)
    }
}

impl<'c> StreamOutputOp<'c, '_> {
    /// The output Func streamed, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }

    /// The collector kernel, without the `@`.
    pub fn collector(&self) -> String {
        ir::string(&self.0, "collector")
    }

    /// The collector's scope loop (none or one name).
    pub fn scope(&self) -> Vec<String> {
        ir::strings(&self.0, "scope")
    }

    /// The loops the collector sends along, one vector per step.
    pub fn out(&self) -> Vec<String> {
        ir::strings(&self.0, "out")
    }

    /// The depth of the channels (2 when not written).
    pub fn depth(&self) -> i64 {
        ir::int(&self.0, "depth").unwrap_or(2)
    }

    /// The unloader kernel, without the `@`.
    pub fn unloader(&self) -> String {
        ir::string(&self.0, "unloader")
    }
}

impl LoadOp<'_, '_> {
    /// The input it reads, without the `@`.
    pub fn input(&self) -> String {
        input_of(&self.0)
    }
}

view! {
    /// `ure.merge_ures`: UREs merged under one loop nest.
    MergeUresOp = ods::MergeUresOperation
}

impl MergeUresOp<'_, '_> {
    /// The representative Func, without the `@`.
    pub fn representative(&self) -> String {
        ir::symbol(&self.0, "representative")
    }

    /// The Funcs merged into it, without the `@`.
    pub fn ures(&self) -> Vec<String> {
        ir::symbols(&self.0, "ures")
    }
}

impl<'c> InputOp<'c, '_> {
    /// The input's declared type (a memref), if it has one.
    pub fn memref_type(&self) -> Option<melior::ir::Type<'c>> {
        super::super::type_attribute(&self.0, "type")
    }
}

view! {
    /// `ure.reorder`: Halide's reorder of a Func's loops.
    ReorderOp = ods::ReorderOperation
}

impl ReorderOp<'_, '_> {
    /// The loops, innermost first, in their new order.
    pub fn vars(&self) -> Vec<String> {
        ir::strings(&self.0, "vars")
    }
}

/// A chain along a space loop (`ure.gather`, `ure.scatter`): its kernel,
/// the Func or input passed along, the loop and the direction.
pub trait ChainDirective<'c: 'a, 'a>: super::super::View<'c, 'a> {
    /// The kernel (or the representative Func) it rewrites, without the `@`.
    fn target(&self) -> String {
        ir::symbol(&self.op(), "target")
    }

    /// The Func gathered or the input scattered, without the `@`.
    fn source(&self) -> String {
        ir::symbol(&self.op(), "source")
    }

    /// The space loop the chain runs along.
    fn chain_loop(&self) -> String {
        ir::string(&self.op(), "loop")
    }

    /// Whether the chain runs down the loop (towards its minimum).
    fn down(&self) -> bool {
        self.op()
            .attribute("down")
            .ok()
            .and_then(|a| melior::ir::attribute::BoolAttribute::try_from(a).ok())
            .is_some_and(|b| b.value())
    }
}

view! {
    /// `ure.gather`: an output's values passed along a space loop to the
    /// PE that stores them.
    GatherOp = ods::GatherOperation
}

view! {
    /// `ure.scatter`: an input's values passed along a space loop from the
    /// PE that loads them.
    ScatterOp = ods::ScatterOperation
}

impl<'c, 'a> ChainDirective<'c, 'a> for GatherOp<'c, 'a> {}
impl<'c, 'a> ChainDirective<'c, 'a> for ScatterOp<'c, 'a> {}

view! {
    /// `ure.unroll`: loops built one copy per iteration (T2S's unroll).
    UnrollOp = ods::UnrollOperation
}

impl UnrollOp<'_, '_> {
    /// The Func whose loops it names, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }

    /// The loops it unrolls.
    pub fn loops(&self) -> Vec<String> {
        ir::strings(&self.0, "loops")
    }
}

view! {
    /// `ure.remove`: loops a loader does not iterate (T2S's remove).
    RemoveOp = ods::RemoveOperation
}

impl RemoveOp<'_, '_> {
    /// The loader kernel it names, without the `@`.
    pub fn kernel(&self) -> String {
        ir::symbol(&self.0, "kernel")
    }

    /// The loops it removes.
    pub fn loops(&self) -> Vec<String> {
        ir::strings(&self.0, "loops")
    }
}

/// The parameter a `ure.param_value` reads, without the `@` (`None` for
/// another op).
pub fn param_of(op: &melior::ir::operation::OperationRef<'_, '_>) -> Option<String> {
    <ParamValueOp as super::super::View>::cast(*op).map(|p| p.param())
}
