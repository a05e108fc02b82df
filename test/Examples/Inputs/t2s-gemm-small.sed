# examples/t2s/gemm.mlir at a small size with several tiles: KKK 4, JJJ 2,
# III 3, JJ II KK 2, K J I 2 (A 12 x 16, Bt 8 x 16, C 96 elements).
s/memref<10240x16384xf32>/memref<12x16xf32>/
s/memref<8192x16384xf32>/memref<8x16xf32>/
s/%i \* 320 + %ii \* 10/%i * 6 + %ii * 3/
s/%j \* 256 + %jj \* 8/%j * 4 + %jj * 2/
s/%k \* 512 + %kk \* 16/%k * 8 + %kk * 4/g
s/%kkk + 15/%kkk + 3/g
s/%kk + 31/%kk + 1/
s/arith.constant 15 : index/arith.constant 3 : index/
s/arith.constant 31 : index/arith.constant 1 : index/
s/kkk = 0 extent 16, jjj = 0 extent 8, iii = 0 extent 10,/kkk = 0 extent 4, jjj = 0 extent 2, iii = 0 extent 3,/
s/jj = 0 extent 32, ii = 0 extent 32, kk = 0 extent 32,/jj = 0 extent 2, ii = 0 extent 2, kk = 0 extent 2,/
s/k = 0 extent 32, j = 0 extent 32, i = 0 extent 32)/k = 0 extent 2, j = 0 extent 2, i = 0 extent 2)/
