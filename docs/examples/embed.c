//===- embed.c - Using t2s from another MLIR tool through the C API -------===//
//
// Registers the upstream dialects and passes and the t2s ones, parses a
// .mlir file, runs a textual pass pipeline that mixes t2s and upstream
// passes, and prints the result. Diagnostics go to stderr; exit 1 on error.
//
//   clang embed.c -I<repo>/include -I/usr/lib/llvm-22/include \
//     -L<target/debug> -lT2SPlugin -L<dir of libMLIR-C.a> -lMLIR-C \
//     -L/usr/lib/llvm-22/lib -lMLIR -lLLVM -lstdc++ \
//     -Wl,-rpath,<target/debug> -Wl,-rpath,/usr/lib/llvm-22/lib -o embed
//   ./embed input.mlir 'builtin.module(merge-ures, space-time-transform)'
//
//===----------------------------------------------------------------------===//

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"
#include "t2s-c/T2S.h"

#include <stdio.h>

static void printToFile(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

static void printError(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

/// Prints diagnostics as `file:line:col: error: message`, like mlir-opt.
static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  (void)userData;
  MlirLocation loc = mlirDiagnosticGetLocation(diagnostic);
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirIdentifier file = mlirLocationFileLineColRangeGetFilename(loc);
    MlirStringRef name = mlirIdentifierStr(file);
    fprintf(stderr, "%.*s:%d:%d: ", (int)name.length, name.data,
            mlirLocationFileLineColRangeGetStartLine(loc),
            mlirLocationFileLineColRangeGetStartColumn(loc));
  }
  static const char *kinds[] = {"error", "warning", "note", "remark"};
  fprintf(stderr, "%s: ", kinds[mlirDiagnosticGetSeverity(diagnostic)]);
  mlirDiagnosticPrint(diagnostic, printError, NULL);
  fprintf(stderr, "\n");
  for (intptr_t i = 0, e = mlirDiagnosticGetNumNotes(diagnostic); i < e; ++i)
    handleDiagnostic(mlirDiagnosticGetNote(diagnostic, i), NULL);
  return mlirLogicalResultSuccess();
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s FILE.mlir PIPELINE\n", argv[0]);
    return 1;
  }
  // Dialects: upstream ones, then ure, spacetime and channel.
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  t2sRegisterDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(context, handleDiagnostic, NULL, NULL);
  // Passes: upstream ones (the t2s pipelines name some), then the t2s ones.
  mlirRegisterAllPasses();
  t2sRegisterPasses();

  int status = 1;
  MlirModule module = mlirModuleCreateParseFromFile(
      context, mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(module))
    goto done; // The parser has printed the diagnostic.

  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          opm, mlirStringRefCreateFromCString(argv[2]), printError, NULL))) {
    fprintf(stderr, "\n");
  } else if (mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                 pm, mlirModuleGetOperation(module)))) {
    mlirOperationPrint(mlirModuleGetOperation(module), printToFile, stdout);
    printf("\n");
    status = 0;
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
done:
  mlirContextDestroy(context);
  return status;
}
