// The numbers of the worked example in space-time-transform.md (the
// "Lowering" section): the A/B/C/c UREs with I = J = K = 10 and the double
// projection
//   (i, j, k) => (i, j, t1) => (i, t2, t1),  t1 = 2i + 3j + k,  t2 = 2i + j
// The pass reports the time loops and every register file as remarks;
// --verify-diagnostics pins each of them.
// RUN: t2s-opt %s --merge-ures --space-time-transform --verify-diagnostics -o /dev/null
//
// The recovered indices, over the coordinates (d0, d1, d2) = (t1, t2, i) and
// in the original loop order (k, j, i): the document recovers j first,
//   j = t2 - 2i,
// then k = t1 - 2i - 3j = t1 - 2i - 3(t2 - 2i) = t1 - 3 t2 + 4i.
// The schedule map gives (t1, t2) over (d0, d1, d2) = (k, j, i).
// RUN: t2s-opt %s --merge-ures --space-time-transform 2>/dev/null | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --pass-pipeline='builtin.module(merge-ures, space-time-transform)' --verify-diagnostics -o /dev/null %}
// CHECK:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)>
// CHECK-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)>
// The register files (PEs x slots), then the array; no check_time attribute:
// the guard is the explicit scf.if on spacetime.scheduled.
// CHECK:      %[[RA:.*]] = spacetime.shift_reg "A" : memref<10x59xi32>
// CHECK-NEXT: %[[RB:.*]] = spacetime.shift_reg "B" : memref<10x86xi32>
// CHECK-NEXT: %[[RC:.*]] = spacetime.shift_reg "C" : memref<10x29xi32>
// CHECK-NEXT: spacetime.array @A {{(registers\(.*\) )?}}loops (k = 0 extent 10, j = 0 extent 10, i = 0 extent 10) time (t1 = 0 extent 55, t2 = 0 extent 28) space (i = 0 extent 10) schedule #[[SCHED]] recover #[[REC]] {
// CHECK-NEXT: ^bb0(%t1: index, %t2: index, %i: index, %[[RAI:.*]]: memref<10x59xi32>, %[[RBI:.*]]: memref<10x86xi32>, %[[RCI:.*]]: memref<10x29xi32>):
// CHECK-NEXT:   %[[K:.*]], %[[J:.*]], %[[I:.*]] = spacetime.recover : index, index, index
// CHECK-NEXT:   %[[ON:.*]] = spacetime.scheduled
// CHECK-NEXT:   scf.if %[[ON]] {
// The document's step 5, derived below: srA[i - 1, 58], srB[i, 85], srC[i, 28].
// CHECK:          spacetime.read %[[RAI]] [1] delay 58 : memref<10x59xi32>
// CHECK:          spacetime.write %{{.*}}, %[[RAI]]
// CHECK:          spacetime.read %[[RBI]] [0] delay 85 : memref<10x86xi32>
// CHECK:          spacetime.write %{{.*}}, %[[RBI]]
// CHECK:          spacetime.read %[[RCI]] [0] delay 28 : memref<10x29xi32>
// CHECK:          spacetime.write %[[CV:.*]], %[[RCI]]
// c(i, j) = select(k == K - 1, C(i, j, k)): the output store under its condition.
// CHECK:          scf.if
// CHECK-NEXT:       spacetime.output %[[CV]] to @c[%[[I]], %[[J]]] : i32
//
// Time loops (exact bounds, all mins 0):
//   t1 = 2i + 3j + k: max 2*9 + 3*9 + 9 = 54, so t1 in [0, 55)
//        (the document's 2*I + 3*J + K - 5 = 55);
//   t2 = 2i + j:      max 2*9 + 9 = 27,       so t2 in [0, 28)
//        (the document's 2*I + J - 2 = 28).
// 55 * 28 = 1540 flattened steps; the one space loop i gives 10 PEs.
//
// Flattened time: t = 28 t1 + t2 (the stride of t1 is the extent of t2, 28;
// the document once says 29, a typo), so
//   t = 28 (2i + 3j + k) + (2i + j) = 58i + 85j + 28k.
// The time distance of a read at dependence distance d = (di, dj, dk) is
// 58 di + 85 dj + 28 dk:
//   A(i - 1, j, k): (t1, t2) move by (2, 2): 2*28 + 2 = 58 (the document
//                   prints 60 once, a typo): 58 + 1 = 59 registers;
//   B(i, j - 1, k): (3, 1): 3*28 + 1 = 85 (printed 88 once): 86 registers;
//   C(i, j, k - 1): (1, 0): 28 (printed 29 once): 29 registers.
// (Slot 0 holds the value written at the current step, slot d the value
// written d steps ago: largest distance + 1 registers, as srA[10][59],
// srB[10][86], srC[10][29] in the document.)
//
// Minimized channel depths. One PE (i fixed) computes at the flattened times
// 58i + 85j + 28k for j, k in [0, 10): not one value every s steps, so each
// file becomes a channel, as deep as the largest number of values the PE
// produces within any window of x steps, both ends included (the value read
// at t and the one written at t - x). The document's "1 or 3" for B looks at
// j moving alone (85 steps, 1 value) or k alone (3 * 28 = 84 steps, 3
// values); but 85 = 3*28 + 1, so (j + 1, k - 3) comes ONE step after (j, k),
// and the pairs mix. Relative to 58i, the times are:
//   (j, k) = (0, 6) (1, 3) (2, 0) -> 168 169 170
//            (0, 7) (1, 4) (2, 1) -> 196 197 198
//            (0, 8) (1, 5) (2, 2) -> 224 225 226
//            (0, 9) (1, 6)        -> 252 253
// A: the window [168, 168 + 58 = 226] holds the 9 values of the first three
//    rows: depth 9.
// B: [168, 168 + 85 = 253] holds those 9 and 252, 253: depth 11.
// C: [168, 168 + 28 = 196] holds 168, 169, 170 and 196: depth 4.
// (No window holds more: the pass enumerates all 100 (j, k) pairs.)
ure.program @abc {
  ure.func @A(i, j, k) -> i32 on device
  ure.func @B(i, j, k) -> i32 on device
  ure.func @C(i, j, k) -> i32 on device
  ure.func @c(i, j) -> i32 on device

  // A(i, j, k) = select(i == 0, 0, A(i - 1, j, k))
  // expected-remark@+1 {{@A: 59 registers per PE (largest time distance 58); minimizable to a channel of depth 9}}
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %i, %c0 : index
    %prev = ure.at @A(%i - 1, %j, %k) : i32
    %v = arith.select %first, %zero, %prev : i32
    ure.yield %v : i32
  }
  // B(i, j, k) = select(j == 0, 0, B(i, j - 1, k))
  // expected-remark@+1 {{@B: 86 registers per PE (largest time distance 85); minimizable to a channel of depth 11}}
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @B(%i, %j - 1, %k) : i32
    %v = arith.select %first, %zero, %prev : i32
    ure.yield %v : i32
  }
  // C(i, j, k) = select(k == 0, 0, A(i, j, k) + B(i, j, k) + C(i, j, k - 1))
  // expected-remark@+1 {{@C: 29 registers per PE (largest time distance 28); minimizable to a channel of depth 4}}
  ure.def @C(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %a = ure.at @A(%i, %j, %k) : i32
    %b = ure.at @B(%i, %j, %k) : i32
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %ab = arith.addi %a, %b : i32
    %sum = arith.addi %ab, %prev : i32
    %v = arith.select %first, %zero, %sum : i32
    ure.yield %v : i32
  }
  // c(i, j) = select(k == K - 1, C(i, j, k)): the output, read by nobody, has
  // no register file.
  ure.def @c(%i, %j) with (%k) {
    %last = arith.constant 9 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %v = ure.at @C(%i, %j, %k) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }

  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  ure.space_time_transform @A (i, j) vector [2, 3] check_time
  // expected-remark@+1 {{time loops t1 in [0, 55), t2 in [0, 28): 1540 flattened steps; 10 PEs}}
  ure.space_time_transform @A (i) vector [2]
}
