//! Tests of the interpreter on hand-built programs, checked against direct
//! loops, and of the `arith` scalar semantics.

use super::*;
use crate::program::{Body, Input, Loop};
use crate::random::random_buffer;
use crate::Layout;

const I8: ScalarType = ScalarType::Int(8);
const I32: ScalarType = ScalarType::Int(32);
const IDX: ScalarType = ScalarType::Index;
const F32: ScalarType = ScalarType::F32;

// --- Program construction helpers ------------------------------------------

fn aff(terms: &[(usize, i64)], constant: i64) -> Affine {
    Affine {
        terms: terms.to_vec(),
        constant,
    }
}

/// Argument `p` plus `c`.
fn at(p: usize, c: i64) -> Affine {
    aff(&[(p, 1)], c)
}

/// Builds a body node by node.
#[derive(Default)]
struct Bld {
    nodes: Vec<Node>,
}

impl Bld {
    fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.nodes.len() - 1
    }
    fn arg(&mut self, a: usize) -> NodeId {
        self.push(Node::Arg(a))
    }
    fn int(&mut self, v: i64, ty: ScalarType) -> NodeId {
        self.push(Node::Const(Value::Int(v), ty))
    }
    fn konst(&mut self, v: Value, ty: ScalarType) -> NodeId {
        self.push(Node::Const(v, ty))
    }
    fn bin(&mut self, op: BinaryOp, a: NodeId, b: NodeId, ty: ScalarType) -> NodeId {
        self.push(Node::Binary { op, a, b, ty })
    }
    fn cmp(&mut self, pred: CmpPredicate, a: NodeId, b: NodeId) -> NodeId {
        self.push(Node::Cmp { pred, a, b })
    }
    fn select(&mut self, cond: NodeId, a: NodeId, b: NodeId, ty: ScalarType) -> NodeId {
        self.push(Node::Select { cond, a, b, ty })
    }
    fn fref(&mut self, func: usize, result: usize, indices: Vec<Affine>) -> NodeId {
        self.push(Node::FuncRef {
            func,
            result,
            indices,
        })
    }
    fn read(&mut self, input: usize, indices: Vec<Affine>) -> NodeId {
        self.push(Node::InputRead {
            input,
            indices: indices.into_iter().map(Into::into).collect(),
        })
    }
    /// `arg(a) == v`.
    fn arg_is(&mut self, a: usize, v: i64) -> NodeId {
        let x = self.arg(a);
        let c = self.int(v, IDX);
        self.cmp(CmpPredicate::Eq, x, c)
    }
    fn body(self, yields: Vec<NodeId>, guard: Option<NodeId>) -> Body {
        Body {
            nodes: self.nodes,
            yields,
            guard,
            sources: Vec::new(),
        }
    }
}

fn func(name: &str, types: &[ScalarType], vars: &[&str], lhs: &[usize], body: Body) -> Func {
    Func {
        name: name.to_string(),
        result_types: types.to_vec(),
        vars: vars.iter().map(|v| v.to_string()).collect(),
        lhs: lhs.to_vec(),
        body,
    }
}

fn lp(name: &str, extent: i64) -> Loop {
    Loop {
        name: name.to_string(),
        min: 0,
        extent: Extent::Const(extent),
    }
}

fn input(name: &str, elem: ScalarType, shape: &[i64]) -> Input {
    Input {
        name: name.to_string(),
        elem,
        shape: shape.iter().map(|&n| Some(n)).collect(),
        layout: Layout::row_major(),
    }
}

fn program(inputs: Vec<Input>, funcs: Vec<Func>, loops: Vec<Loop>) -> Program {
    Program {
        name: "test".to_string(),
        params: Vec::new(),
        inputs,
        funcs,
        loops,
        output_layout: Layout::row_major(),
    }
}

/// `out(i) = body` over `i in 0..n`, with an input `X` of `n` elements.
fn pointwise(
    elem: ScalarType,
    n: i64,
    build: impl FnOnce(&mut Bld) -> (Vec<NodeId>, Option<NodeId>),
) -> Program {
    let mut b = Bld::default();
    let (yields, guard) = build(&mut b);
    let types: Vec<ScalarType> = yields
        .iter()
        .map(|&y| match &b.nodes[y] {
            Node::Arg(_) | Node::Param(_) => IDX,
            Node::Cmp { .. } => ScalarType::Int(1),
            Node::InputRead { .. } | Node::FuncRef { .. } => elem,
            Node::Const(_, ty)
            | Node::Unary { ty, .. }
            | Node::Binary { ty, .. }
            | Node::Select { ty, .. }
            | Node::Cast { ty, .. }
            | Node::Math { ty, .. } => *ty,
        })
        .collect();
    program(
        vec![input("X", elem, &[n])],
        vec![func("out", &types, &["i"], &[0], b.body(yields, guard))],
        vec![lp("i", n)],
    )
}

fn ints(elem: ScalarType, shape: &[usize], v: &[i64]) -> Buffer {
    Buffer::from_i64(elem, shape, v).unwrap()
}

