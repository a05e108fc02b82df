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
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Target/SPIRV/Serialization.h"
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

/// What a translation's input may hold: every upstream dialect and ours.
void registerInputDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registry.insert<t2s::ure::UreDialect, t2s::spacetime::SpacetimeDialect,
                  t2s::channel::ChannelDialect>();
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
      registerInputDialects);
}

MlirLogicalResult t2sSerializeSpirv(MlirOperation root,
                                    void (*write)(MlirStringRef chunk,
                                                  void *stream),
                                    void *stream) {
  Operation *op = unwrap(root);
  // SPIR-V binaries already made (gpu.binary objects for a SPIR-V target),
  // or spirv.modules to serialize.
  SmallVector<std::pair<Operation *, StringRef>> binaries;
  SmallVector<spirv::ModuleOp> modules;
  op->walk([&](Operation *nested) {
    if (auto module = dyn_cast<spirv::ModuleOp>(nested)) {
      modules.push_back(module);
      return WalkResult::skip();
    }
    if (auto binary = dyn_cast<gpu::BinaryOp>(nested))
      for (Attribute attr : binary.getObjects())
        if (auto object = dyn_cast<gpu::ObjectAttr>(attr))
          if (isa<spirv::TargetEnvAttr>(object.getTarget()))
            binaries.push_back({nested, object.getObject().getValue()});
    return WalkResult::advance();
  });
  size_t count = binaries.size() + modules.size();
  if (count == 0) {
    op->emitError("no spirv.module or SPIR-V gpu.binary to write: lower the "
                  "program with t2s-sequential-to-spirv or "
                  "t2s-systolic-to-spirv first");
    return wrap(failure());
  }
  if (count > 1) {
    Location first = binaries.empty() ? modules[0].getLoc()
                                      : binaries[0].first->getLoc();
    Location second = binaries.size() > 1 ? binaries[1].first->getLoc()
                      : modules.size() > 1 ? modules[1].getLoc()
                                           : modules[0].getLoc();
    InFlightDiagnostic diag = emitError(
        second, "a second SPIR-V module: one SPIR-V binary holds one module");
    diag.attachNote(first) << "the first one";
    return wrap(failure());
  }
  if (!binaries.empty()) {
    write(wrap(binaries[0].second), stream);
    return wrap(success());
  }
  SmallVector<uint32_t, 0> binary;
  if (failed(spirv::serialize(modules[0], binary)))
    return wrap(failure());
  write(wrap(StringRef(reinterpret_cast<const char *>(binary.data()),
                       binary.size() * sizeof(uint32_t))),
        stream);
  return wrap(success());
}

int t2sMlirTranslateMain(int argc, char **argv, const char *toolName) {
  registerAllTranslations();
  TranslateFromMLIRRegistration(
      "t2s-to-spirv",
      "Write the SPIR-V binary of the input's kernels: the object of its "
      "gpu.binary (what t2s-sequential-to-spirv and t2s-systolic-to-spirv "
      "end with), or its one spirv.module serialized",
      [](Operation *op, llvm::raw_ostream &os) {
        return unwrap(t2sSerializeSpirv(wrap(op), appendToStream, &os));
      },
      registerInputDialects);
  TranslateFromMLIRRegistration(
      "t2s-to-ptx",
      "Write the PTX of the input's kernels: the NVVM object of its gpu.binary "
      "(what t2s-systolic-to-ptx ends with)",
      [](Operation *op, llvm::raw_ostream &os) {
        return unwrap(t2sWritePtx(wrap(op), appendToStream, &os));
      },
      registerInputDialects);
  TranslateFromMLIRRegistration(
      "t2s-to-gpu-manifest",
      "Write the launch manifest of the input's kernels as JSON: each host "
      "function's arguments (name, role, shape, element type), its launches "
      "in order (kernel, grid, block, shared memory, parameters) and the PTX "
      "of every kernel module (tools/gpu/launch.py runs it)",
      [](Operation *op, llvm::raw_ostream &os) {
        return unwrap(t2sWriteGpuManifest(wrap(op), appendToStream, &os));
      },
      registerInputDialects);
  return failed(mlirTranslateMain(argc, argv, toolName)) ? 1 : 0;
}
