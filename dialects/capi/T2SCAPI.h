/*===- T2SCAPI.h - C API of the t2s dialects and pass bridge ------*- C -*-===*\
|*                                                                            *|
|* What Rust needs beyond MLIR's own C API: the dialect handles, a way to     *|
|* register Rust passes in MLIR's pass registry (with options parsed by       *|
|* MLIR), located diagnostics of every severity, and mlir-opt's main.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef T2S_CAPI_H
#define T2S_CAPI_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The dialect handles; Rust re-exports them under MLIR's usual names
/// (mlirGetDialectHandle__ure__, ...), see include/t2s-c/T2S.h.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Ure, t2s_impl_ure);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Spacetime, t2s_impl_spacetime);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Channel, t2s_impl_channel);

/// Inserts the t2s dialects into a C++ `mlir::DialectRegistry *` (what a
/// dialect plugin's callback receives).
void t2sInsertDialects(void *cppRegistry);

/// Inserts every upstream dialect and extension and the t2s dialects.
void t2sRegisterAllDialects(MlirDialectRegistry registry);

/// Registers every upstream pass (once per process).
void t2sRegisterUpstreamPasses(void);

/// Kinds of pass options; MLIR parses and checks the values.
enum T2sPassOptionKind {
  T2sPassOptionBool = 0,
  T2sPassOptionInt = 1,
  T2sPassOptionString = 2,
  T2sPassOptionIntList = 3,
};

typedef struct {
  const char *name;
  const char *description;
  enum T2sPassOptionKind kind;
  /// Textual default ("" for none; lists are comma separated).
  const char *defaultValue;
} T2sPassOptionSpec;

/// Runs a Rust pass on `op`. `values` holds one textual value per declared
/// option, in declaration order (bools as true/false, lists comma
/// separated). Returns false on failure, after emitting diagnostics.
typedef bool (*T2sRunPassFn)(void *userData, MlirOperation op,
                             intptr_t numValues, const MlirStringRef *values);

/// Checks a pass's option values together (one textual value per declared
/// option, as for T2sRunPassFn) when a pipeline is parsed: returns true, or
/// writes why not through `write` and returns false.
typedef bool (*T2sCheckPassOptionsFn)(
    void *userData, intptr_t numValues, const MlirStringRef *values,
    void (*write)(MlirStringRef text, void *stream), void *stream);

typedef struct {
  const char *argument;
  const char *name;
  const char *description;
  /// The operation the pass transforms: "" for any, "builtin.module", or
  /// an op name (e.g. "ure.program"). The pass may be scheduled on that op,
  /// or on a module, where it runs on each such op it holds.
  const char *anchorOp;
  intptr_t numOptions;
  const T2sPassOptionSpec *options;
  /// Dialects whose ops the pass creates, by namespace.
  intptr_t numDependentDialects;
  const char *const *dependentDialects;
  T2sRunPassFn run;
  T2sCheckPassOptionsFn check;
  void *userData;
} T2sPassSpec;

/// Registers a Rust pass under `spec->argument`. The strings are copied.
void t2sRegisterRustPass(const T2sPassSpec *spec);

/// Builds a named pipeline from the options given to it (names and values
/// as MLIR parsed them): writes the textual pipeline through `write` and
/// returns true, or writes why it cannot and returns false.
typedef bool (*T2sBuildPipelineFn)(
    void *userData, intptr_t numGiven, const MlirStringRef *names,
    const MlirStringRef *values, void (*write)(MlirStringRef text, void *stream),
    void *stream);

/// Registers a named pipeline `argument` taking the declared options (an
/// unknown one is MLIR's error); `build` gives its passes.
void t2sRegisterPassPipeline(const char *argument, const char *description,
                             intptr_t numOptions,
                             const T2sPassOptionSpec *options,
                             T2sBuildPipelineFn build, void *userData);

/// Severity of a diagnostic emitted through t2sEmitDiagnostic.
enum T2sSeverity {
  T2sSeverityError = 0,
  T2sSeverityWarning = 1,
  T2sSeverityRemark = 2,
};

/// Emits a diagnostic at `loc` with optional notes (each at its location).
void t2sEmitDiagnostic(MlirLocation loc, enum T2sSeverity severity,
                       MlirStringRef message, intptr_t numNotes,
                       const MlirLocation *noteLocs,
                       const MlirStringRef *noteMessages);

/// mlir-opt's main over `registry` and every registered pass.
int t2sMlirOptMain(int argc, char **argv, MlirDialectRegistry registry,
                   const char *toolName);

/// A translation written outside C++: writes `op`'s translation through
/// `write(chunk, stream)` and returns success, or emits diagnostics and fails.
typedef MlirLogicalResult (*T2sTranslateFn)(
    MlirOperation op, void (*write)(MlirStringRef chunk, void *stream),
    void *stream, void *userData);

/// Registers `translate` as the mlir-translate translation `--<name>`.
void t2sRegisterTranslation(const char *name, const char *description,
                            T2sTranslateFn translate, void *userData);

/// Writes the SPIR-V binary of `root`'s kernels through `write`: the object
/// of its one SPIR-V `gpu.binary`, or its one `spirv.module` serialized;
/// emits a located error and fails when there is none or more than one.
/// Also the translation `--t2s-to-spirv`.
MlirLogicalResult t2sSerializeSpirv(MlirOperation root,
                                    void (*write)(MlirStringRef chunk,
                                                  void *stream),
                                    void *stream);

/// Writes the PTX of the one NVVM `gpu.binary` under `root` (the
/// translation `--t2s-to-ptx`); a located error when there is none or
/// several.
MlirLogicalResult t2sWritePtx(MlirOperation root,
                              void (*write)(MlirStringRef chunk, void *stream),
                              void *stream);

/// Writes the GPU launch manifest (JSON) of the host functions and kernel
/// modules under `root` (the translation `--t2s-to-gpu-manifest`).
MlirLogicalResult t2sWriteGpuManifest(MlirOperation root,
                                      void (*write)(MlirStringRef chunk,
                                                    void *stream),
                                      void *stream);

/// The kernel operands of a `gpu.launch_func` (what its kernel takes, after
/// the grid, block, cluster and dynamic shared memory operands): their
/// first operand number and count. False when `op` is no `gpu.launch_func`.
bool t2sGpuLaunchKernelOperands(MlirOperation op, intptr_t *first,
                                intptr_t *count);

/// mlir-translate's main over every registered translation (the upstream
/// ones included).
int t2sMlirTranslateMain(int argc, char **argv, const char *toolName);

#ifdef __cplusplus
}
#endif

#endif // T2S_CAPI_H