fn point(coords: &[(&str, i64)]) -> Point {
    Point(coords.iter().map(|&(n, v)| (n.to_string(), v)).collect())
}

// --- GEMM --------------------------------------------------------------------

/// GEMM as UREs: `a` and `b` propagate A and B along j and i, `c`
/// accumulates along k, and the output is the extended URE
/// `out(i, j) = select(k == K-1, c(i, j, k))`.
fn gemm(elem: ScalarType, ni: i64, nj: i64, nk: i64) -> Program {
    let (mul, add) = if elem.is_float() {
        (BinaryOp::MulF, BinaryOp::AddF)
    } else {
        (BinaryOp::MulI, BinaryOp::AddI)
    };
    let ijk = ["i", "j", "k"];
    let here = || vec![at(0, 0), at(1, 0), at(2, 0)];

    let mut a = Bld::default();
    let first = a.arg_is(1, 0);
    let fresh = a.read(0, vec![at(0, 0), at(2, 0)]);
    let prev = a.fref(0, 0, vec![at(0, 0), at(1, -1), at(2, 0)]);
    let v = a.select(first, fresh, prev, elem);
    let fa = func("a", &[elem], &ijk, &[0, 1, 2], a.body(vec![v], None));

    let mut b = Bld::default();
    let first = b.arg_is(0, 0);
    let fresh = b.read(1, vec![at(2, 0), at(1, 0)]);
    let prev = b.fref(1, 0, vec![at(0, -1), at(1, 0), at(2, 0)]);
    let v = b.select(first, fresh, prev, elem);
    let fb = func("b", &[elem], &ijk, &[0, 1, 2], b.body(vec![v], None));

    let mut c = Bld::default();
    let first = c.arg_is(2, 0);
    let zero = c.konst(zero_value(elem), elem);
    let prev = c.fref(2, 0, vec![at(0, 0), at(1, 0), at(2, -1)]);
    let acc = c.select(first, zero, prev, elem);
    let av = c.fref(0, 0, here());
    let bv = c.fref(1, 0, here());
    let prod = c.bin(mul, av, bv, elem);
    let v = c.bin(add, acc, prod, elem);
    let fc = func("c", &[elem], &ijk, &[0, 1, 2], c.body(vec![v], None));

    let mut o = Bld::default();
    let last = o.arg_is(2, nk - 1);
    let v = o.fref(2, 0, here());
    let fo = func("out", &[elem], &ijk, &[0, 1], o.body(vec![v], Some(last)));

    program(
        vec![input("A", elem, &[ni, nk]), input("B", elem, &[nk, nj])],
        vec![fa, fb, fc, fo],
        vec![lp("i", ni), lp("j", nj), lp("k", nk)],
    )
}

/// The textbook triple loop, accumulating in k order like the UREs.
fn direct_gemm(a: &Buffer, b: &Buffer) -> Buffer {
    let (ni, nk, nj) = (a.shape[0], a.shape[1], b.shape[1]);
    let mut out = Buffer::zeros(a.elem, &[ni, nj]);
    for i in 0..ni {
        for j in 0..nj {
            let mut acc = zero_value(a.elem);
            for k in 0..nk {
                let (x, y) = (a.get(&[i, k]).unwrap(), b.get(&[k, j]).unwrap());
                acc = match (acc, x, y) {
                    (Value::Int(s), Value::Int(x), Value::Int(y)) => {
                        Value::Int(normalize(s.wrapping_add(x.wrapping_mul(y)), 32))
                    }
                    (Value::F32(s), Value::F32(x), Value::F32(y)) => Value::F32(s + x * y),
                    _ => unreachable!(),
                };
            }
            *out.get_mut(&[i, j]).unwrap() = acc;
        }
    }
    out
}

fn check_gemm(elem: ScalarType, ni: usize, nj: usize, nk: usize) {
    let p = gemm(elem, ni as i64, nj as i64, nk as i64);
    let a = random_buffer(elem, &[ni, nk], 1);
    let b = random_buffer(elem, &[nk, nj], 2);
    let out = interpret(&p, &[], &[a.clone(), b.clone()]).unwrap();
    assert_eq!(out, vec![direct_gemm(&a, &b)]);
}

#[test]
fn gemm_i32_matches_direct_loops() {
    check_gemm(I32, 16, 16, 16);
    check_gemm(I32, 3, 5, 7);
}

#[test]
fn gemm_f32_matches_direct_loops() {
    check_gemm(F32, 16, 16, 16);
    check_gemm(F32, 4, 2, 9);
}

#[test]
fn gemm_with_an_empty_loop_is_all_zeros() {
    let p = gemm(I32, 2, 3, 0);
    let out = interpret(
        &p,
        &[],
        &[Buffer::zeros(I32, &[2, 0]), Buffer::zeros(I32, &[0, 3])],
    )
    .unwrap();
    assert_eq!(out, vec![Buffer::zeros(I32, &[2, 3])]);
}

// --- FIR ---------------------------------------------------------------------

