/* t2s-fpga-check.h: lets clang type-check OpenCL C written for Intel FPGAs.
 *
 * clang does not know aoc's channel extension. With this header
 *   clang-22 -cl-std=CL2.0 -fsyntax-only -Xclang -finclude-default-header \
 *     -include t2s-fpga-check.h -Wno-unknown-attributes k.cl
 * checks the kernels of `t2s-translate --t2s-to-opencl`: a channel is a
 * program-scope variable of its element type, a read is its value and a
 * write an assignment, so a value of the wrong type is an error. Intel's
 * attributes (depth, autorun, max_global_work_dim) are not checked: only
 * aoc knows them. */
#ifndef T2S_FPGA_CHECK_H
#define T2S_FPGA_CHECK_H

#pragma clang diagnostic ignored "-Wignored-pragmas"

#define channel __global
#define read_channel_intel(ch) (ch)
#define write_channel_intel(ch, v) ((void)((ch) = (v)))
#define read_channel_nb_intel(ch, validp) (*(validp) = true, (ch))
#define write_channel_nb_intel(ch, v) ((ch) = (v), true)

#endif
