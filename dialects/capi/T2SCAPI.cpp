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
#include "mlir/Target/LLVMIR/Dialect/All.h"
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
  // gpu-module-to-binary translates a gpu.module to LLVM IR (the GPU route's
  // PTX): every dialect's translation to LLVM IR is part of what t2s reads.
  registerAllToLLVMIRTranslations(r);
  r.insert<t2s::ure::UreDialect, t2s::spacetime::SpacetimeDialect,
           t2s::channel::ChannelDialect>();
}

void t2sRegisterUpstreamPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { registerAllPasses(); });
}

namespace {
/// A declared option, owned for the process lifetime.
struct RustOption {
  std::string name, description, defaultValue;
  T2sPassOptionKind kind;
};

/// "'name' takes the options a, b, c" (or none): what a misspelt option's
/// error adds, as t2s-run's own parser does.
std::string validOptions(StringRef name,
                         const std::vector<RustOption> &options) {
  if (options.empty())
    return "'" + name.str() + "' takes no options";
  std::string text = "'" + name.str() + "' takes the options ";
  for (size_t i = 0; i < options.size(); ++i)
    text += (i ? ", " : "") + options[i].name;
  return text;
}

std::vector<RustOption> copyOptions(intptr_t n,
                                    const T2sPassOptionSpec *specs) {
  std::vector<RustOption> options;
  for (intptr_t i = 0; i < n; ++i)
    options.push_back({specs[i].name, specs[i].description,
                       specs[i].defaultValue ? specs[i].defaultValue : "",
                       specs[i].kind});
  return options;
}

/// A registered Rust pass: its description, owned for the process lifetime.
struct RustPassInfo {
  std::string argument, name, description, anchorOp;
  std::vector<RustOption> options;
  std::vector<std::string> dependentDialects;
  T2sRunPassFn run;
  T2sCheckPassOptionsFn check;
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

/// The option classes that register with a pass or with a pipeline's
/// option set.
template <typename Owner> struct OptionTypes;
template <> struct OptionTypes<Pass> {
  template <typename T> using Opt = Pass::Option<T>;
  template <typename T> using List = Pass::ListOption<T>;
};
template <> struct OptionTypes<detail::PassOptions> {
  template <typename T> using Opt = detail::PassOptions::Option<T>;
  template <typename T> using List = detail::PassOptions::ListOption<T>;
};

/// Options declared at run time from a Rust description, on a pass or a
/// pipeline's option set: MLIR parses and checks their values.
class DynamicOptions {
public:
  template <typename Owner>
  void declare(Owner &owner, const std::vector<RustOption> &options) {
    for (const RustOption &o : options)
      declareOne(owner, o);
  }

  /// One textual value per option, in declaration order (bools as
  /// true/false, lists comma separated).
  std::vector<std::string> values() const {
    std::vector<std::string> values;
    for (auto [kind, index] : order)
      values.push_back(value(kind, index));
    return values;
  }

  /// The options given explicitly: (name, value) pairs.
  std::vector<std::pair<std::string, std::string>> given() const {
    std::vector<std::pair<std::string, std::string>> result;
    for (auto [i, entry] : llvm::enumerate(order)) {
      auto [kind, index] = entry;
      if (hasValue(kind, index))
        result.push_back({names[i], value(kind, index)});
    }
    return result;
  }

private:
  template <typename Owner>
  void declareOne(Owner &owner, const RustOption &o) {
    using Types = OptionTypes<Owner>;
    auto desc = llvm::cl::desc(o.description);
    names.push_back(o.name);
    switch (o.kind) {
    case T2sPassOptionBool:
      bools.push_back(std::make_unique<typename Types::template Opt<bool>>(
          owner, o.name, desc, llvm::cl::init(o.defaultValue == "true")));
      order.push_back({o.kind, bools.size() - 1});
      break;
    case T2sPassOptionInt: {
      int64_t value = 0;
      llvm::to_integer(o.defaultValue, value);
      ints.push_back(std::make_unique<typename Types::template Opt<int64_t>>(
          owner, o.name, desc, llvm::cl::init(value)));
      order.push_back({o.kind, ints.size() - 1});
      break;
    }
    case T2sPassOptionString:
      strings.push_back(
          std::make_unique<typename Types::template Opt<std::string>>(
              owner, o.name, desc, llvm::cl::init(o.defaultValue)));
      order.push_back({o.kind, strings.size() - 1});
      break;
    case T2sPassOptionIntList:
      lists.push_back(
          std::make_unique<typename Types::template List<int64_t>>(
              owner, o.name, desc));
      order.push_back({o.kind, lists.size() - 1});
      break;
    }
  }

  bool hasValue(T2sPassOptionKind kind, size_t index) const {
    switch (kind) {
    case T2sPassOptionBool:
      return bools[index]->hasValue();
    case T2sPassOptionInt:
      return ints[index]->hasValue();
    case T2sPassOptionString:
      return strings[index]->hasValue();
    case T2sPassOptionIntList:
      return lists[index]->hasValue();
    }
    return false;
  }

  std::string value(T2sPassOptionKind kind, size_t index) const {
    switch (kind) {
    case T2sPassOptionBool:
      return *bools[index] ? "true" : "false";
    case T2sPassOptionInt:
      return std::to_string(*ints[index]);
    case T2sPassOptionString:
      return *strings[index];
    case T2sPassOptionIntList: {
      std::string text;
      for (auto [i, v] : llvm::enumerate(*lists[index]))
        text += (i ? "," : "") + std::to_string(v);
      return text;
    }
    }
    return "";
  }