/// `y(n) = sum_k H(k) * X(n - k)` (zero for `n - k < 0`) over loops `n`, `k`.
fn fir(n: i64, taps: i64) -> Program {
    let nk = ["n", "k"];
    let here = || vec![at(0, 0), at(1, 0)];

    let mut h = Bld::default();
    let first = h.arg_is(0, 0);
    let fresh = h.read(1, vec![at(1, 0)]);
    let prev = h.fref(0, 0, vec![at(0, -1), at(1, 0)]);
    let v = h.select(first, fresh, prev, I32);
    let fh = func("h", &[I32], &nk, &[0, 1], h.body(vec![v], None));

    // x(n, k) = X(n - k): X(n) at k == 0, then shifted along the diagonal.
    let mut x = Bld::default();
    let k0 = x.arg_is(1, 0);
    let n0 = x.arg_is(0, 0);
    let fresh = x.read(0, vec![at(0, 0)]);
    let zero = x.int(0, I32);
    let prev = x.fref(1, 0, vec![at(0, -1), at(1, -1)]);
    let shifted = x.select(n0, zero, prev, I32);
    let v = x.select(k0, fresh, shifted, I32);
    let fx = func("x", &[I32], &nk, &[0, 1], x.body(vec![v], None));

    let mut y = Bld::default();
    let first = y.arg_is(1, 0);
    let zero = y.int(0, I32);
    let prev = y.fref(2, 0, vec![at(0, 0), at(1, -1)]);
    let acc = y.select(first, zero, prev, I32);
    let hv = y.fref(0, 0, here());
    let xv = y.fref(1, 0, here());
    let prod = y.bin(BinaryOp::MulI, hv, xv, I32);
    let v = y.bin(BinaryOp::AddI, acc, prod, I32);
    let fy = func("y", &[I32], &nk, &[0, 1], y.body(vec![v], None));

    let mut o = Bld::default();
    let last = o.arg_is(1, taps - 1);
    let v = o.fref(2, 0, here());
    let fo = func("out", &[I32], &nk, &[0], o.body(vec![v], Some(last)));

    program(
        vec![input("X", I32, &[n]), input("H", I32, &[taps])],
        vec![fh, fx, fy, fo],
        vec![lp("n", n), lp("k", taps)],
    )
}

#[test]
fn fir_matches_direct_convolution() {
    let (n, taps) = (20usize, 5usize);
    let x = random_buffer(I32, &[n], 3).to_i64_vec().unwrap();
    let h = random_buffer(I32, &[taps], 4).to_i64_vec().unwrap();
    let expected: Vec<i64> = (0..n)
        .map(|i| (0..taps.min(i + 1)).map(|k| h[k] * x[i - k]).sum())
        .collect();
    let out = interpret(
        &fir(n as i64, taps as i64),
        &[],
        &[ints(I32, &[n], &x), ints(I32, &[taps], &h)],
    )
    .unwrap();
    assert_eq!(out, vec![ints(I32, &[n], &expected)]);
}

// --- Integer semantics through programs --------------------------------------

#[test]
fn i8_arithmetic_wraps_and_outputs_two_results() {
    let p = pointwise(I8, 4, |b| {
        let x = b.read(0, vec![at(0, 0)]);
        let hundred = b.int(100, I8);
        let sum = b.bin(BinaryOp::AddI, x, hundred, I8);
        let square = b.bin(BinaryOp::MulI, x, x, I8);
        (vec![sum, square], None)
    });
    let x = ints(I8, &[4], &[100, 127, -128, 16]);
    let out = interpret(&p, &[], &[x]).unwrap();
    assert_eq!(
        out,
        vec![
            ints(I8, &[4], &[-56, -29, -28, 116]),
            ints(I8, &[4], &[16, 1, 0, 0]),
        ]
    );
}

#[test]
fn constants_are_normalized_to_their_type() {
    let p = pointwise(I8, 1, |b| (vec![b.int(200, I8)], None));
    let out = interpret(&p, &[], &[ints(I8, &[1], &[0])]).unwrap();
    assert_eq!(out, vec![ints(I8, &[1], &[-56])]);
}

#[test]
fn division_by_zero_is_total() {
    // 10 / (i - 1): -1 at i = 1 (a quotient by zero is all ones).
    let p = pointwise(IDX, 3, |b| {
        let ten = b.int(10, IDX);
        let i = b.arg(0);
        let one = b.int(1, IDX);
        let d = b.bin(BinaryOp::SubI, i, one, IDX);
        (vec![b.bin(BinaryOp::DivSI, ten, d, IDX)], None)
    });
    let out = interpret(&p, &[], &[ints(IDX, &[3], &[0, 0, 0])]).unwrap();
    assert_eq!(out, vec![ints(IDX, &[3], &[-10, -1, 10])]);
}

// --- Poison ------------------------------------------------------------------

#[test]
fn out_of_bounds_input_read_reaching_the_output_is_an_error() {
    let p = pointwise(I32, 4, |b| (vec![b.read(0, vec![at(0, 1)])], None));
    let err = interpret(&p, &[], &[ints(I32, &[4], &[1, 2, 3, 4])]).unwrap_err();
    assert_eq!(
        err,
        InterpretError::PoisonInOutput {
            func: "out".to_string(),
            point: point(&[("i", 3)]),
            cause: Box::new(PoisonCause::InputOutOfBounds {
                input: "X".to_string(),
                index: vec![4],
            }),
            read_at: String::new(),
        }
    );
    assert!(err.to_string().contains("input `X` at (4)"), "{err}");
}

