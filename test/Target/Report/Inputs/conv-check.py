"""Checks the small conv's output out(cooo, yyy, xxx, coo, yy, xx) (2 x 2 x 2
x 1 x 1 x 1) against the convolution of the inputs validation.test writes:
out = sum over c < 32, ky < 3, kx < 3 of I(c, yyy + ky, xxx + kx) K(cooo, c, ky, kx)."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
header = struct.unpack("<H", data[8:10])[0]
body = data[10 + header:]
out = struct.unpack("<%df" % (len(body) // 4), body)


def I(c, y, x):
    return (c * 3 + y * 5 + x) % 7 - 3


def K(o, c, ky, kx):
    return (o * 5 + c + ky * 3 + kx) % 5 - 2


wrong = 0
for cooo in range(2):
    for yyy in range(2):
        for xxx in range(2):
            got = out[(cooo * 2 + yyy) * 2 + xxx]
            want = sum(I(c, yyy + ky, xxx + kx) * K(cooo, c, ky, kx)
                       for c in range(32) for ky in range(3) for kx in range(3))
            wrong += got != want
print(f"{len(out)} elements of the convolution, {wrong} wrong")
