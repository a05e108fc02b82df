# -*- Python -*-
# lit configuration of the t2s tests. Run: /usr/lib/llvm-22/bin/lit -sv test/
#
# The binaries are taken from <repo>/target/debug; set T2S_BIN_DIR to test
# another build (e.g. T2S_BIN_DIR=$PWD/target/release).

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


def tool(name, directory):
    # A word-boundary regex, so that `t2s-opt` inside a path or a flag such
    # as `--list-passes` is left alone.
    return (r"(?<![-\w/.%])" + name.replace("-", r"\-") + r"(?![-\w/.])",
            os.path.join(directory, name))


for name in ["t2s-opt", "t2s-run"]:
    config.substitutions.append(tool(name, t2s_bin))
for name in ["FileCheck", "not", "split-file", "count"]:
    config.substitutions.append(tool(name, llvm_bin))

config.available_features.add("t2s-opt")
if os.path.exists(os.path.join(t2s_bin, "t2s-run")):
    config.available_features.add("t2s-run")