#[test]
fn select_discards_poison() {
    let p = pointwise(I32, 4, |b| {
        let i = b.arg(0);
        let three = b.int(3, IDX);
        let inside = b.cmp(CmpPredicate::Slt, i, three);
        let next = b.read(0, vec![at(0, 1)]);
        let zero = b.int(0, I32);
        (vec![b.select(inside, next, zero, I32)], None)
    });
    let out = interpret(&p, &[], &[ints(I32, &[4], &[1, 2, 3, 4])]).unwrap();
    assert_eq!(out, vec![ints(I32, &[4], &[2, 3, 4, 0])]);
}

/// `f(i) = X(i)` (stored only where `i >= from`), `out(i) = f(i + shift)`.
fn read_through_f(from: i64, shift: i64) -> Program {
    let mut f = Bld::default();
    let i = f.arg(0);
    let lo = f.int(from, IDX);
    let guard = f.cmp(CmpPredicate::Sge, i, lo);
    let x = f.read(0, vec![at(0, 0)]);
    let ff = func("f", &[I32], &["i"], &[0], f.body(vec![x], Some(guard)));
    let mut o = Bld::default();
    let v = o.fref(0, 0, vec![at(0, shift)]);
    let fo = func("out", &[I32], &["i"], &[0], o.body(vec![v], None));
    program(vec![input("X", I32, &[3])], vec![ff, fo], vec![lp("i", 3)])
}

#[test]
fn read_outside_a_func_domain_is_poison() {
    let err = interpret(&read_through_f(0, -1), &[], &[ints(I32, &[3], &[1, 2, 3])]).unwrap_err();
    assert_eq!(
        err,
        InterpretError::PoisonInOutput {
            func: "out".to_string(),
            point: point(&[("i", 0)]),
            cause: Box::new(PoisonCause::OutsideDomain {
                func: "f".to_string(),
                vars: vec!["i".to_string()],
                index: vec![-1],
            }),
            read_at: String::new(),
        }
    );
}

#[test]
fn read_above_a_func_domain_is_poison() {
    // out(i) = f(i + 3): at i = 0 the read is f(3), past the domain
    // [0, 3) (not a point stored later: outside).
    let err = interpret(&read_through_f(0, 3), &[], &[ints(I32, &[3], &[1, 2, 3])]).unwrap_err();
    assert_eq!(
        err,
        InterpretError::PoisonInOutput {
            func: "out".to_string(),
            point: point(&[("i", 0)]),
            cause: Box::new(PoisonCause::OutsideDomain {
                func: "f".to_string(),
                vars: vec!["i".to_string()],
                index: vec![3],
            }),
            read_at: String::new(),
        }
    );
}

#[test]
fn read_of_a_never_stored_point_is_poison() {
    let err = interpret(&read_through_f(1, 0), &[], &[ints(I32, &[3], &[1, 2, 3])]).unwrap_err();
    assert!(
        matches!(
            &err,
            InterpretError::PoisonInOutput { cause, .. }
                if matches!(cause.as_ref(), PoisonCause::PoisonStored { func, index, .. } if func == "f" && index == &vec![0])
        ),
        "{err}"
    );
    let out = interpret(&read_through_f(0, 0), &[], &[ints(I32, &[3], &[1, 2, 3])]).unwrap();
    assert_eq!(out, vec![ints(I32, &[3], &[1, 2, 3])]);
}

#[test]
fn poison_guard_of_the_output_is_an_error() {
    let p = pointwise(I32, 2, |b| {
        let x = b.read(0, vec![at(0, 1)]);
        let zero = b.int(0, I32);
        let g = b.cmp(CmpPredicate::Ne, x, zero);
        (vec![x], Some(g))
    });
    let err = interpret(&p, &[], &[ints(I32, &[2], &[5, 6])]).unwrap_err();
    assert!(
        matches!(&err, InterpretError::PoisonInOutput { point: p, cause, .. } if *p == point(&[("i", 1)]) && matches!(cause.as_ref(), PoisonCause::InputOutOfBounds { .. })),
        "{err}"
    );
}

#[test]
fn shift_out_of_range_is_poison() {
    let p = pointwise(I8, 1, |b| {
        let one = b.int(1, I8);
        let eight = b.int(8, I8);
        (vec![b.bin(BinaryOp::ShLI, one, eight, I8)], None)
    });
    let err = interpret(&p, &[], &[ints(I8, &[1], &[0])]).unwrap_err();
    assert!(
        matches!(
            &err,
            InterpretError::PoisonInOutput { cause, .. }
                if matches!(cause.as_ref(), PoisonCause::Operation { node: 2, .. })
        ),
        "{err}"
    );
}

// --- Guards, extended UREs, parameters ---------------------------------------

