spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
  spirv.func @k(%p: !spirv.ptr<i32, CrossWorkgroup>) "None" {
    %c = spirv.Constant 7 : i32
    spirv.Store "CrossWorkgroup" %p, %c : i32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @k
}
