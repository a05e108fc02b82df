//! The PEs that build an op (docs/report.md, "Arithmetic"): aoc builds, in
//! each unrolled PE, only what that PE's position can use. An op's value
//! matters where the conditions around it hold (`t2s_ir::guard`) and where
//! every select on the way to its use takes it: the true arm of
//! `select(ii == 0, ..)` only in the PEs at `ii = 0`, the false arm only in
//! the others (T2S's PairHMM builds one of M's four positions per PE).

use melior::ir::operation::{OperationLike, OperationRef};
use t2s_ir::array::ArrayInfo;
use t2s_ir::guard::Key;
use t2s_ir::handle::AsVal;
use t2s_ir::ods;

/// What the PEs along one space loop that use a value must be.
#[derive(Clone, Default)]
struct Allowed {
    equal: Option<i64>,
    excluded: Vec<i64>,
    /// Two different values required: no PE.
    none: bool,
}

impl Allowed {
    fn require(&mut self, value: i64, equal: bool) {
        if !equal {
            if !self.excluded.contains(&value) {
                self.excluded.push(value);
            }
            return;
        }
        match self.equal {
            Some(v) if v != value => self.none = true,
            _ => self.equal = Some(value),
        }
    }

    /// How many of the PE indices `0..n` (coordinates `min..min + n`) it
    /// allows.
    fn count(&self, min: i64, n: i64) -> i64 {
        if self.none {
            return 0;
        }
        let inside = |v: &i64| (min..min + n).contains(v);
        match self.equal {
            Some(v) => i64::from(inside(&v) && !self.excluded.contains(&v)),
            None => n - self.excluded.iter().filter(|v| inside(v)).count() as i64,
        }
    }
}

/// The PEs (of `all`, the array's PEs times its lanes inside them) that
/// build `op`.
pub fn built_in(op: &OperationRef<'_, '_>, info: &ArrayInfo, all: u64) -> u64 {
    let Some(guard) = t2s_ir::guard::guard_of(*op, info, &[]) else {
        return all;
    };
    let space: Vec<_> = info.space.iter().filter(|s| !s.vectorized).collect();
    let mut allowed = vec![Allowed::default(); space.len()];
    let dim_of = |l: usize| {
        let name = &info.loops.get(l)?.name;
        space.iter().position(|s| &s.name == name)
    };
    for (l, key) in &guard.fixed {
        match (dim_of(*l), key) {
            (Some(d), Key::Constant(c)) => allowed[d].require(*c, true),
            _ => continue,
        }
    }
    for (l, value, equal) in selects_taking(op, info) {
        if let Some(d) = dim_of(l) {
            allowed[d].require(value, equal);
        }
    }
    let mut share = all;
    for (a, s) in allowed.iter().zip(&space) {
        let n = s.pe_extent().max(1);
        let kept = a.count(s.min, n);
        if kept < n {
            share = share / n as u64 * kept as u64;
        }
    }
    share
}

/// Along the chain of arithmetic and selects that take `op`'s value (its
/// one use, then that op's one use, ...), each select's condition on one
/// loop: `(loop, value,
/// equal)`, `equal` false on a false arm. Conditions of another form add
/// nothing (the count only grows).
fn selects_taking(op: &OperationRef<'_, '_>, info: &ArrayInfo) -> Vec<(usize, i64, bool)> {
    let mut found = Vec::new();
    let Ok(result) = op.result(0) else {
        return found;
    };
    let mut value = result.val();
    for _ in 0..64 {
        let [(user, operand)] = value.uses()[..] else {
            break;
        };
        let user = user.op();
        if user.block() != op.block() {
            break;
        }
        if ods::is(&user, ods::arith::SelectOperation::name()) {
            if operand == 0 {
                break;
            }
            if let Ok(condition) = user.operand(0) {
                loop_conditions(condition.val(), operand == 1, info, &mut found);
            }
        } else if super::model::kind_of(&user).is_none() {
            // Arithmetic passes the value on to where its result matters.
            break;
        }
        let Ok(next) = user.result(0) else { break };
        value = next.val();
    }
    found
}

/// `loop == c` (taken when `holds`), or on a true arm each conjunct of an
/// `arith.andi` of such.
fn loop_conditions(
    condition: t2s_ir::handle::Val,
    holds: bool,
    info: &ArrayInfo,
    found: &mut Vec<(usize, i64, bool)>,
) {
    let Some(op) = condition.defining_op().map(|o| o.op()) else {
        return;
    };
    if holds && ods::is(&op, ods::arith::AndIOperation::name()) {
        for i in 0..2 {
            if let Ok(v) = op.operand(i) {
                loop_conditions(v.val(), true, info, found);
            }
        }
        return;
    }
    if let Some((l, Key::Constant(c))) = t2s_ir::guard::fixes(condition, info, &[]) {
        found.push((l, c, holds));
    }
}
