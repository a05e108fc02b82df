//===- T2STranslate.cpp - mlir-translate's main with Rust translations ----===//
//
// t2s-translate is mlir-translate over the t2s dialects: the same flags
// (-o, --split-input-file, --verify-diagnostics, ...) and the upstream
// translations, plus the translations written in Rust (t2s-to-opencl), which
// register here a callback that writes the output through a string callback.
//
//===----------------------------------------------------------------------===//

#include "capi/T2SCAPI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "channel/ChannelDialect.h"
#include "spacetime/SpacetimeDialect.h"
#include "ure/UreDialect.h"

#include <string>

using namespace mlir;

namespace {
void appendToStream(MlirStringRef chunk, void *stream) {
  *static_cast<llvm::raw_ostream *>(stream) << unwrap(chunk);
}
} // namespace

void t2sRegisterTranslation(const char *name, const char *description,
                            T2sTranslateFn translate, void *userData) {
  // The registry keeps references to the strings: they live for the process.
  StringRef arg = *new std::string(name);
  StringRef desc = *new std::string(description);
  TranslateFromMLIRRegistration(
      arg, desc,
      [translate, userData](Operation *op, llvm::raw_ostream &os) {
        return unwrap(translate(wrap(op), appendToStream, &os, userData));
      },
      [](DialectRegistry &registry) {
        registerAllDialects(registry);
        registerAllExtensions(registry);
        registry.insert<t2s::ure::UreDialect, t2s::spacetime::SpacetimeDialect,
                        t2s::channel::ChannelDialect>();
      });
}

int t2sMlirTranslateMain(int argc, char **argv, const char *toolName) {
  registerAllTranslations();
  return failed(mlirTranslateMain(argc, argv, toolName)) ? 1 : 0;
}
