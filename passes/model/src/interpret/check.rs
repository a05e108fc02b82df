//! The interpreter's static checks of a program: types, affine indices,
//! casts, before any point runs.

use super::*;
// ---------------------------------------------------------------------------
// Static checks
// ---------------------------------------------------------------------------

/// What the static check learns about a Func.
pub(super) struct FuncInfo {
    /// Position in `program.loops` of each of the Func's variables.
    pub(super) var_loops: Vec<usize>,
    /// The type of each node.
    pub(super) types: Vec<ScalarType>,
}

pub(super) fn check_type(ty: ScalarType) -> Result<(), String> {
    match ty {
        ScalarType::Int(w) if !(1..=64).contains(&w) => {
            Err(format!("integer width {w} is not in 1..=64"))
        }
        _ => Ok(()),
    }
}

pub(super) fn is_int_like(ty: ScalarType) -> bool {
    matches!(ty, ScalarType::Int(_) | ScalarType::Index)
}

pub(super) fn expect_type(what: &str, got: ScalarType, expected: ScalarType) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("{what} has type {got}, expected {expected}"))
    }
}

/// Indices use the Func's arguments, and for inputs the parameters after
/// them (`extra` positions).
pub(super) fn check_affines(func: &Func, indices: &[Affine], extra: usize) -> Result<(), String> {
    for affine in indices {
        if let Some(&(p, _)) = affine
            .terms
            .iter()
            .find(|(p, _)| *p >= func.vars.len() + extra)
        {
            return Err(format!(
                "index uses argument {p}, but the Func has {} arguments",
                func.vars.len()
            ));
        }
    }
    Ok(())
}

pub(super) fn check_cast(op: CastOp, from: ScalarType, to: ScalarType) -> Result<(), String> {
    use CastOp::*;
    let ok = match op {
        ExtSI | ExtUI | TruncI | IndexCast | IndexCastUI => is_int_like(from) && is_int_like(to),
        SIToFP | UIToFP => is_int_like(from) && to.is_float(),
        FPToSI | FPToUI => from.is_float() && is_int_like(to),
        ExtF | TruncF => from.is_float() && to.is_float(),
        Bitcast => {
            from != ScalarType::Index
                && to != ScalarType::Index
                && from.bit_width() == to.bit_width()
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("cannot {op:?} from {from} to {to}"))
    }
}

/// The type of `node`, given the types of the earlier nodes.
pub(super) fn node_type(
    program: &Program,
    func: &Func,
    types: &[ScalarType],
    node: &Node,
) -> Result<ScalarType, String> {
    let ty_of = |id: NodeId| {
        types
            .get(id)
            .copied()
            .ok_or_else(|| format!("operand {id} is not an earlier node"))
    };
    match node {
        Node::Arg(a) if *a >= func.vars.len() => Err(format!("argument {a} does not exist")),
        Node::Param(p) if *p >= program.params.len() => {
            Err(format!("parameter {p} does not exist"))
        }
        Node::Arg(_) | Node::Param(_) => Ok(ScalarType::Index),
        Node::Const(v, ty) => {
            check_type(*ty)?;
            const_value(*v, *ty).map_err(|_| format!("constant {v:?} is not of type {ty}"))?;
            Ok(*ty)
        }
        Node::Unary { op, a, ty } => {
            if !ty.is_float() {
                return Err(format!("{op:?} on non-float type {ty}"));
            }
            expect_type("operand", ty_of(*a)?, *ty)?;
            Ok(*ty)
        }
        Node::Binary { op, a, b, ty } => {
            check_type(*ty)?;
            if is_float_op(*op) != ty.is_float() {
                return Err(format!("{op:?} cannot have type {ty}"));
            }
            expect_type("left operand", ty_of(*a)?, *ty)?;
            expect_type("right operand", ty_of(*b)?, *ty)?;
            Ok(*ty)
        }
        Node::Cmp { pred, a, b } => {
            let (ta, tb) = (ty_of(*a)?, ty_of(*b)?);
            expect_type("right operand", tb, ta)?;
            if is_float_predicate(*pred) != ta.is_float() {
                return Err(format!("predicate {pred:?} cannot compare {ta}"));
            }
            Ok(ScalarType::Int(1))
        }
        Node::Select { cond, a, b, ty } => {
            expect_type("condition", ty_of(*cond)?, ScalarType::Int(1))?;
            expect_type("true operand", ty_of(*a)?, *ty)?;
            expect_type("false operand", ty_of(*b)?, *ty)?;
            Ok(*ty)
        }
        Node::Cast { op, a, ty } => {
            check_type(*ty)?;
            check_cast(*op, ty_of(*a)?, *ty)?;
            Ok(*ty)
        }
        Node::Math { op, args, ty } => {
            let operands = args
                .iter()
                .map(|a| ty_of(*a))
                .collect::<Result<Vec<_>, _>>()?;
            math_type(*op, &operands, *ty)
        }
        Node::FuncRef {
            func: callee,
            result,
            indices,
        } => func_ref_type(program, func, *callee, *result, indices),
        Node::InputRead { input, indices } => input_read_type(program, func, *input, indices),
    }
}

