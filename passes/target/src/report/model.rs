//! The resource and throughput model of `t2s-report` (docs/report.md): what
//! one kernel's array replicates in hardware, counted off the IR, and the
//! DSP blocks an Intel FPGA with hard floating point (Arria 10, Stratix 10)
//! spends on it.

use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    RegionLike, Type, ValueLike,
};
use serde::Serialize;
use std::collections::HashSet;
use t2s_ir::handle::Op;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::types;

/// What an arithmetic op is, for the cost model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A multiply whose product feeds one add (or `fma`): one DSP in
    /// multiply-add mode.
    MultiplyAdd,
    Multiply,
    Add,
    Divide,
}

impl Kind {
    pub fn text(self) -> &'static str {
        match self {
            Kind::MultiplyAdd => "multiply-add",
            Kind::Multiply => "multiply",
            Kind::Add => "add",
            Kind::Divide => "divide",
        }
    }

    /// Arithmetic operations it does (a multiply-add is two).
    pub fn operations(self) -> u64 {
        match self {
            Kind::MultiplyAdd => 2,
            _ => 1,
        }
    }
}

/// The element type of an op, as the model tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Element {
    Float(u32),
    Int(u32),
}

impl Element {
    fn of(ty: Type<'_>) -> Option<Element> {
        let element = types::element(ty);
        if let Some(w) = types::float_width(element) {
            return Some(Element::Float(w));
        }
        // index is address arithmetic, i1 control: logic, not datapath.
        types::int_width(element)
            .filter(|w| *w > 1)
            .map(Element::Int)
    }

    pub fn text(self) -> String {
        match self {
            Element::Float(w) => format!("f{w}"),
            Element::Int(w) => format!("i{w}"),
        }
    }

    pub fn bits(self) -> u64 {
        match self {
            Element::Float(w) | Element::Int(w) => u64::from(w),
        }
    }
}

/// DSP blocks of one op of `kind` on one lane (docs/report.md, "Model").
pub fn dsps(kind: Kind, element: Element) -> f64 {
    match (kind, element) {
        (Kind::Divide, _) => 0.0,
        // The hard floating-point DSP does an f32 multiply, add or
        // multiply-add; f16 runs on it unpacked.
        (_, Element::Float(w)) if w <= 32 => 1.0,
        // No hard f64: the multiplier is built from four 27x27 blocks, the
        // adder from logic.
        (Kind::Add, Element::Float(_)) => 0.0,
        (_, Element::Float(_)) => 4.0,
        (Kind::Add, Element::Int(_)) => 0.0,
        // Two 18x19 multipliers per block, one 27x27, and larger products
        // from several.
        (_, Element::Int(w)) if w <= 18 => 0.5,
        (_, Element::Int(w)) if w <= 27 => 1.0,
        (_, Element::Int(w)) if w <= 36 => 2.0,
        (_, Element::Int(_)) => 4.0,
    }
}

/// Arithmetic ops of one kind and element type in one PE, per step.
#[derive(Clone, Debug, Serialize)]
pub struct OpCount {
    /// `multiply-add`, `multiply`, `add` or `divide`.
    pub kind: &'static str,
    /// `f32`, `i16`, ...
    #[serde(rename = "type")]
    pub element: String,
    /// Ops per PE and step, every lane counted (in a PE that builds them
    /// all).
    pub per_pe: u64,
    /// Ops per step over all PEs (each op in the PEs that build it).
    pub per_step: u64,
    pub dsps: f64,
}

/// The model's kind of `op`, before fusion; `None` for ops it leaves to
/// logic (selects, compares, casts, constants).
pub(super) fn kind_of(op: &OperationRef<'_, '_>) -> Option<Kind> {
    Some(t2s_ir::op_match!(ir::name(op), {
        ods::arith::AddFOperation | ods::arith::SubFOperation | ods::arith::AddIOperation
            | ods::arith::SubIOperation => Kind::Add,
        ods::math::FmaOperation | ods::vector::FMAOperation => Kind::MultiplyAdd,
        ods::arith::MulFOperation | ods::arith::MulIOperation => Kind::Multiply,
        ods::arith::DivFOperation | ods::arith::DivSIOperation | ods::arith::DivUIOperation
            | ods::arith::RemSIOperation | ods::arith::RemUIOperation | ods::arith::RemFOperation
            | ods::arith::FloorDivSIOperation | ods::arith::CeilDivSIOperation => Kind::Divide,
        // A lane reduction (vectorize) combines each lane once: an add (or
        // multiply) per lane, the first with the accumulator.
        ods::vector::ReductionOperation => match t2s_ir::ops::vector::reduction_kind(op).as_deref() {
            Some("add") => Kind::Add,
            Some("mul") => Kind::Multiply,
            _ => return None,
        },
        _ => return None,
    }))
}

