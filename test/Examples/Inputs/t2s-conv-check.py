"""Checks the small T2S convolution's output out(yy, yyy, xx, xxx, coo,
cooo) against the convolution of the inputs t2s-conv.test writes
(t2s-conv-small.sed: YYY 2, YY 2, XXX 3, XX 2, COOO 2, COO 2, 8 input
channels, a 3 x 3 kernel)."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
header = struct.unpack("<H", data[8:10])[0]
body = data[10 + header:]
out = struct.unpack("<%df" % (len(body) // 4), body)
I = [[[(y * 5 + x * 3 + c) % 7 - 3 for c in range(8)] for x in range(8)] for y in range(6)]
K = [[[[(co * 3 + ky * 2 + kx + c) % 5 - 2 for c in range(8)] for kx in range(3)]
      for ky in range(3)] for co in range(4)]
wrong = 0
n = 0
for yy in range(2):
    for yyy in range(2):
        for xx in range(2):
            for xxx in range(3):
                for coo in range(2):
                    for cooo in range(2):
                        y, x, co = yyy + 2 * yy, xxx + 3 * xx, cooo + 2 * coo
                        want = sum(I[y + ky][x + kx][c] * K[co][ky][kx][c]
                                   for ky in range(3) for kx in range(3) for c in range(8))
                        wrong += out[n] != want
                        n += 1
print(f"{len(out)} elements of the convolution, {wrong} wrong")