#[test]
fn unwritten_output_points_stay_zero() {
    let p = pointwise(IDX, 4, |b| {
        let i = b.arg(0);
        let two = b.int(2, IDX);
        let r = b.bin(BinaryOp::RemSI, i, two, IDX);
        let zero = b.int(0, IDX);
        let even = b.cmp(CmpPredicate::Eq, r, zero);
        let one = b.int(1, IDX);
        (vec![b.bin(BinaryOp::AddI, i, one, IDX)], Some(even))
    });
    let out = interpret(&p, &[], &[ints(IDX, &[4], &[0; 4])]).unwrap();
    assert_eq!(out, vec![ints(IDX, &[4], &[1, 0, 3, 0])]);
}

#[test]
fn extended_ure_keeps_the_last_value() {
    let mut o = Bld::default();
    let x = o.read(0, vec![at(0, 0), at(1, 0)]);
    let fo = func("out", &[I32], &["i", "k"], &[0], o.body(vec![x], None));
    let p = program(
        vec![input("X", I32, &[2, 3])],
        vec![fo],
        vec![lp("i", 2), lp("k", 3)],
    );
    let out = interpret(&p, &[], &[ints(I32, &[2, 3], &[1, 2, 3, 4, 5, 6])]).unwrap();
    assert_eq!(out, vec![ints(I32, &[2], &[3, 6])]);
}

#[test]
fn func_with_two_results() {
    let mut f = Bld::default();
    let x = f.read(0, vec![at(0, 0)]);
    let one = f.int(1, I32);
    let two = f.int(2, I32);
    let inc = f.bin(BinaryOp::AddI, x, one, I32);
    let dbl = f.bin(BinaryOp::MulI, x, two, I32);
    let ff = func("f", &[I32, I32], &["i"], &[0], f.body(vec![inc, dbl], None));
    let mut o = Bld::default();
    let d = o.fref(0, 1, vec![at(0, 0)]);
    let s = o.fref(0, 0, vec![at(0, 0)]);
    let one = o.int(1, I32);
    let back = o.bin(BinaryOp::SubI, s, one, I32);
    let fo = func(
        "out",
        &[I32, I32],
        &["i"],
        &[0],
        o.body(vec![d, back], None),
    );
    let p = program(vec![input("X", I32, &[3])], vec![ff, fo], vec![lp("i", 3)]);
    let out = interpret(&p, &[], &[ints(I32, &[3], &[4, -5, 6])]).unwrap();
    assert_eq!(
        out,
        vec![ints(I32, &[3], &[8, -10, 12]), ints(I32, &[3], &[4, -5, 6])]
    );
}

/// `out(i) = i * N` for `i in 1 .. 1 + N`, with `N` symbolic.
fn symbolic() -> Program {
    let mut o = Bld::default();
    let i = o.arg(0);
    let n = o.push(Node::Param(0));
    let v = o.bin(BinaryOp::MulI, i, n, IDX);
    Program {
        name: "symbolic".to_string(),
        params: vec!["N".to_string()],
        inputs: vec![Input {
            name: "X".to_string(),
            elem: IDX,
            shape: vec![None],
            layout: Layout::row_major(),
        }],
        funcs: vec![func("out", &[IDX], &["i"], &[0], o.body(vec![v], None))],
        loops: vec![Loop {
            name: "i".to_string(),
            min: 1,
            extent: Extent::Param(0),
        }],
        output_layout: Layout::row_major(),
    }
}

#[test]
fn symbolic_extent_comes_from_params() {
    let p = symbolic();
    let x = ints(IDX, &[7], &[0; 7]);
    let out = interpret(&p, &[4], std::slice::from_ref(&x)).unwrap();
    assert_eq!(out, vec![ints(IDX, &[4], &[4, 8, 12, 16])]);
    assert_eq!(
        interpret(&p, &[], std::slice::from_ref(&x)),
        Err(InterpretError::ParamCount {
            expected: 1,
            got: 0
        })
    );
    assert_eq!(
        interpret(&p, &[-1], std::slice::from_ref(&x)),
        Err(InterpretError::NegativeExtent {
            loop_name: "i".to_string(),
            extent: -1
        })
    );
    assert!(matches!(
        interpret(&p, &[i64::MAX], &[x]),
        Err(InterpretError::LoopOverflow { .. })
    ));
}

// --- Input and program checks ------------------------------------------------

#[test]
fn inputs_are_checked() {
    let p = gemm(I32, 2, 2, 2);
    let ok = || Buffer::zeros(I32, &[2, 2]);
    assert_eq!(
        interpret(&p, &[], &[ok()]),
        Err(InterpretError::InputCount {
            expected: 2,
            got: 1
        })
    );
    assert!(matches!(
        interpret(&p, &[], &[ok(), Buffer::zeros(F32, &[2, 2])]),
        Err(InterpretError::InputElem { name, .. }) if name == "B"
    ));
    assert!(matches!(
        interpret(&p, &[], &[Buffer::zeros(I32, &[4]), ok()]),
        Err(InterpretError::InputRank { name, .. }) if name == "A"
    ));
    assert_eq!(
        interpret(&p, &[], &[ok(), Buffer::zeros(I32, &[2, 3])]),
        Err(InterpretError::InputSize {
            name: "B".to_string(),
            dim: 1,
            expected: 2,
            got: 3
        })
    );
    let mut bad = ok();
    bad.data.pop();
    assert!(matches!(
        interpret(&p, &[], &[bad, ok()]),
        Err(InterpretError::InputData {
            source: BufferError::Length { .. },
            ..
        })
    ));
    let mut bad = ok();
    bad.data[1] = Value::Int(1 << 40);
    assert!(matches!(
        interpret(&p, &[], &[bad, ok()]),
        Err(InterpretError::InputData {
            source: BufferError::ValueType { index: 1, .. },
            ..
        })
    ));
}

