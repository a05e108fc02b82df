/*===- t2s-c/T2S.h - The C API of t2s ------------------------------*- C -*-===*\
|*                                                                            *|
|* Embeds the t2s dialects and passes in another MLIR tool through MLIR's C   *|
|* API. Link against libT2SPlugin.so (the same shared object mlir-opt-22      *|
|* loads as a plugin), the MLIR C API (libMLIR-C) and libMLIR.so.             *|
|* docs/embedding.md shows a complete program.                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef T2S_C_T2S_H
#define T2S_C_T2S_H

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The dialect handles: insert into a registry with
/// mlirDialectHandleInsertDialect, or load into a context with
/// mlirDialectHandleLoadDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Ure, ure);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Spacetime, spacetime);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Channel, channel);

/// Inserts the ure, spacetime and channel dialects into `registry`.
MLIR_CAPI_EXPORTED void t2sRegisterDialects(MlirDialectRegistry registry);

/// Registers the t2s passes (merge-ures, space-time-transform, ...) and the
/// named pipelines (t2s-lower-to-llvm, ...) in MLIR's global pass registry,
/// so that mlirParsePassPipeline and mlirOpPassManagerAddPipeline find them
/// by name. Idempotent. The pipelines use upstream passes: register those
/// too (mlirRegisterAllPasses) before parsing one.
MLIR_CAPI_EXPORTED void t2sRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif // T2S_C_T2S_H
