//===- T2SCAPI.cpp - C API of the t2s dialects and pass bridge ------------===//

#include "capi/T2SCAPI.h"

#include "channel/ChannelDialect.h"
#include "spacetime/SpacetimeDialect.h"
#include "ure/UreDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>
#include <mutex>

using namespace mlir;

// The public names (mlirGetDialectHandle__ure__, ...) are defined in Rust
// (crate t2s-dialects) on top of these, so that the plugin's shared object
// exports them: a Rust cdylib exports only symbols defined in Rust.
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Ure, t2s_impl_ure, t2s::ure::UreDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Spacetime, t2s_impl_spacetime,
                                      t2s::spacetime::SpacetimeDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Channel, t2s_impl_channel,
                                      t2s::channel::ChannelDialect)

void t2sInsertDialects(void *cppRegistry) {
  static_cast<DialectRegistry *>(cppRegistry)
      ->insert<t2s::ure::UreDialect, t2s::spacetime::SpacetimeDialect,
               t2s::channel::ChannelDialect>();
}

void t2sRegisterAllDialects(MlirDialectRegistry registry) {
  DialectRegistry &r = *unwrap(registry);
  registerAllDialects(r);
  registerAllExtensions(r);
  r.insert<t2s::ure::UreDialect, t2s::spacetime::SpacetimeDialect,
           t2s::channel::ChannelDialect>();
}

void t2sRegisterUpstreamPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { registerAllPasses(); });
}

namespace {
/// A registered Rust pass: its description, owned for the process lifetime.
struct RustPassInfo {
  std::string argument, name, description, anchorOp;
  struct Option {
    std::string name, description, defaultValue;
    T2sPassOptionKind kind;
  };
  std::vector<Option> options;
  std::vector<std::string> dependentDialects;
  T2sRunPassFn run;
  void *userData;
  TypeID typeID;
};

/// Keeps pass infos at stable addresses and allocates their TypeIDs.
struct RustPassTable {
  std::mutex mutex;
  std::deque<RustPassInfo> infos;
  TypeIDAllocator typeIDs;
};

RustPassTable &passTable() {
  static RustPassTable table;
  return table;
}

/// Inserts the dialects a pass creates ops of, so that the pass manager loads
/// them before multi-threaded execution starts.
void insertDialectByName(DialectRegistry &registry, StringRef name) {
  if (name == "arith")
    registry.insert<arith::ArithDialect>();
  else if (name == "scf")
    registry.insert<scf::SCFDialect>();
  else if (name == "memref")
    registry.insert<memref::MemRefDialect>();
  else if (name == "func")
    registry.insert<func::FuncDialect>();
  else if (name == "cf")
    registry.insert<cf::ControlFlowDialect>();
  else if (name == "math")
    registry.insert<math::MathDialect>();
  else if (name == "vector")
    registry.insert<vector::VectorDialect>();
  else if (name == "affine")
    registry.insert<affine::AffineDialect>();
  else if (name == "llvm")
    registry.insert<LLVM::LLVMDialect>();
  else if (name == "gpu")
    registry.insert<gpu::GPUDialect>();
  else if (name == "spirv")
    registry.insert<spirv::SPIRVDialect>();
  else if (name == "ure")
    registry.insert<t2s::ure::UreDialect>();
  else if (name == "spacetime")
    registry.insert<t2s::spacetime::SpacetimeDialect>();
  else if (name == "channel")
    registry.insert<t2s::channel::ChannelDialect>();
  else
    llvm::report_fatal_error("t2s: unknown dependent dialect '" + name + "'");
}

/// The generic pass that forwards to Rust. Its options are declared from the
/// Rust description, so MLIR parses `pass{key=value}` and `--pass="..."`.
class RustPass : public Pass {
public:
  explicit RustPass(const RustPassInfo &info)
      : Pass(info.typeID, info.anchorOp.empty()
                              ? std::optional<StringRef>()
                              : std::optional<StringRef>(info.anchorOp)),
        info(info) {
    for (const RustPassInfo::Option &o : info.options)
      declareOption(o);
  }

  StringRef getArgument() const override { return info.argument; }
  StringRef getName() const override { return info.name; }
  StringRef getDescription() const override { return info.description; }

  void getDependentDialects(DialectRegistry &registry) const override {
    for (const std::string &d : info.dependentDialects)
      insertDialectByName(registry, d);
  }

  bool canScheduleOn(RegisteredOperationName) const override { return true; }

  std::unique_ptr<Pass> clonePass() const override {
    auto pass = std::make_unique<RustPass>(info);
    pass->copyOptionValuesFrom(this);
    return pass;
  }

