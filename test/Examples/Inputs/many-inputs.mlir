// 26 inputs: a kernel with more arguments than registers (or than a
// fixed table of call shapes) runs under the OpenCL emulation.
ure.program @many {
  ure.input @x0 : memref<4xi32>
  ure.input @x1 : memref<4xi32>
  ure.input @x2 : memref<4xi32>
  ure.input @x3 : memref<4xi32>
  ure.input @x4 : memref<4xi32>
  ure.input @x5 : memref<4xi32>
  ure.input @x6 : memref<4xi32>
  ure.input @x7 : memref<4xi32>
  ure.input @x8 : memref<4xi32>
  ure.input @x9 : memref<4xi32>
  ure.input @x10 : memref<4xi32>
  ure.input @x11 : memref<4xi32>
  ure.input @x12 : memref<4xi32>
  ure.input @x13 : memref<4xi32>
  ure.input @x14 : memref<4xi32>
  ure.input @x15 : memref<4xi32>
  ure.input @x16 : memref<4xi32>
  ure.input @x17 : memref<4xi32>
  ure.input @x18 : memref<4xi32>
  ure.input @x19 : memref<4xi32>
  ure.input @x20 : memref<4xi32>
  ure.input @x21 : memref<4xi32>
  ure.input @x22 : memref<4xi32>
  ure.input @x23 : memref<4xi32>
  ure.input @x24 : memref<4xi32>
  ure.input @x25 : memref<4xi32>
  ure.func @y(i) -> i32
  ure.def @y(%i) {
    %v0 = ure.load @x0(%i) : i32
    %v1 = ure.load @x1(%i) : i32
    %v2 = ure.load @x2(%i) : i32
    %v3 = ure.load @x3(%i) : i32
    %v4 = ure.load @x4(%i) : i32
    %v5 = ure.load @x5(%i) : i32
    %v6 = ure.load @x6(%i) : i32
    %v7 = ure.load @x7(%i) : i32
    %v8 = ure.load @x8(%i) : i32
    %v9 = ure.load @x9(%i) : i32
    %v10 = ure.load @x10(%i) : i32
    %v11 = ure.load @x11(%i) : i32
    %v12 = ure.load @x12(%i) : i32
    %v13 = ure.load @x13(%i) : i32
    %v14 = ure.load @x14(%i) : i32
    %v15 = ure.load @x15(%i) : i32
    %v16 = ure.load @x16(%i) : i32
    %v17 = ure.load @x17(%i) : i32
    %v18 = ure.load @x18(%i) : i32
    %v19 = ure.load @x19(%i) : i32
    %v20 = ure.load @x20(%i) : i32
    %v21 = ure.load @x21(%i) : i32
    %v22 = ure.load @x22(%i) : i32
    %v23 = ure.load @x23(%i) : i32
    %v24 = ure.load @x24(%i) : i32
    %v25 = ure.load @x25(%i) : i32
    %s1 = arith.addi %v0, %v1 : i32
    %s2 = arith.addi %s1, %v2 : i32
    %s3 = arith.addi %s2, %v3 : i32
    %s4 = arith.addi %s3, %v4 : i32
    %s5 = arith.addi %s4, %v5 : i32
    %s6 = arith.addi %s5, %v6 : i32
    %s7 = arith.addi %s6, %v7 : i32
    %s8 = arith.addi %s7, %v8 : i32
    %s9 = arith.addi %s8, %v9 : i32
    %s10 = arith.addi %s9, %v10 : i32
    %s11 = arith.addi %s10, %v11 : i32
    %s12 = arith.addi %s11, %v12 : i32
    %s13 = arith.addi %s12, %v13 : i32
    %s14 = arith.addi %s13, %v14 : i32
    %s15 = arith.addi %s14, %v15 : i32
    %s16 = arith.addi %s15, %v16 : i32
    %s17 = arith.addi %s16, %v17 : i32
    %s18 = arith.addi %s17, %v18 : i32
    %s19 = arith.addi %s18, %v19 : i32
    %s20 = arith.addi %s19, %v20 : i32
    %s21 = arith.addi %s20, %v21 : i32
    %s22 = arith.addi %s21, %v22 : i32
    %s23 = arith.addi %s22, %v23 : i32
    %s24 = arith.addi %s23, %v24 : i32
    %s25 = arith.addi %s24, %v25 : i32
    ure.yield %s25 : i32
  }
  ure.set_bounds @y (i = 0 extent 4)
}