/// The type of a `math` op of operands of `operands` types.
fn math_type(op: MathOp, operands: &[ScalarType], ty: ScalarType) -> Result<ScalarType, String> {
    check_type(ty)?;
    if (op == MathOp::AbsI) == ty.is_float() {
        return Err(format!("math.{} cannot have type {ty}", op.mnemonic()));
    }
    for operand in operands {
        expect_type("operand", *operand, ty)?;
    }
    Ok(ty)
}

/// The type of result `result` of Func `callee`, read at `indices`.
fn func_ref_type(
    program: &Program,
    func: &Func,
    callee: usize,
    result: usize,
    indices: &[Affine],
) -> Result<ScalarType, String> {
    let g = program
        .funcs
        .get(callee)
        .ok_or_else(|| format!("Func {callee} does not exist"))?;
    let ty = g
        .result_types
        .get(result)
        .copied()
        .ok_or_else(|| format!("Func `{}` has no result {result}", g.name))?;
    if indices.len() != g.lhs.len() {
        return Err(format!(
            "Func `{}` takes {} indices, got {}",
            g.name,
            g.lhs.len(),
            indices.len()
        ));
    }
    check_affines(func, indices, 0)?;
    Ok(ty)
}

/// The element type of input `input`, read at `indices`.
fn input_read_type(
    program: &Program,
    func: &Func,
    input: usize,
    indices: &[crate::QuasiAffine],
) -> Result<ScalarType, String> {
    let decl = program
        .inputs
        .get(input)
        .ok_or_else(|| format!("input {input} does not exist"))?;
    if indices.len() != decl.shape.len() {
        return Err(format!(
            "input `{}` takes {} indices, got {}",
            decl.name,
            decl.shape.len(),
            indices.len()
        ));
    }
    let positions: Vec<Affine> = indices
        .iter()
        .map(|q| Affine {
            terms: q.positions().into_iter().map(|p| (p, 1)).collect(),
            constant: 0,
        })
        .collect();
    check_affines(func, &positions, program.params.len())?;
    Ok(decl.elem)
}

pub(super) fn check_func(program: &Program, func: &Func) -> Result<FuncInfo, InterpretError> {
    let malformed = |node: Option<usize>, reason: String| InterpretError::Malformed {
        context: match node {
            Some(n) => format!("Func `{}`, node {n}", func.name),
            None => format!("Func `{}`", func.name),
        },
        reason,
    };
    let var_loops = func
        .vars
        .iter()
        .map(|v| {
            program
                .loop_index(v)
                .ok_or_else(|| malformed(None, format!("variable `{v}` names no loop")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(p) = func.lhs.iter().find(|&&p| p >= func.vars.len()) {
        return Err(malformed(
            None,
            format!("left-hand side position {p} is not a variable"),
        ));
    }
    for &ty in &func.result_types {
        check_type(ty).map_err(|r| malformed(None, r))?;
    }
    let mut types = Vec::with_capacity(func.body.nodes.len());
    for (n, node) in func.body.nodes.iter().enumerate() {
        let ty = node_type(program, func, &types, node).map_err(|r| malformed(Some(n), r))?;
        types.push(ty);
    }
    let body = &func.body;
    if body.yields.len() != func.result_types.len() {
        return Err(malformed(
            None,
            format!(
                "{} results but {} yielded values",
                func.result_types.len(),
                body.yields.len()
            ),
        ));
    }
    for (r, (&y, &rt)) in body.yields.iter().zip(&func.result_types).enumerate() {
        let ty = types
            .get(y)
            .copied()
            .ok_or_else(|| malformed(None, format!("yielded node {y} does not exist")))?;
        expect_type(&format!("result {r}"), ty, rt).map_err(|e| malformed(None, e))?;
    }
    if let Some(g) = body.guard {
        let ty = types
            .get(g)
            .copied()
            .ok_or_else(|| malformed(None, format!("guard node {g} does not exist")))?;
        expect_type("guard", ty, ScalarType::Int(1)).map_err(|e| malformed(None, e))?;
    }
    Ok(FuncInfo { var_loops, types })
}

pub(super) fn check_program(program: &Program) -> Result<Vec<FuncInfo>, InterpretError> {
    if program.funcs.is_empty() {
        return Err(InterpretError::NoFuncs {
            program: program.name.clone(),
        });
    }
    for input in &program.inputs {
        check_type(input.elem).map_err(|reason| InterpretError::Malformed {
            context: format!("input `{}`", input.name),
            reason,
        })?;
    }
    program
        .funcs
        .iter()
        .map(|f| check_func(program, f))
        .collect()
}
