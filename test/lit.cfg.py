# -*- Python -*-
# lit configuration of the t2s tests. Run: /usr/lib/llvm-22/bin/lit -sv test/
#
# The binaries are taken from <repo>/target/debug; set T2S_BIN_DIR to test
# another build (e.g. T2S_BIN_DIR=$PWD/target/release).

import glob
import os

import lit.formats

config.name = "t2s"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.test_source_root = os.path.dirname(__file__)
repo_root = os.path.dirname(config.test_source_root)
config.test_exec_root = os.path.join(repo_root, "target", "lit")

llvm_bin = os.environ.get("T2S_LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
t2s_bin = os.environ.get("T2S_BIN_DIR", os.path.join(repo_root, "target", "debug"))

# Keep the environment that the binaries may need (logging, colors off).
for var in ["RUST_LOG", "RUST_BACKTRACE", "HOME", "TMPDIR"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Longest names first: lit applies substitutions in order.
config.substitutions.append(("%examples", os.path.join(repo_root, "examples")))
config.substitutions.append(("%repo", repo_root))
config.substitutions.append(("%t2s_bin", t2s_bin))
# The upstream passes an embedder may run between any two t2s passes, as
# t2s-run --between-passes takes them (%upstream) and inside a pipeline
# (%{between}).
config.substitutions.append(("%{between}", "canonicalize, cse, loop-invariant-code-motion, sccp, "
                             "symbol-dce, inline, canonicalize{region-simplify=aggressive}"))
config.substitutions.append(("%upstream", "'canonicalize, cse, loop-invariant-code-motion, sccp, "
                             "symbol-dce, inline, canonicalize{region-simplify=aggressive}'"))


def tool(name, directory):
    # A word-boundary regex, so that `t2s-opt` inside a path or a flag such
    # as `--list-passes` is left alone.
    return (r"(?<![-\w/.%])" + name.replace("-", r"\-") + r"(?![-\w/.])",
            os.path.join(directory, name))


for name in ["t2s-opt", "t2s-run", "t2s-translate"]:
    config.substitutions.append(tool(name, t2s_bin))
for name in ["FileCheck", "not", "split-file", "count"]:
    config.substitutions.append(tool(name, llvm_bin))
# LLVM 22's translation and code generator, for what the lowered code becomes.
config.substitutions.insert(0, ("%llc", os.path.join(llvm_bin, "llc")))
config.substitutions.insert(0, ("%mlir-translate", os.path.join(llvm_bin, "mlir-translate")))

config.available_features.add("t2s-opt")
if os.path.exists(os.path.join(t2s_bin, "t2s-run")):
    config.available_features.add("t2s-run")

# Upstream mlir-opt-22 with the t2s plugin loaded as both a dialect and a pass
# plugin. Test files run their dialect and transform checks under it too, in
# `%if mlir-opt-plugin %{ ... %}` RUN lines. scripts/test.sh sets
# T2S_REQUIRE_PLUGIN=1 so that a missing plugin fails the suite instead of
# skipping those lines.
plugin = os.path.join(t2s_bin, "libT2SPlugin.so")
mlir_opt = os.path.join(llvm_bin, "mlir-opt")
if os.path.exists(plugin) and os.path.exists(mlir_opt):
    config.available_features.add("mlir-opt-plugin")
    config.substitutions.insert(0, ("%t2s_plugin", plugin))
    config.substitutions.insert(0, (
        "%mlir_opt_plugin",
        f"{mlir_opt} --load-dialect-plugin={plugin} --load-pass-plugin={plugin}"))
    lit_config.note(f"t2s: dialect and transform tests also run under {mlir_opt} with {plugin}")
elif os.environ.get("T2S_REQUIRE_PLUGIN") == "1":
    lit_config.fatal(f"T2S_REQUIRE_PLUGIN=1 but {plugin} or {mlir_opt} is missing")
else:
    lit_config.note("t2s: no libT2SPlugin.so; the mlir-opt plugin RUN lines are skipped")

# clang's check of emitted OpenCL C for Intel FPGAs, with the shim header
# (docs/backends.md): aoc is not available, clang type-checks the kernels.
clang22 = os.path.join(llvm_bin, "clang")
config.substitutions.insert(0, (
    "%clcheck",
    f"{clang22} -cl-std=CL2.0 -fsyntax-only -Xclang -finclude-default-header "
    f"-include {os.path.join(repo_root, 'include', 't2s', 'opencl', 't2s-fpga-check.h')} "
    "-Wno-unknown-attributes"))

# SPIR-V validation for OpenCL (Debian's spirv-tools, installed by
# scripts/setup.sh with llvm-spirv-15 and PoCL, which `t2s-run --mode spirv`
# runs on).
import shutil
spirv_val = shutil.which("spirv-val") or "spirv-val"
config.substitutions.insert(0, ("%spirv-val", f"{spirv_val} --target-env opencl2.0"))

# C compiler and MLIR C API library for the embedding example (test/Embedding).
mlir_c_dirs = sorted(
    glob.glob(os.path.join(t2s_bin, "build", "t2s-dialects-*", "out", "mlir-c", "libMLIR-C.a")),
    key=os.path.getmtime)
clang = os.path.join(llvm_bin, "clang")
if mlir_c_dirs and os.path.exists(clang) and os.path.exists(plugin):
    config.available_features.add("c-api")
    config.substitutions.insert(0, ("%mlir_c_dir", os.path.dirname(mlir_c_dirs[-1])))
    config.substitutions.insert(0, ("%clang", clang))
    config.substitutions.insert(0, ("%t2s_bin", t2s_bin))