/// The ops of an array's body, each lane counted, with each multiply whose
/// product only one add uses fused into that add. `built_in` gives the PEs
/// an op is built in: every PE, but where its conditions fix a space loop
/// (`i == 0`), only the PEs there, as aoc builds each unrolled PE.
pub fn count_ops(
    body: &OperationRef<'_, '_>,
    built_in: impl Fn(&OperationRef<'_, '_>) -> u64,
) -> Vec<OpCount> {
    let mut all = Vec::new();
    walk(body, &mut all);
    let modelled: Vec<(Op, Kind, Element, Lanes)> = all
        .iter()
        .filter_map(|op| {
            let kind = kind_of(op)?;
            let ty = op.result(0).ok()?.r#type();
            // A reduction's lanes are its operand's.
            let laned = match ods::is(op, ods::vector::ReductionOperation::name()) {
                true => op.operand(0).ok()?.r#type(),
                false => ty,
            };
            let lanes = types::shape(laned).map_or(1, |s| s.iter().product::<i64>().max(1) as u64);
            let pes = built_in(op);
            Some((Op::of(op), kind, Element::of(ty)?, (lanes, pes)))
        })
        .collect();
    let mut fused: HashSet<Op> = HashSet::new();
    // Per kind and type: ops per PE (every lane) and per step (every PE).
    let mut tally: Vec<((Kind, Element), (u64, u64))> = Vec::new();
    let mut add = |kind: Kind, element: Element, (lanes, pes): Lanes| {
        let per_step = lanes.saturating_mul(pes);
        match tally.iter_mut().find(|(k, _)| *k == (kind, element)) {
            Some((_, (n, s))) => {
                *n += lanes;
                *s = s.saturating_add(per_step);
            }
            None => tally.push(((kind, element), (lanes, per_step))),
        }
    };
    // Adds first: each takes the multiply it can fuse.
    for (op, kind, element, lanes) in &modelled {
        let kind = match kind {
            Kind::Multiply => continue,
            Kind::Add => {
                let product = op.operands().into_iter().find_map(|v| {
                    let def = v.defining_op()?;
                    let single_use = v.users().len() == 1;
                    let is_mul = modelled
                        .iter()
                        .any(|(m, k, e, _)| *m == def && *k == Kind::Multiply && e == element);
                    (single_use && is_mul && !fused.contains(&def)).then_some(def)
                });
                match product {
                    Some(def) => {
                        fused.insert(def);
                        Kind::MultiplyAdd
                    }
                    None => Kind::Add,
                }
            }
            k => *k,
        };
        add(kind, *element, *lanes);
    }
    for (op, kind, element, lanes) in &modelled {
        if *kind == Kind::Multiply && !fused.contains(op) {
            add(Kind::Multiply, *element, *lanes);
        }
    }
    tally.retain(|(_, (n, _))| *n > 0);
    tally.sort_by_key(|(k, _)| *k);
    tally
        .into_iter()
        .map(|((kind, element), (per_pe, per_step))| OpCount {
            kind: kind.text(),
            element: element.text(),
            per_pe,
            per_step,
            dsps: dsps(kind, element) * per_step as f64,
        })
        .collect()
}

/// An op's lanes and the PEs it is built in.
type Lanes = (u64, u64);

/// Every op nested in `op`'s regions, in order.
fn walk<'c, 'a>(op: &OperationRef<'c, 'a>, out: &mut Vec<OperationRef<'c, 'a>>) {
    for r in 0..op.region_count() {
        let Ok(region) = op.region(r) else { continue };
        let mut block = region.first_block();
        while let Some(b) = block {
            for inner in ir::ops(b) {
                out.push(inner);
                walk(&inner, out);
            }
            block = b.next_in_region();
        }
    }
}

/// Bits of one value of `ty` (a vector counts every lane).
pub fn value_bits(ty: Type<'_>) -> u64 {
    let lanes = types::shape(ty).map_or(1, |s| s.iter().product::<i64>().max(1) as u64);
    let element = types::element(ty);
    let bits = types::float_width(element)
        .or_else(|| types::int_width(element))
        // index: 64 bits.
        .unwrap_or(64);
    lanes * u64::from(bits)
}
