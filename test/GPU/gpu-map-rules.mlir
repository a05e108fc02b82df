// RUN: t2s-opt %s --split-input-file --verify-diagnostics=only-expected --t2s-systolic-to-nvvm -o /dev/null
// The rules of a GPU mapping that the pipeline checks (the array's time
// loops, its dependences, the device's limits), one error each, at the
// directive or at the read that breaks one.

// A space loop is not a time loop.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{loop 'i' is not a time loop of the array (its time loops, outermost first: b, j, k): only time loops run on blocks and threads}}
  ure.gpu_map @s blocks (b) threads (i)
}

// -----

// The grid encloses every loop a thread runs: the outermost time loops.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{loop 'j' is not among the 1 outermost time loops (b): the blocks and threads must enclose every loop a thread runs}}
  ure.gpu_map @s blocks () threads (j)
}

// -----

// Every mapped loop is a loop of the output: threads write their own elements.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %b) with (%k, %j) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{loop 'j' is not a loop of the output @out (i, b): its blocks or threads would write the same elements}}
  ure.gpu_map @s blocks (b) threads (j)
}

// -----

// An output stored several times per element keeps last-write stamps
// across the whole output, which threads cannot share.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %b) with (%k, %j) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{the output @out is not stored exactly once per element (some element is stored several times): threads cannot share its initialization}}
  ure.gpu_map @s blocks (b) threads ()
}

// -----

// A dependence along a mapped loop: no thread sees another's values.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    // expected-error@+1 {{this read carries a dependence along loop 'j' (distance 1), which ure.gpu_map runs on different blocks or threads: no thread sees another's values}}
    %prev = ure.at @s(%i, %k - 1, %j - 1, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-note@+1 {{the GPU mapping}}
  ure.gpu_map @s blocks (b) threads (j)
}

// -----

// At most 1024 threads a block.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 2000, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{2000 threads a block, more than the GPU's 1024}}
  ure.gpu_map @s blocks (b) threads (j)
}

// -----

// At most 65535 blocks along y.
ure.program @p {
  ure.input @A : memref<4x4x70000xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 70000)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{70000 blocks along y, more than the GPU's 65535}}
  ure.gpu_map @s blocks (j, b) threads ()
}

// -----

// A thread's registers: 256 PEs each carrying its sum to the next step.
ure.program @p {
  ure.input @A : memref<256x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 256, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{a thread's register files carry 256 32-bit registers from one step to the next, more than the GPU's 255: map more loops to threads or make the PE block smaller}}
  ure.gpu_map @s blocks (b) threads (j)
}

// -----

// A thread's local memory: a value carried along the unmapped loop j waits
// 40000 steps of k.
ure.program @p {
  ure.input @A : memref<4x40000x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%i, %k, %j - 1, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 39999 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 40000, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{a thread's register files take 640016 bytes, more than the GPU's 524288 bytes of local memory a thread}}
  ure.gpu_map @s blocks (b) threads ()
}

// -----

// One grid per array.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-note@+1 {{the first one}}
  ure.gpu_map @s blocks (b) threads ()
  // expected-error@+1 {{a second ure.gpu_map: an array runs on one grid}}
  ure.gpu_map @s blocks (b) threads (j)
}

// -----

// The directive names the array's representative.
ure.program @p {
  ure.input @A : memref<4x4x2xf32>
  ure.func @s(i, k, j, b) -> f32 on device
  ure.func @out(i, j, b) -> f32 on device
  ure.def @s(%i, %k, %j, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1, %j, %b) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k, %b) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %b) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k, %j, %b) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 4, j = 0 extent 5, b = 0 extent 2)
  ure.space_time_transform @s (i)
  // expected-error@+1 {{@out is not the representative of the array; give ure.gpu_map to @s}}
  ure.gpu_map @out blocks (b) threads ()
}
