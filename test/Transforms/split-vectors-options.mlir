// RUN: not t2s-opt %s --pass-pipeline='builtin.module(split-vectors{widths=1})' 2>&1 | FileCheck %s

// CHECK: error: split-vectors: width 1 is not a vector width (2 to 64 lanes)
module {
}
