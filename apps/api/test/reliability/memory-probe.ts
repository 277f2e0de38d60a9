// Preloaded (`--import`) into an API process spawned by processes.ts: answers { memory: id } on
// the IPC channel with process.memoryUsage() after a full GC (when run with --expose-gc), so the
// soak can tell a leak from garbage not yet collected. Without an IPC channel it does nothing.
if (process.send) {
  process.on('message', (m: { memory?: unknown }) => {
    if (!m || typeof m.memory !== 'number') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    process.send!({ id: m.memory, memory: process.memoryUsage() });
  });
  // The channel must not keep a stopping server alive.
  process.channel?.unref();
}
