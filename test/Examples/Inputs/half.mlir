// 16-bit floats: y(i) = sum over k of x(i, k) * w(k) + 0.1, in f16 and in
// bf16 (every operation rounds to the format), and a truncation from f32.
ure.program @half {
  ure.input @x : memref<4x6xf16>
  ure.input @w : memref<6xbf16>
  ure.func @acc(k, i) -> (f16, bf16)
  ure.func @y(i) -> (f16, bf16)
  ure.def @acc(%k, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %z16 = arith.constant 0.1 : f16
    %zb = arith.constant 0.1 : bf16
    %p:2 = ure.at @acc(%k - 1, %i) : f16, bf16
    %a16 = arith.select %first, %z16, %p#0 : f16
    %ab = arith.select %first, %zb, %p#1 : bf16
    %x = ure.load @x(%i, %k) : f16
    %w = ure.load @w(%k) : bf16
    %wf = arith.extf %w : bf16 to f32
    %w16 = arith.truncf %wf : f32 to f16
    %m = arith.mulf %x, %w16 : f16
    %s16 = arith.addf %a16, %m : f16
    %xf = arith.extf %x : f16 to f32
    %xb = arith.truncf %xf : f32 to bf16
    %mb = arith.mulf %xb, %w : bf16
    %sb = arith.addf %ab, %mb : bf16
    ure.yield %s16, %sb : f16, bf16
  }
  ure.def @y(%i) with (%k) {
    %c5 = arith.constant 5 : index
    %last = arith.cmpi eq, %k, %c5 : index
    %v:2 = ure.at @acc(%k, %i) : f16, bf16
    %a = ure.select %last, %v#0 : f16
    %b = ure.select %last, %v#1 : bf16
    ure.yield %a, %b : f16, bf16
  }
  ure.merge_ures @acc [@y]
  ure.set_bounds @acc (k = 0 extent 6, i = 0 extent 4)
  ure.space_time_transform @acc (k) vector [1] check_time
}