#[test]
fn malformed_programs_are_rejected() {
    let inputs = [ints(I32, &[1], &[0])];
    let forward = pointwise(I32, 1, |b| {
        let v = b.bin(BinaryOp::AddI, 1, 1, I32);
        b.int(0, I32);
        (vec![v], None)
    });
    assert!(matches!(
        interpret(&forward, &[], &inputs),
        Err(InterpretError::Malformed { .. })
    ));

    let mistyped = pointwise(I32, 1, |b| {
        let x = b.read(0, vec![at(0, 0)]);
        (vec![b.bin(BinaryOp::AddF, x, x, I32)], None)
    });
    let err = interpret(&mistyped, &[], &inputs).unwrap_err();
    assert!(err.to_string().contains("AddF"), "{err}");

    let mut no_loop = pointwise(I32, 1, |b| (vec![b.read(0, vec![at(0, 0)])], None));
    no_loop.funcs[0].vars[0] = "z".to_string();
    let err = interpret(&no_loop, &[], &inputs).unwrap_err();
    assert!(err.to_string().contains("`z` names no loop"), "{err}");

    let mut empty = no_loop.clone();
    empty.funcs.clear();
    assert!(matches!(
        interpret(&empty, &[], &inputs),
        Err(InterpretError::NoFuncs { .. })
    ));
}

// --- Scalar semantics --------------------------------------------------------

fn ib(op: BinaryOp, w: u32, x: i64, y: i64) -> Value {
    int_binary(op, w, normalize(x, w), normalize(y, w)).unwrap()
}

#[test]
fn normalize_sign_extends() {
    assert_eq!(normalize(0xff, 8), -1);
    assert_eq!(normalize(0x80, 8), -128);
    assert_eq!(normalize(0x7f, 8), 127);
    assert_eq!(normalize(1, 1), -1);
    assert_eq!(normalize(2, 1), 0);
    assert_eq!(normalize(i64::MIN, 64), i64::MIN);
    assert_eq!(to_unsigned(-1, 8), 255);
    assert_eq!(bool_value(true), Value::Int(-1));
}

#[test]
fn integer_division_and_remainder() {
    use BinaryOp::*;
    assert_eq!(ib(DivSI, 32, -7, 2), Value::Int(-3));
    assert_eq!(ib(RemSI, 32, -7, 2), Value::Int(-1));
    assert_eq!(ib(DivSI, 8, -128, -1), Value::Int(-128));
    assert_eq!(ib(RemSI, 8, -128, -1), Value::Int(0));
    assert_eq!(ib(DivSI, 64, i64::MIN, -1), Value::Int(i64::MIN));
    assert_eq!(ib(DivUI, 8, -1, 2), Value::Int(127));
    assert_eq!(ib(RemUI, 8, -1, 7), Value::Int(255 % 7));
    assert_eq!(ib(DivUI, 64, -1, 1 << 62), Value::Int(3));
    assert_eq!(ib(DivSI, 1, -1, -1), Value::Int(-1));
    // Total semantics (RISC-V's): by zero, quotients are all ones and
    // remainders the dividend, at every width.
    for w in [1, 3, 8, 16, 33, 64] {
        for op in [DivSI, DivUI, FloorDivSI, CeilDivSI, CeilDivUI] {
            assert_eq!(int_binary(op, w, 1, 0), Ok(Value::Int(-1)), "{op:?} i{w}");
        }
        for op in [RemSI, RemUI] {
            assert_eq!(int_binary(op, w, -1, 0), Ok(Value::Int(-1)), "{op:?} i{w}");
        }
    }
    assert_eq!(ib(RemSI, 64, i64::MIN, -1), Value::Int(0));
    assert_eq!(ib(FloorDivSI, 32, -7, 2), Value::Int(-4));
    assert_eq!(ib(FloorDivSI, 32, 7, -2), Value::Int(-4));
    assert_eq!(ib(FloorDivSI, 32, 7, 2), Value::Int(3));
    assert_eq!(ib(FloorDivSI, 32, -8, 2), Value::Int(-4));
    assert_eq!(ib(CeilDivSI, 32, 7, 2), Value::Int(4));
    assert_eq!(ib(CeilDivSI, 32, -7, 2), Value::Int(-3));
    assert_eq!(ib(CeilDivSI, 32, -7, -2), Value::Int(4));
    assert_eq!(ib(CeilDivUI, 8, 7, 2), Value::Int(4));
    assert_eq!(ib(CeilDivUI, 8, -1, 2), Value::Int(-128)); // 255 / 2 -> 128
    assert_eq!(ib(FloorDivSI, 8, -128, -1), Value::Int(-128));
    assert_eq!(ib(CeilDivSI, 64, i64::MIN, -1), Value::Int(i64::MIN));
}

