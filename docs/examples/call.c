//===- call.c - Calling a compiled t2s program from C ---------------------===//
//
// Compiles examples/systolic/fir-symbolic.mlir (or the file given) with a
// named t2s pipeline down to the llvm dialect, JIT-compiles it with MLIR's
// ExecutionEngine, and calls the program's C interface
// (`_mlir_ciface_fir_symbolic`) on an input x of the length given, with
// N = 17 and K = 4 taps. y(n) = sum(w(k) * x(n + k)) reads x up to
// index N + K - 2, so x needs N + K - 1 = 20 elements. The function
// checks it at its entry (docs/embedding.md, "Calling compiled code"): it
// returns 0 and computes y, or, for a shorter x, returns the status
// (input + 1) << 8 | dimension = 256 and touches nothing.
//
//   ./call FILE.mlir PIPELINE X_LENGTH
//   ./call examples/systolic/fir-symbolic.mlir 'builtin.module(t2s-lower-to-llvm)' 20
//
//===----------------------------------------------------------------------===//

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"
#include "t2s-c/T2S.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/// A rank-1 memref descriptor, as MLIR's C interface passes it.
struct MemRef1 {
  int32_t *allocated;
  int32_t *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
};

static struct MemRef1 memref(int32_t *data, int64_t size) {
  struct MemRef1 m = {data, data, 0, {size}, {1}};
  return m;
}

static void printError(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

/// The program's function: inputs x and w, output y, parameters N and K.
typedef int32_t (*FirFunction)(struct MemRef1 *, struct MemRef1 *,
                               struct MemRef1 *, int64_t, int64_t);

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s FILE.mlir PIPELINE X_LENGTH\n", argv[0]);
    return 1;
  }
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  t2sRegisterDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllPasses();
  t2sRegisterPasses();
  mlirRegisterAllLLVMTranslations(context);

  MlirModule module = mlirModuleCreateParseFromFile(
      context, mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "cannot parse %s\n", argv[1]);
    return 1;
  }
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(argv[2]), printError, NULL);
  if (mlirLogicalResultIsFailure(parsed) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "the pipeline failed\n");
    return 1;
  }
  MlirExecutionEngine engine =
      mlirExecutionEngineCreate(module, 2, 0, NULL, false, false);
  if (mlirExecutionEngineIsNull(engine)) {
    fprintf(stderr, "cannot JIT-compile the module\n");
    return 1;
  }
  FirFunction fir = (FirFunction)mlirExecutionEngineLookup(
      engine, mlirStringRefCreateFromCString("_mlir_ciface_fir_symbolic"));
  if (!fir) {
    fprintf(stderr, "no function _mlir_ciface_fir_symbolic\n");
    return 1;
  }

  const int64_t n = 17, k = 4;
  int64_t length = atoll(argv[3]);
  int32_t *x = calloc((size_t)(length > 0 ? length : 1), sizeof(int32_t));
  int32_t w[4] = {1, -2, 3, 1};
  int32_t y[17];
  for (int64_t i = 0; i < length; ++i)
    x[i] = (int32_t)i;
  for (int64_t i = 0; i < n; ++i)
    y[i] = -1;
  struct MemRef1 xm = memref(x, length), wm = memref(w, k), ym = memref(y, n);
  int32_t status = fir(&xm, &wm, &ym, n, k);
  printf("status %d\n", status);
  if (status != 0)
    printf("input %d is too small in dimension %d\n", (status >> 8) - 1,
           status & 0xff);
  printf("y:");
  for (int64_t i = 0; i < n; ++i)
    printf(" %d", y[i]);
  printf("\n");

  free(x);
  mlirExecutionEngineDestroy(engine);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return status == 0 ? 0 : 2;
}
