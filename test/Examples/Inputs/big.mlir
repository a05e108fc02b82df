// A running sum over k for each n, with placeholders that sizes.test
// replaces: INPUT (the input's size), KEXT and NEXT (the extents) and
// DIRECTIVE (a space-time transform, or nothing).
ure.program @big {
  ure.input @a : memref<INPUTxi32>
  ure.func @s(k, n) -> i32
  ure.func @y(n) -> i32
  ure.def @s(%k, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %zero = arith.constant 0 : i32
    %prev = ure.at @s(%k - 1, %n) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %v = ure.load @a(%n) : i32
    %s = arith.addi %acc, %v : i32
    ure.yield %s : i32
  }
  ure.def @y(%n) with (%k) {
    %c0 = arith.constant 0 : index
    %last = arith.cmpi eq, %k, %c0 : index
    %v = ure.at @s(%k, %n) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (k = 0 extent KEXT, n = 0 extent NEXT)
  DIRECTIVE
}
