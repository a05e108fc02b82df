"""Writes a hand-written dataflow program whose channel carries W-lane
values and whose reader takes R lanes at a time (lane matching), over 16
values A[0..15]: python3 lanes.py W R OUT.mlir [P].

The producer sends A[W t .. W t + W - 1] at step t (with P, it writes P
lanes at a time, A[P t .. P t + P - 1], filling the channel's W-lane values
in turn: a narrow write); the reader, at step h,
takes the next R lanes and stores them as decimal digits (lane j weighted
by 10^(R - 1 - j)), so that the output shows which values arrived in
which order."""
import sys

w, r, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
p = int(sys.argv[4]) if len(sys.argv) > 4 else w
n = 16
wt = "i32" if w == 1 else f"vector<{w}xi32>"
pt = "i32" if p == 1 else f"vector<{p}xi32>"
rt = "i32" if r == 1 else f"vector<{r}xi32>"
array = ("spacetime.array @out loops ({v} = 0 extent {e}, p = 0 extent 1) time (t = 0 extent {e}) "
         "space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)>")
lines = [
    f"// Lane matching: {w}-lane values written {p} and read {r} lanes at a time (test/Examples/Inputs/lanes.py).",
    "ure.program @lanes {",
    f"  ure.input @A : memref<{n}xi32>",
    f"  ure.func @out(h = 0 extent {n // r}) -> i32 on device",
    f"  channel.fifo @c : {wt}, depth 2",
    "  " + array.format(v="h", e=n // r) + " {",
    "  ^bb0(%t: index, %p: index):",
    "    %h, %q = spacetime.recover : index, index",
    f"    %v = channel.read @c : {rt}",
]
if r == 1:
    lines.append("    %s = arith.addi %v, %v : i32")
    lines.append("    %z = arith.subi %s, %v : i32")
else:
    weights = ", ".join(str(10 ** (r - 1 - j)) for j in range(r))
    lines += [
        f"    %w = arith.constant dense<[{weights}]> : {rt}",
        f"    %m = arith.muli %v, %w : {rt}",
        f"    %z = vector.reduction <add>, %m : {rt} into i32",
    ]
lines += [
    "    spacetime.output %z to @out[%h] : i32",
    "  }",
    "  channel.kernel @producer {",
    "    " + array.format(v="s", e=n // p) + " {",
    "    ^bb0(%t: index, %p: index):",
    "      %s, %q = spacetime.recover : index, index",
    f"      %base = arith.muli %s, %c{p} : index",
]
lines.insert(-1, f"      %c{p} = arith.constant {p} : index")
loads = []
for l in range(p):
    lines.append(f"      %k{l} = arith.constant {l} : index")
    lines.append(f"      %x{l} = arith.addi %base, %k{l} : index")
    lines.append(f"      %a{l} = ure.load @A(%x{l}) : i32")
    loads.append(f"%a{l}")
if p == 1:
    lines.append(f"      channel.write @c, %a0 : {pt}")
else:
    lines.append(f"      %vec = vector.from_elements {', '.join(loads)} : {pt}")
    lines.append(f"      channel.write @c, %vec : {pt}")
lines += ["    }", "  }", "}"]
open(out, "w").write("\n".join(lines) + "\n")
