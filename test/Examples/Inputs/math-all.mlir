// Every math op the interpreter knows, on f32 and f64 (and math.absi), in
// one pointwise program: y(i) = the sum of them at x(i).
ure.program @mathall {
  ure.input @x : memref<6xf32>
  ure.input @d : memref<6xf64>
  ure.input @n : memref<6xi32>
  ure.func @y(i) -> (f32, f64, i32)
  ure.def @y(%i) {
    %x = ure.load @x(%i) : f32
    %one = arith.constant 1.0 : f32
    %a = math.absf %x : f32
    %a1 = arith.addf %a, %one : f32
    %r1 = math.sqrt %a1 : f32
    %r2 = math.rsqrt %a1 : f32
    %r3 = math.cbrt %x : f32
    %r4 = math.exp %x : f32
    %r5 = math.exp2 %x : f32
    %r6 = math.expm1 %x : f32
    %r7 = math.log %a1 : f32
    %r8 = math.log2 %a1 : f32
    %r9 = math.log10 %a1 : f32
    %r10 = math.log1p %a : f32
    %r11 = math.sin %x : f32
    %r12 = math.cos %x : f32
    %r13 = math.tan %x : f32
    %r14 = math.tanh %x : f32
    %r15 = math.sinh %x : f32
    %r16 = math.cosh %x : f32
    %half = arith.constant 0.5 : f32
    %small = arith.mulf %r14, %half : f32
    %r17 = math.asin %small : f32
    %r18 = math.acos %small : f32
    %r19 = math.atan %x : f32
    %r20 = math.floor %x : f32
    %r21 = math.ceil %x : f32
    %r22 = math.round %x : f32
    %r23 = math.roundeven %x : f32
    %r24 = math.trunc %x : f32
    %r25 = math.powf %a1, %half : f32
    %r26 = math.atan2 %x, %a1 : f32
    %r27 = math.copysign %a1, %x : f32
    %r28 = math.fma %x, %x, %one : f32
    %s1 = arith.addf %r1, %r2 : f32
    %s2 = arith.addf %s1, %r3 : f32
    %s3 = arith.addf %s2, %r4 : f32
    %s4 = arith.addf %s3, %r5 : f32
    %s5 = arith.addf %s4, %r6 : f32
    %s6 = arith.addf %s5, %r7 : f32
    %s7 = arith.addf %s6, %r8 : f32
    %s8 = arith.addf %s7, %r9 : f32
    %s9 = arith.addf %s8, %r10 : f32
    %s10 = arith.addf %s9, %r11 : f32
    %s11 = arith.addf %s10, %r12 : f32
    %s12 = arith.addf %s11, %r13 : f32
    %s13 = arith.addf %s12, %r14 : f32
    %s14 = arith.addf %s13, %r15 : f32
    %s15 = arith.addf %s14, %r16 : f32
    %s16 = arith.addf %s15, %r17 : f32
    %s17 = arith.addf %s16, %r18 : f32
    %s18 = arith.addf %s17, %r19 : f32
    %s19 = arith.addf %s18, %r20 : f32
    %s20 = arith.addf %s19, %r21 : f32
    %s21 = arith.addf %s20, %r22 : f32
    %s22 = arith.addf %s21, %r23 : f32
    %s23 = arith.addf %s22, %r24 : f32
    %s24 = arith.addf %s23, %r25 : f32
    %s25 = arith.addf %s24, %r26 : f32
    %s26 = arith.addf %s25, %r27 : f32
    %s27 = arith.addf %s26, %r28 : f32
    %dv = ure.load @d(%i) : f64
    %d1 = math.sin %dv : f64
    %d2 = math.exp %d1 : f64
    %d3 = math.fma %dv, %d2, %d1 : f64
    %d4 = math.floor %d3 : f64
    %nv = ure.load @n(%i) : i32
    %n1 = math.absi %nv : i32
    ure.yield %s27, %d4, %n1 : f32, f64, i32
  }
  ure.set_bounds @y (i = 0 extent 6)
}