#[test]
fn integer_min_max_bitwise_and_shifts() {
    use BinaryOp::*;
    assert_eq!(ib(MinSI, 8, -1, 1), Value::Int(-1));
    assert_eq!(ib(MinUI, 8, -1, 1), Value::Int(1));
    assert_eq!(ib(MaxUI, 8, -1, 1), Value::Int(-1));
    assert_eq!(ib(MaxSI, 8, -1, 1), Value::Int(1));
    assert_eq!(ib(XOrI, 8, 0x0f, -1), Value::Int(normalize(0xf0, 8)));
    assert_eq!(ib(AndI, 8, 0x3c, 0x0f), Value::Int(0x0c));
    assert_eq!(ib(OrI, 8, 0x30, 0x0f), Value::Int(0x3f));
    assert_eq!(ib(ShLI, 8, 1, 7), Value::Int(-128));
    assert_eq!(ib(ShLI, 8, 1, 8), Value::Poison);
    assert_eq!(ib(ShLI, 8, 1, -1), Value::Poison);
    assert_eq!(ib(ShRSI, 8, -128, 1), Value::Int(-64));
    assert_eq!(ib(ShRUI, 8, -128, 1), Value::Int(64));
    assert_eq!(ib(ShRUI, 64, -1, 63), Value::Int(1));
    assert_eq!(ib(ShLI, 64, 1, 64), Value::Poison);
    assert_eq!(ib(MulI, 16, 300, 300), Value::Int(normalize(90000, 16)));
    assert_eq!(ib(SubI, 8, -128, 1), Value::Int(127));
}

#[test]
fn poison_propagates_and_select_discards_it() {
    let p = Value::Poison;
    assert_eq!(binary(BinaryOp::AddI, I32, p, Value::Int(1)), Ok(p));
    assert_eq!(binary(BinaryOp::DivSI, I32, p, Value::Int(0)), Ok(p));
    assert_eq!(compare(CmpPredicate::Eq, I32, Value::Int(1), p), Ok(p));
    assert_eq!(cast(CastOp::ExtSI, I8, I32, p), Ok(p));
    assert_eq!(unary(UnaryOp::NegF, p), Ok(p));
    assert_eq!(select(bool_value(true), Value::Int(3), p), Value::Int(3));
    assert_eq!(select(bool_value(false), p, Value::Int(4)), Value::Int(4));
    assert_eq!(select(p, Value::Int(3), Value::Int(4)), p);
}

#[test]
fn integer_comparisons() {
    use CmpPredicate::*;
    let c = |pred, x, y| compare(pred, I8, Value::Int(x), Value::Int(y)).unwrap();
    assert_eq!(c(Slt, -1, 1), bool_value(true));
    assert_eq!(c(Ult, -1, 1), bool_value(false));
    assert_eq!(c(Uge, -128, 127), bool_value(true));
    assert_eq!(c(Sge, -128, 127), bool_value(false));
    assert_eq!(c(Ne, 3, 3), bool_value(false));
}

#[test]
fn float_operations() {
    use BinaryOp::*;
    let nan = f32::NAN;
    assert_eq!(f32_binary(RemF, -7.5, 2.0), Some(-1.5));
    assert_eq!(f64_binary(RemF, 7.5, -2.0), Some(1.5));
    let min0 = f32_binary(MinimumF, 0.0, -0.0).unwrap();
    assert!(min0 == 0.0 && min0.is_sign_negative());
    let max0 = f32_binary(MaximumF, -0.0, 0.0).unwrap();
    assert!(max0 == 0.0 && max0.is_sign_positive());
    assert!(f32_binary(MinimumF, nan, 1.0).unwrap().is_nan());
    assert!(f64_binary(MaximumF, 1.0, f64::NAN).unwrap().is_nan());
    assert_eq!(f32_binary(MaximumF, 2.0, -3.0), Some(2.0));
    // f32 arithmetic rounds in f32: 2^24 + 1 is not representable.
    assert_eq!(f32_binary(AddF, 16_777_216.0, 1.0), Some(16_777_216.0));
    assert_eq!(
        unary(UnaryOp::NegF, Value::F64(0.0))
            .map(|v| matches!(v, Value::F64(x) if x.is_sign_negative())),
        Ok(true)
    );
}

#[test]
fn float_comparisons_ordered_and_unordered() {
    use CmpPredicate::*;
    let c = |pred, x: f32, y: f32| {
        compare(pred, F32, Value::F32(x), Value::F32(y)).unwrap() == bool_value(true)
    };
    let nan = f32::NAN;
    assert!(!c(Oeq, nan, nan) && c(Ueq, nan, nan));
    assert!(!c(One, nan, 1.0) && c(Une, nan, 1.0));
    assert!(c(Uno, nan, 1.0) && !c(Ord, nan, 1.0) && c(Ord, 1.0, 2.0));
    assert!(c(Olt, 1.0, 2.0) && c(Ultf, 1.0, 2.0) && !c(Ogt, 1.0, 2.0));
    assert!(c(Oge, 0.0, -0.0) && c(Ole, -0.0, 0.0));
    assert!(c(FTrue, nan, nan) && !c(FFalse, 1.0, 1.0));
    assert!(c(Ugef, nan, 0.0) && c(Ulef, nan, 0.0) && c(Ugtf, nan, 0.0));
}

