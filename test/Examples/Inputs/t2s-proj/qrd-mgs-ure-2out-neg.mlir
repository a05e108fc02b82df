// qrd-mgs-ure.cpp with both outputs merged, as T2S writes Xk.merge_ures({...}, {R, Q}).
// T2S t2s/tests/correctness/qrd/qrd-mgs-ure.cpp (real case), at I = J = K = 8 (T2S: 128).
//   ImageParam a(Float(32), 2); ajk = a(j - 1, k)      ure.input @a (Halide layout)
//   P = k, j, i                                         the loops, k innermost
//   Xk(P)  = select(i > 0, select(k == 0, X(k + K - 1, j, i - 1), Xk(k - 1, j, i)), 0)    ure.def @Xk
//   Xik(P) = select(i > 0, select(k == 0, Xi(k + K - 1, j, i - 1), Xik(k - 1, j, i)), 0)  ure.def @Xik
//   A(P)   = select(j > i, select(i == 0, ajk, A(k, j, i - 1)
//            - Xk(P) / Xik(P) * Ai(k, j, i - 1)), 0)                                     ure.def @A
//   Ai(P)  = select(j > i, select(j == i + 1, A(P), Ai(k, j - 1, i)), 0)                 ure.def @Ai
//   X(P)   = select(j > i, select(k == 0, 0, X(k - 1, j, i)) + conj(Ai(P)) * A(P), 0)    ure.def @X (conj: real)
//   Xi(P)  = select(j > i, select(j == i + 1, X(P), Xi(k, j - 1, i)), 0)                 ure.def @Xi
//   R(j, i) = select(k == K - 1 && i > 0, select(j == i, sqrt(re(Xk(P))),
//             Xk(P) / sqrt(re(Xik(P)))))                                                 ure.def @R (extended)
//   Q(k, i) = select(i > 0 && j == i, A(k, j, i - 1) / sqrt(re(Xk(P))))                 ure.def @Q (extended)
//   Xk.merge_ures({Xik, A, Ai, X, Xi}, {R, Q});        T2S merges two outputs; t2s takes one (the last merged
//                                                     URE): qrd-mgs-ure-2out-neg.mlir is the direct spelling.
//                                                     Here: two programs, @qrd_R and @qrd_Q (--program), the
//                                                     same UREs, each with one output
//   Xk.set_bounds(i, 0, I + 1, j, 0, J + 1, k, 0, K);  ure.set_bounds
//   // Xk.space_time_transform(k);  (commented out)    none: interpret, sequential, opencl, spirv
//                                                     (qrd-mgs-ure-stt.mlir: with it)
//   input(j, k) = (j + 1)*(k + 1) + log(k * j + 1)    qrd_a.npy
//   check(resultQ, resultR, input): sum_i Q(k, i) R(j, i) (j >= i) == input(j - 1, k) within 0.005   qrd_check.py
ure.program @qrd {
  ure.input @a : memref<8x8xf32, affine_map<(x, y) -> (y, x)>>
  ure.func @R(j, i) -> f32 on device layout affine_map<(j, i) -> (i, j)>
  ure.func @Q(k, i) -> f32 on device layout affine_map<(k, i) -> (i, k)>
  ure.func @Xk(k, j, i) -> f32 on device
  ure.func @Xik(k, j, i) -> f32 on device
  ure.func @A(k, j, i) -> f32 on device
  ure.func @Ai(k, j, i) -> f32 on device
  ure.func @X(k, j, i) -> f32 on device
  ure.func @Xi(k, j, i) -> f32 on device
  ure.def @Xk(%k, %j, %i) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %ip = arith.cmpi sgt, %i, %c0 : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %a = ure.at @X(%k + 7, %j, %i - 1) : f32
    %b = ure.at @Xk(%k - 1, %j, %i) : f32
    %s = arith.select %k0, %a, %b : f32
    %v = arith.select %ip, %s, %z : f32
    ure.yield %v : f32
  }
  ure.def @Xik(%k, %j, %i) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %ip = arith.cmpi sgt, %i, %c0 : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %a = ure.at @Xi(%k + 7, %j, %i - 1) : f32
    %b = ure.at @Xik(%k - 1, %j, %i) : f32
    %s = arith.select %k0, %a, %b : f32
    %v = arith.select %ip, %s, %z : f32
    ure.yield %v : f32
  }
  ure.def @A(%k, %j, %i) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %jgt = arith.cmpi sgt, %j, %i : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @a(%j - 1, %k) : f32
    %pa = ure.at @A(%k, %j, %i - 1) : f32
    %xk = ure.at @Xk(%k, %j, %i) : f32
    %xik = ure.at @Xik(%k, %j, %i) : f32
    %pai = ure.at @Ai(%k, %j, %i - 1) : f32
    %q = arith.divf %xk, %xik : f32
    %m = arith.mulf %q, %pai : f32
    %d = arith.subf %pa, %m : f32
    %s = arith.select %i0, %in, %d : f32
    %v = arith.select %jgt, %s, %z : f32
    ure.yield %v : f32
  }
  ure.def @Ai(%k, %j, %i) {
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %jgt = arith.cmpi sgt, %j, %i : index
    %i1 = arith.addi %i, %c1 : index
    %next = arith.cmpi eq, %j, %i1 : index
    %av = ure.at @A(%k, %j, %i) : f32
    %p = ure.at @Ai(%k, %j - 1, %i) : f32
    %s = arith.select %next, %av, %p : f32
    %v = arith.select %jgt, %s, %z : f32
    ure.yield %v : f32
  }
  ure.def @X(%k, %j, %i) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %jgt = arith.cmpi sgt, %j, %i : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %p = ure.at @X(%k - 1, %j, %i) : f32
    %acc = arith.select %k0, %z, %p : f32
    %ai = ure.at @Ai(%k, %j, %i) : f32
    %av = ure.at @A(%k, %j, %i) : f32
    %m = arith.mulf %ai, %av : f32
    %s = arith.addf %acc, %m : f32
    %v = arith.select %jgt, %s, %z : f32
    ure.yield %v : f32
  }
  ure.def @Xi(%k, %j, %i) {
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %jgt = arith.cmpi sgt, %j, %i : index
    %i1 = arith.addi %i, %c1 : index
    %next = arith.cmpi eq, %j, %i1 : index
    %xv = ure.at @X(%k, %j, %i) : f32
    %p = ure.at @Xi(%k, %j - 1, %i) : f32
    %s = arith.select %next, %xv, %p : f32
    %v = arith.select %jgt, %s, %z : f32
    ure.yield %v : f32
  }
  ure.def @R(%j, %i) with (%k) {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %kl = arith.cmpi eq, %k, %c7 : index
    %ip = arith.cmpi sgt, %i, %c0 : index
    %c = arith.andi %kl, %ip : i1
    %diag = arith.cmpi eq, %j, %i : index
    %xk = ure.at @Xk(%k, %j, %i) : f32
    %xik = ure.at @Xik(%k, %j, %i) : f32
    %r1 = math.sqrt %xk : f32
    %sx = math.sqrt %xik : f32
    %r2 = arith.divf %xk, %sx : f32
    %r = arith.select %diag, %r1, %r2 : f32
    %v = ure.select %c, %r : f32
    ure.yield %v : f32
  }
  ure.def @Q(%k, %i) with (%j) {
    %c0 = arith.constant 0 : index
    %ip = arith.cmpi sgt, %i, %c0 : index
    %diag = arith.cmpi eq, %j, %i : index
    %c = arith.andi %ip, %diag : i1
    %pa = ure.at @A(%k, %j, %i - 1) : f32
    %xk = ure.at @Xk(%k, %j, %i) : f32
    %s = math.sqrt %xk : f32
    %q = arith.divf %pa, %s : f32
    %v = ure.select %c, %q : f32
    ure.yield %v : f32
  }
  ure.merge_ures @Xk [@Xik, @A, @Ai, @X, @Xi, @R, @Q]
  ure.set_bounds @Xk (i = 0 extent 9, j = 0 extent 9, k = 0 extent 8)
}
