/* t2s-fpga-emulation.c: the channel calls of t2s-fpga-emulation.h, forwarded
 * to the runtime that `t2s-run --mode opencl` installs in the hooks after
 * loading the compiled program (OpenCL C has no function pointers). */
typedef void (*t2s_channel_hook)(const void *channel, void *value, long bytes);

typedef void (*t2s_index_hook)(const char *name, long index, long extent);

t2s_channel_hook t2s_emu_read_hook;
t2s_index_hook t2s_emu_index_hook;

long t2s_emu_channel_index(const char *name, long index, long extent) {
  if (index >= 0 && index < extent) {
    return index;
  }
  t2s_emu_index_hook(name, index, extent);
  return 0;
}

t2s_channel_hook t2s_emu_write_hook;

void t2s_emu_channel_read(const void *channel, void *value, long bytes) {
  t2s_emu_read_hook(channel, value, bytes);
}

void t2s_emu_channel_write(const void *channel, const void *value, long bytes) {
  t2s_emu_write_hook(channel, (void *)value, bytes);
}