#[test]
fn casts() {
    use CastOp::*;
    let i1 = ScalarType::Int(1);
    let f64t = ScalarType::F64;
    let t = bool_value(true);
    assert_eq!(cast(ExtUI, i1, I32, t), Ok(Value::Int(1)));
    assert_eq!(cast(ExtSI, i1, I32, t), Ok(Value::Int(-1)));
    assert_eq!(cast(TruncI, I32, I8, Value::Int(300)), Ok(Value::Int(44)));
    assert_eq!(cast(TruncI, I32, i1, Value::Int(3)), Ok(Value::Int(-1)));
    assert_eq!(cast(ExtUI, I8, I32, Value::Int(-1)), Ok(Value::Int(255)));
    assert_eq!(
        cast(SIToFP, I32, F32, Value::Int(16_777_217)),
        Ok(Value::F32(16_777_216.0))
    );
    assert_eq!(cast(SIToFP, i1, F32, t), Ok(Value::F32(-1.0)));
    assert_eq!(cast(UIToFP, I8, F32, Value::Int(-1)), Ok(Value::F32(255.0)));
    assert_eq!(
        cast(UIToFP, IDX, f64t, Value::Int(-1)),
        Ok(Value::F64(u64::MAX as f64))
    );
    assert_eq!(cast(FPToSI, F32, I32, Value::F32(3.9)), Ok(Value::Int(3)));
    assert_eq!(cast(FPToSI, F32, I32, Value::F32(-3.9)), Ok(Value::Int(-3)));
    assert_eq!(
        cast(FPToSI, F32, I8, Value::F32(127.9)),
        Ok(Value::Int(127))
    );
    assert_eq!(cast(FPToSI, F32, I8, Value::F32(128.0)), Ok(Value::Poison));
    assert_eq!(
        cast(FPToSI, F32, I8, Value::F32(-128.5)),
        Ok(Value::Int(-128))
    );
    assert_eq!(cast(FPToSI, F32, I8, Value::F32(-129.0)), Ok(Value::Poison));
    assert_eq!(
        cast(FPToSI, f64t, I32, Value::F64(f64::NAN)),
        Ok(Value::Poison)
    );
    assert_eq!(
        cast(FPToSI, f64t, IDX, Value::F64(f64::INFINITY)),
        Ok(Value::Poison)
    );
    assert_eq!(cast(FPToUI, F32, I8, Value::F32(255.5)), Ok(Value::Int(-1)));
    assert_eq!(cast(FPToUI, F32, I8, Value::F32(256.0)), Ok(Value::Poison));
    assert_eq!(cast(FPToUI, F32, I8, Value::F32(-0.5)), Ok(Value::Int(0)));
    assert_eq!(cast(FPToUI, F32, I8, Value::F32(-1.0)), Ok(Value::Poison));
    assert_eq!(
        cast(TruncF, f64t, F32, Value::F64(1.0 / 3.0)),
        Ok(Value::F32(1.0 / 3.0))
    );
    assert_eq!(
        cast(ExtF, F32, f64t, Value::F32(0.1)),
        Ok(Value::F64(f64::from(0.1f32)))
    );
    assert_eq!(cast(IndexCast, IDX, I8, Value::Int(-1)), Ok(Value::Int(-1)));
    assert_eq!(cast(IndexCast, I8, IDX, Value::Int(-1)), Ok(Value::Int(-1)));
    assert_eq!(
        cast(IndexCastUI, I8, IDX, Value::Int(-1)),
        Ok(Value::Int(255))
    );
    assert_eq!(
        cast(IndexCastUI, IDX, I8, Value::Int(511)),
        Ok(Value::Int(-1))
    );
}

#[test]
fn buffer_accessors() {
    let mut b = ints(I32, &[2, 3], &[0, 1, 2, 3, 4, 5]);
    assert_eq!(b.strides(), vec![3, 1]);
    assert_eq!(b.get(&[1, 2]), Some(Value::Int(5)));
    assert_eq!(b.get(&[2, 0]), None);
    assert_eq!(b.get(&[0]), None);
    *b.get_mut(&[0, 1]).unwrap() = Value::Int(9);
    assert_eq!(b.to_i64_vec().unwrap(), vec![0, 9, 2, 3, 4, 5]);
    assert_eq!(Buffer::zeros(F32, &[]).data, vec![Value::F32(0.0)]);
    assert_eq!(
        Buffer::new(I32, vec![2], vec![Value::Int(0), Value::Poison]),
        Err(BufferError::Poison { index: 1 })
    );
    assert_eq!(ints(I8, &[1], &[255]).data, vec![Value::Int(-1)]);
}
