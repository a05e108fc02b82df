# examples/t2s/conv.mlir at a small size with 6 tiles: CII 4, COOO 2, YYY 2,
# XXX 3, COO 2, YY XX 2, KY KX 3, CI 2 (I 6 x 8 x 8, K 4 x 3 x 3 x 8, O 96).
s/memref<22x30x256xf32>/memref<6x8x8xf32>/
s/memref<128x3x3x256xf32>/memref<4x3x3x8xf32>/
s/%yy \* 10/%yy * 2/
s/%xx \* 14/%xx * 3/
s/%ci \* 16/%ci * 4/g
s/%coo \* 8/%coo * 2/
s/%cii + 15/%cii + 3/g
s/%c15 = arith.constant 15 : index/%c15 = arith.constant 3 : index/
s/%last_ci = arith.constant 15 : index/%last_ci = arith.constant 1 : index/
s/cii = 0 extent 16, cooo = 0 extent 8, yyy = 0 extent 10,/cii = 0 extent 4, cooo = 0 extent 2, yyy = 0 extent 2,/
s/xxx = 0 extent 14, coo = 0 extent 16, yy = 0 extent 2,/xxx = 0 extent 3, coo = 0 extent 2, yy = 0 extent 2,/
s/ci = 0 extent 16)/ci = 0 extent 2)/
