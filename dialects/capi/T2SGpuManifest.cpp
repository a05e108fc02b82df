//===- T2SGpuManifest.cpp - PTX and launch manifest of the GPU route ------===//
//
// The two translations that end the GPU route (t2s-systolic-to-ptx):
// `t2s-to-ptx` writes the PTX of the kernels' gpu.binary, and
// `t2s-to-gpu-manifest` writes everything a launcher needs, as JSON: each
// host function's arguments (name, role, shape, element type) and, in
// order, its kernel launches (kernel, grid, block, shared memory, which
// function argument each kernel parameter is) with the PTX of each kernel
// module. Nothing is guessed by the launcher: a launch whose geometry or
// operands are not the function's arguments or constants is an error here.
//
//===----------------------------------------------------------------------===//

#include "capi/T2SCAPI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace mlir;

namespace {
/// The PTX text of each kernel module (gpu.binary with an NVVM object).
FailureOr<llvm::StringMap<std::string>> collectPtx(Operation *root) {
  llvm::StringMap<std::string> ptx;
  root->walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects())
      if (auto object = dyn_cast<gpu::ObjectAttr>(attr))
        if (isa<NVVM::NVVMTargetAttr>(object.getTarget()) &&
            object.getFormat() == gpu::CompilationTarget::Assembly)
          ptx[binary.getSymName()] = object.getObject().getValue().str();
  });
  if (ptx.empty()) {
    root->emitError("no PTX to write: no gpu.binary with an NVVM object in "
                    "PTX form; lower the program with t2s-systolic-to-ptx "
                    "first");
    return failure();
  }
  return ptx;
}

/// numpy's name of an element type, or "" for one the launcher cannot
/// pass.
std::string dtypeOf(Type type) {
  if (type.isF32())
    return "float32";
  if (type.isF64())
    return "float64";
  if (type.isF16())
    return "float16";
  if (type.isIndex())
    return "int64";
  if (auto i = dyn_cast<IntegerType>(type)) {
    switch (i.getWidth()) {
    case 1:
      return "bool";
    case 8:
    case 16:
    case 32:
    case 64:
      return "int" + std::to_string(i.getWidth());
    default:
      return "";
    }
  }
  return "";
}

/// An argument's name: its NameLoc (t2s names every function argument
/// after its input, output or parameter), else `argN`.
std::string nameOf(BlockArgument arg) {
  if (auto name = dyn_cast<NameLoc>(arg.getLoc()))
    return name.getName().str();
  return "arg" + std::to_string(arg.getArgNumber());
}

FailureOr<llvm::json::Object> describeArgument(func::FuncOp func,
                                               BlockArgument arg) {
  llvm::json::Object out;
  out["name"] = nameOf(arg);
  unsigned i = arg.getArgNumber();
  bool readonly = static_cast<bool>(func.getArgAttr(i, "llvm.readonly"));
  bool writeonly = static_cast<bool>(func.getArgAttr(i, "llvm.writeonly"));
  Type type = arg.getType();
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (!memref.hasStaticShape() || !memref.getLayout().isIdentity())
      return func.emitError("argument ")
             << i << " (" << nameOf(arg) << ") is " << type
             << ": a kernel takes static, contiguous buffers";
    std::string dtype = dtypeOf(memref.getElementType());
    if (dtype.empty())
      return func.emitError("argument ")
             << i << " (" << nameOf(arg) << ") holds "
             << memref.getElementType() << ", which the launcher cannot pass";
    out["role"] = readonly ? "input" : writeonly ? "output" : "inout";
    out["shape"] = llvm::json::Array(memref.getShape());
    out["dtype"] = dtype;
    return out;
  }
  std::string dtype = dtypeOf(type);
  if (dtype.empty())
    return func.emitError("argument ")
           << i << " (" << nameOf(arg) << ") is " << type
           << ", which the launcher cannot pass";
  out["role"] = "param";
  out["dtype"] = dtype;
  return out;
}

/// A launch's three sizes, each a constant.
FailureOr<llvm::json::Array> constantSizes(gpu::LaunchFuncOp launch,
                                           gpu::KernelDim3 sizes,
                                           StringRef what) {
  llvm::json::Array out;
  for (Value v : {sizes.x, sizes.y, sizes.z}) {
    APInt value;
    if (!matchPattern(v, m_ConstantInt(&value)))
      return launch.emitError("the ")
             << what << " size is computed at run time: the manifest holds "
             << "constant launch geometry only";
    out.push_back(value.getSExtValue());
  }
  return out;
}