  void runOnOperation() override {
    std::vector<std::string> values = optionValues();
    std::vector<MlirStringRef> refs;
    for (const std::string &v : values)
      refs.push_back(mlirStringRefCreate(v.data(), v.size()));
    if (!info.run(info.userData, wrap(getOperation()), refs.size(),
                  refs.data()))
      signalPassFailure();
  }

private:
  void declareOption(const RustPassInfo::Option &o) {
    auto desc = llvm::cl::desc(o.description);
    switch (o.kind) {
    case T2sPassOptionBool:
      bools.push_back(std::make_unique<Option<bool>>(
          *this, o.name, desc, llvm::cl::init(o.defaultValue == "true")));
      order.push_back({o.kind, bools.size() - 1});
      break;
    case T2sPassOptionInt: {
      int64_t value = 0;
      llvm::to_integer(o.defaultValue, value);
      ints.push_back(std::make_unique<Option<int64_t>>(
          *this, o.name, desc, llvm::cl::init(value)));
      order.push_back({o.kind, ints.size() - 1});
      break;
    }
    case T2sPassOptionString:
      strings.push_back(std::make_unique<Option<std::string>>(
          *this, o.name, desc, llvm::cl::init(o.defaultValue)));
      order.push_back({o.kind, strings.size() - 1});
      break;
    case T2sPassOptionIntList:
      lists.push_back(
          std::make_unique<ListOption<int64_t>>(*this, o.name, desc));
      order.push_back({o.kind, lists.size() - 1});
      break;
    }
  }

  std::vector<std::string> optionValues() const {
    std::vector<std::string> values;
    for (auto [kind, index] : order) {
      switch (kind) {
      case T2sPassOptionBool:
        values.push_back(*bools[index] ? "true" : "false");
        break;
      case T2sPassOptionInt:
        values.push_back(std::to_string(*ints[index]));
        break;
      case T2sPassOptionString:
        values.push_back(*strings[index]);
        break;
      case T2sPassOptionIntList: {
        std::string text;
        for (auto [i, v] : llvm::enumerate(*lists[index]))
          text += (i ? "," : "") + std::to_string(v);
        values.push_back(text);
        break;
      }
      }
    }
    return values;
  }

  const RustPassInfo &info;
  std::vector<std::unique_ptr<Option<bool>>> bools;
  std::vector<std::unique_ptr<Option<int64_t>>> ints;
  std::vector<std::unique_ptr<Option<std::string>>> strings;
  std::vector<std::unique_ptr<ListOption<int64_t>>> lists;
  std::vector<std::pair<T2sPassOptionKind, size_t>> order;
};
} // namespace

void t2sRegisterRustPass(const T2sPassSpec *spec) {
  RustPassTable &table = passTable();
  const RustPassInfo *stored;
  {
    std::lock_guard<std::mutex> lock(table.mutex);
    RustPassInfo info;
    info.argument = spec->argument;
    info.name = spec->name;
    info.description = spec->description;
    info.anchorOp = spec->anchorOp;
    for (intptr_t i = 0; i < spec->numOptions; ++i) {
      const T2sPassOptionSpec &o = spec->options[i];
      info.options.push_back(
          {o.name, o.description, o.defaultValue ? o.defaultValue : "",
           o.kind});
    }
    for (intptr_t i = 0; i < spec->numDependentDialects; ++i)
      info.dependentDialects.push_back(spec->dependentDialects[i]);
    info.run = spec->run;
    info.userData = spec->userData;
    info.typeID = table.typeIDs.allocate();
    table.infos.push_back(std::move(info));
    stored = &table.infos.back();
  }
  registerPass([stored]() -> std::unique_ptr<Pass> {
    return std::make_unique<RustPass>(*stored);
  });
}

void t2sEmitDiagnostic(MlirLocation loc, T2sSeverity severity,
                       MlirStringRef message, intptr_t numNotes,
                       const MlirLocation *noteLocs,
                       const MlirStringRef *noteMessages) {
  Location location = unwrap(loc);
  InFlightDiagnostic diag = [&] {
    switch (severity) {
    case T2sSeverityWarning:
      return emitWarning(location);
    case T2sSeverityRemark:
      return emitRemark(location);
    case T2sSeverityError:
      break;
    }
    return emitError(location);
  }();
  diag << unwrap(message);
  for (intptr_t i = 0; i < numNotes; ++i)
    diag.attachNote(unwrap(noteLocs[i])) << unwrap(noteMessages[i]);
}

int t2sMlirOptMain(int argc, char **argv, MlirDialectRegistry registry,
                   const char *toolName) {
  return asMainReturnCode(
      MlirOptMain(argc, argv, toolName, *unwrap(registry)));
}

void t2sRegisterPassPipeline(const char *argument, const char *description,
                             const char *pipeline) {
  // The registry keeps references to the strings: they live for the process.
  StringRef arg = *new std::string(argument);
  StringRef desc = *new std::string(description);
  std::string text = pipeline;
  PassPipelineRegistration<>(
      arg, desc, [text](OpPassManager &pm) {
        if (failed(parsePassPipeline(text, pm, llvm::errs())))
          llvm::errs() << "t2s: cannot parse the pipeline '" << text << "'\n";
      });
}