  std::vector<std::string> names;
  std::vector<std::unique_ptr<detail::PassOptions::Option<bool>>> bools;
  std::vector<std::unique_ptr<detail::PassOptions::Option<int64_t>>> ints;
  std::vector<std::unique_ptr<detail::PassOptions::Option<std::string>>>
      strings;
  std::vector<std::unique_ptr<detail::PassOptions::ListOption<int64_t>>>
      lists;
  std::vector<std::pair<T2sPassOptionKind, size_t>> order;
};

/// The generic pass that forwards to Rust. Its options are declared from the
/// Rust description, so MLIR parses `pass{key=value}` and `--pass="..."`.
/// It is op-agnostic; its anchor restricts where it may be scheduled: on
/// the op it transforms, or on a module holding such ops.
void appendToString(MlirStringRef text, void *stream) {
  static_cast<std::string *>(stream)->append(text.data, text.length);
}

class RustPass : public Pass {
public:
  explicit RustPass(const RustPassInfo &info)
      : Pass(info.typeID, std::optional<StringRef>()), info(info) {
    options.declare<Pass>(*this, info.options);
  }

  StringRef getArgument() const override { return info.argument; }
  StringRef getName() const override { return info.name; }

  /// MLIR's error for a bad option ("no such option x") with the valid ones;
  /// then the pass's own check of the values together, so that a bad
  /// combination is an error of the pipeline, like a bad value.
  LogicalResult initializeOptions(
      StringRef text,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(text, [&](const Twine &message) {
          std::string first = message.str();
          return errorHandler(StringRef(first).rtrim() + " (" +
                              validOptions(info.argument, info.options) +
                              ")");
        })))
      return failure();
    if (!info.check)
      return success();
    std::vector<std::string> values = options.values();
    std::vector<MlirStringRef> refs;
    for (const std::string &v : values)
      refs.push_back(mlirStringRefCreate(v.data(), v.size()));
    std::string why;
    if (!info.check(info.userData, refs.size(), refs.data(), appendToString,
                    &why))
      return errorHandler(info.argument + ": " + why);
    return success();
  }
  StringRef getDescription() const override { return info.description; }

  void getDependentDialects(DialectRegistry &registry) const override {
    for (const std::string &d : info.dependentDialects)
      insertDialectByName(registry, d);
  }

  bool canScheduleOn(RegisteredOperationName name) const override {
    if (info.anchorOp.empty())
      return true;
    return name.getStringRef() == info.anchorOp ||
           name.getStringRef() == ModuleOp::getOperationName();
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto pass = std::make_unique<RustPass>(info);
    pass->copyOptionValuesFrom(this);
    return pass;
  }

  void runOnOperation() override {
    std::vector<std::string> values = options.values();
    std::vector<MlirStringRef> refs;
    for (const std::string &v : values)
      refs.push_back(mlirStringRefCreate(v.data(), v.size()));
    if (!info.run(info.userData, wrap(getOperation()), refs.size(),
                  refs.data()))
      signalPassFailure();
  }

private:
  const RustPassInfo &info;
  DynamicOptions options;
};

/// The options of a Rust-declared pipeline, parsed by MLIR.
class PipelineOptions : public detail::PassOptions {
public:
  explicit PipelineOptions(const std::vector<RustOption> &declared) {
    options.declare<detail::PassOptions>(*this, declared);
  }
  std::vector<std::pair<std::string, std::string>> given() const {
    return options.given();
  }

private:
  DynamicOptions options;
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
    info.options = copyOptions(spec->numOptions, spec->options);
    for (intptr_t i = 0; i < spec->numDependentDialects; ++i)
      info.dependentDialects.push_back(spec->dependentDialects[i]);
    info.run = spec->run;
    info.check = spec->check;
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
                             intptr_t numOptions,
                             const T2sPassOptionSpec *options,
                             T2sBuildPipelineFn build, void *userData) {
  // The registry keeps references to the strings: they live for the process.
  StringRef arg = *new std::string(argument);
  StringRef desc = *new std::string(description);
  auto declared = std::make_shared<std::vector<RustOption>>(
      copyOptions(numOptions, options));
  registerPassPipeline(
      arg, desc,
      [arg, declared, build,
       userData](OpPassManager &pm, StringRef text,
                 function_ref<LogicalResult(const Twine &)> errorHandler) {
        PipelineOptions parsed(*declared);
        std::string why;
        llvm::raw_string_ostream whyStream(why);
        if (failed(parsed.parseFromString(text, whyStream)))
          return errorHandler("invalid options for pipeline '" + arg +
                              "': " + StringRef(why).trim() + " (" +
                              validOptions(arg, *declared) + ")");
        std::vector<std::pair<std::string, std::string>> given =
            parsed.given();
        std::vector<MlirStringRef> names, values;
        for (auto &[name, value] : given) {
          names.push_back(mlirStringRefCreate(name.data(), name.size()));
          values.push_back(mlirStringRefCreate(value.data(), value.size()));
        }
        std::string pipeline;
        if (!build(userData, names.size(), names.data(), values.data(),
                   appendToString, &pipeline))
          return errorHandler(pipeline);
        std::string errors;
        llvm::raw_string_ostream os(errors);
        if (failed(parsePassPipeline(pipeline, pm, os)))
          return errorHandler("cannot build '" + arg + "' as '" + pipeline +
                              "': " + errors);
        return success();
      },
      [declared](function_ref<void(const detail::PassOptions &)> handler) {
        handler(PipelineOptions(*declared));
      });
}

bool t2sGpuLaunchKernelOperands(MlirOperation op, intptr_t *first,
                                intptr_t *count) {
  auto launch = llvm::dyn_cast<mlir::gpu::LaunchFuncOp>(unwrap(op));
  if (!launch)
    return false;
  mlir::OperandRange operands = launch.getKernelOperands();
  *first = operands.getBeginOperandIndex();
  *count = static_cast<intptr_t>(operands.size());
  return true;
}
