/* t2s-fpga-emulation.h: runs OpenCL C written for Intel FPGAs on the host.
 *
 * `t2s-run --mode opencl` compiles the `.cl` that `t2s-translate
 * --t2s-to-opencl` emits for x86-64 with this header (clang -x cl
 * -cl-std=CL2.0 -include t2s-fpga-emulation.h -fwrapv) and runs each kernel
 * on its own thread, as Intel's emulator does: a channel is an array of its
 * values, whose address names the channel element; reads and writes call
 * t2s's blocking-FIFO runtime (t2s-fpga-emulation.c forwards them), which
 * keeps the declared depths and reports deadlocks. OpenCL's types and macros
 * come from clang's opencl-c-base.h; the few built-in functions the
 * translation emits are defined here over clang's builtins (libm). */
#ifndef T2S_FPGA_EMULATION_H
#define T2S_FPGA_EMULATION_H

#include <opencl-c-base.h>

#pragma clang diagnostic ignored "-Wignored-pragmas"
#pragma clang diagnostic ignored "-Wunknown-attributes"

#define channel __global

void t2s_emu_channel_read(const __global void *ch, void *value, long bytes);
void t2s_emu_channel_write(const __global void *ch, const void *value, long bytes);

/* A computed index into a channel array: out of range, the run fails with
 * a report naming the channel (and the access stays inside the array). */
long t2s_emu_channel_index(__constant char *name, long index, long extent);
#define T2S_CHANNEL_INDEX(symbol, index, extent)                               \
  t2s_emu_channel_index((symbol), (index), (extent))

#define read_channel_intel(ch)                                                 \
  ({                                                                           \
    __typeof_unqual__(ch) t2s_value_;                                          \
    t2s_emu_channel_read(&(ch), &t2s_value_, sizeof t2s_value_);               \
    t2s_value_;                                                                \
  })
#define write_channel_intel(ch, v)                                             \
  do {                                                                         \
    __typeof_unqual__(ch) t2s_value_ = (v);                                    \
    t2s_emu_channel_write(&(ch), &t2s_value_, sizeof t2s_value_);              \
  } while (0)

#define T2S_OVERLOAD static inline __attribute__((overloadable))
#define T2S_UNARY(name, expr)                                                  \
  T2S_OVERLOAD float name(float x) { return expr##f(x); }                      \
  T2S_OVERLOAD double name(double x) { return expr(x); }
#define T2S_BINARY(name, expr)                                                 \
  T2S_OVERLOAD float name(float x, float y) { return expr##f(x, y); }          \
  T2S_OVERLOAD double name(double x, double y) { return expr(x, y); }

T2S_UNARY(sqrt, __builtin_sqrt)
T2S_UNARY(exp, __builtin_exp)
T2S_UNARY(exp2, __builtin_exp2)
T2S_UNARY(expm1, __builtin_expm1)
T2S_UNARY(log, __builtin_log)
T2S_UNARY(log2, __builtin_log2)
T2S_UNARY(log10, __builtin_log10)
T2S_UNARY(log1p, __builtin_log1p)
T2S_UNARY(sin, __builtin_sin)
T2S_UNARY(cos, __builtin_cos)
T2S_UNARY(tan, __builtin_tan)
T2S_UNARY(asin, __builtin_asin)
T2S_UNARY(acos, __builtin_acos)
T2S_UNARY(atan, __builtin_atan)
T2S_UNARY(sinh, __builtin_sinh)
T2S_UNARY(cosh, __builtin_cosh)
T2S_UNARY(tanh, __builtin_tanh)
T2S_UNARY(asinh, __builtin_asinh)
T2S_UNARY(acosh, __builtin_acosh)
T2S_UNARY(atanh, __builtin_atanh)
T2S_UNARY(floor, __builtin_floor)
T2S_UNARY(ceil, __builtin_ceil)
T2S_UNARY(round, __builtin_round)
T2S_UNARY(trunc, __builtin_trunc)
T2S_UNARY(rint, __builtin_rint)
T2S_UNARY(erf, __builtin_erf)
T2S_UNARY(cbrt, __builtin_cbrt)
T2S_UNARY(fabs, __builtin_fabs)
T2S_BINARY(atan2, __builtin_atan2)
T2S_BINARY(copysign, __builtin_copysign)
T2S_BINARY(pow, __builtin_pow)
T2S_BINARY(fmod, __builtin_fmod)
T2S_BINARY(fmin, __builtin_fmin)
T2S_BINARY(fmax, __builtin_fmax)
T2S_OVERLOAD float rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
T2S_OVERLOAD double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
T2S_OVERLOAD float fma(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
T2S_OVERLOAD double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }

/* vloadN / vstoreN: N consecutive elements at p + N * offset (a loader's
 * wide read, a feeder's row write), as plain copies: the emulation has no
 * OpenCL library. Macros, so they take pointers of any element type and
 * address space. */
#define T2S_VLOAD(n, o, p)                                                    \
  ({                                                                          \
    __typeof_unqual__((p)[0]) __attribute__((ext_vector_type(n))) _t2s_v;     \
    __builtin_memcpy(&_t2s_v, (p) + (n) * (o), (n) * sizeof((p)[0]));         \
    _t2s_v;                                                                   \
  })
#define T2S_VSTORE(n, v, o, p)                                                \
  ({                                                                          \
    __typeof__(v) _t2s_v = (v);                                               \
    __builtin_memcpy((p) + (n) * (o), &_t2s_v, (n) * sizeof((p)[0]));         \
  })
#define vload2(o, p) T2S_VLOAD(2, o, p)
#define vload3(o, p) T2S_VLOAD(3, o, p)
#define vload4(o, p) T2S_VLOAD(4, o, p)
#define vload8(o, p) T2S_VLOAD(8, o, p)
#define vload16(o, p) T2S_VLOAD(16, o, p)
#define vstore2(v, o, p) T2S_VSTORE(2, v, o, p)
#define vstore3(v, o, p) T2S_VSTORE(3, v, o, p)
#define vstore4(v, o, p) T2S_VSTORE(4, v, o, p)
#define vstore8(v, o, p) T2S_VSTORE(8, v, o, p)
#define vstore16(v, o, p) T2S_VSTORE(16, v, o, p)

#endif
