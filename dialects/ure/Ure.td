// Entry point of the ure dialect for mlir-tblgen and melior's dialect! macro.
include "ure/UreDialect.td"
include "ure/UreOps.td"
include "ure/UreDirectives.td"
