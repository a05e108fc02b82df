// qrd-mgs-iso-stt.cpp #defines COMPLEX_MATRIX (ComplexFunc, ComplexExpr, conj, re): a complex element type.
ure.program @c {
  ure.input @a : memref<4xcomplex<f32>>
  ure.func @X(k) -> complex<f32> on device
  ure.def @X(%k) {
    %v = ure.load @a(%k) : complex<f32>
    ure.yield %v : complex<f32>
  }
  ure.set_bounds @X (k = 0 extent 4)
}