FailureOr<llvm::json::Object>
describeLaunch(func::FuncOp func, gpu::LaunchFuncOp launch,
               const llvm::StringMap<std::string> &ptx) {
  llvm::json::Object out;
  StringRef module = launch.getKernelModuleName().getValue();
  out["module"] = module.str();
  out["kernel"] = launch.getKernelName().getValue().str();
  auto grid = constantSizes(launch, launch.getGridSizeOperandValues(), "grid");
  auto block =
      constantSizes(launch, launch.getBlockSizeOperandValues(), "block");
  if (failed(grid) || failed(block))
    return failure();
  out["grid"] = std::move(*grid);
  out["block"] = std::move(*block);
  int64_t shared = 0;
  if (Value dynamic = launch.getDynamicSharedMemorySize()) {
    APInt value;
    if (!matchPattern(dynamic, m_ConstantInt(&value)))
      return launch.emitError("the dynamic shared memory size is computed at "
                              "run time");
    shared = value.getSExtValue();
  }
  out["dynamic_shared_bytes"] = shared;
  llvm::json::Array params;
  for (Value operand : launch.getKernelOperands()) {
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || arg.getOwner() != &func.getBody().front())
      return launch.emitError("a kernel operand is computed on the host: the "
                              "launcher passes only the function's arguments "
                              "(run gpu-launch-sink-index-computations before "
                              "gpu-kernel-outlining)");
    params.push_back(llvm::json::Object{{"arg", arg.getArgNumber()}});
  }
  out["params"] = std::move(params);
  if (!ptx.count(module))
    return launch.emitError("no PTX for kernel module @") << module;
  return out;
}

FailureOr<llvm::json::Object>
describeFunction(func::FuncOp func, const llvm::StringMap<std::string> &ptx) {
  llvm::json::Object out;
  out["function"] = func.getSymName().str();
  llvm::json::Array args;
  for (BlockArgument arg : func.getArguments()) {
    auto described = describeArgument(func, arg);
    if (failed(described))
      return failure();
    args.push_back(std::move(*described));
  }
  out["arguments"] = std::move(args);
  llvm::json::Array launches;
  for (Operation &op : func.getBody().front()) {
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
      auto described = describeLaunch(func, launch, ptx);
      if (failed(described))
        return failure();
      launches.push_back(std::move(*described));
      continue;
    }
    if (isa<func::ReturnOp>(op) || op.hasTrait<OpTrait::ConstantLike>())
      continue;
    return op.emitError("the host function does more than launch kernels: "
                        "the manifest cannot describe '")
           << op.getName() << "'";
  }
  out["launches"] = std::move(launches);
  return out;
}
} // namespace

MlirLogicalResult t2sWritePtx(MlirOperation root,
                              void (*write)(MlirStringRef, void *),
                              void *stream) {
  Operation *op = unwrap(root);
  auto ptx = collectPtx(op);
  if (failed(ptx))
    return wrap(failure());
  if (ptx->size() > 1) {
    op->emitError("several kernel modules: t2s-to-ptx writes one; "
                  "t2s-to-gpu-manifest holds them all");
    return wrap(failure());
  }
  write(wrap(StringRef(ptx->begin()->second)), stream);
  return wrap(success());
}

MlirLogicalResult t2sWriteGpuManifest(MlirOperation root,
                                      void (*write)(MlirStringRef, void *),
                                      void *stream) {
  Operation *op = unwrap(root);
  auto ptx = collectPtx(op);
  if (failed(ptx))
    return wrap(failure());
  llvm::json::Array functions;
  WalkResult walked = op->walk([&](func::FuncOp func) {
    if (func.isExternal() ||
        func.getBody().front().getOps<gpu::LaunchFuncOp>().empty())
      return WalkResult::advance();
    auto described = describeFunction(func, *ptx);
    if (failed(described))
      return WalkResult::interrupt();
    functions.push_back(std::move(*described));
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return wrap(failure());
  llvm::json::Object modules;
  for (auto &entry : *ptx)
    modules[entry.getKey()] = entry.getValue();
  llvm::json::Object manifest{{"format", "t2s-gpu-launch/1"},
                              {"target", "sm_90"},
                              {"functions", std::move(functions)},
                              {"ptx", std::move(modules)}};
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(manifest)))
     << "\n";
  write(wrap(StringRef(text)), stream);
  return wrap(success());
}
