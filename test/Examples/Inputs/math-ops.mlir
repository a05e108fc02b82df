// y(n) = sum over k of fma(sqrt(|x|), sqrt(|x|), acc): math ops inside a URE,
// moved unchanged into the PE body and lowered by upstream passes.
ure.program @m {
  ure.input @x : memref<4x4xf32>
  ure.func @s(k, n) -> f32 on device
  ure.func @y(n) -> f32 on device
  ure.def @s(%k, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %zero = arith.constant 0.0 : f32
    %prev = ure.at @s(%k - 1, %n) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %v = ure.load @x(%n, %k) : f32
    %a = math.absf %v : f32
    %r = math.sqrt %a : f32
    %e = math.fma %r, %r, %acc : f32
    ure.yield %e : f32
  }
  ure.def @y(%n) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %v = ure.at @s(%k, %n) : f32
    %w = ure.select %last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (k = 0 extent 4, n = 0 extent 4)
  ure.space_time_transform @s (k) vector [1] check_time
}
