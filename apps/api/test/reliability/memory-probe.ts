// Preloaded (`--import`) into an API process spawned by processes.ts: answers { memory: id } on
// the IPC channel with process.memoryUsage() after a full GC (when run with --expose-gc), so the
// soak can tell a leak from garbage not yet collected; { memory: id, gc: false } skips the GC (a
// forced full GC stops the process, so a sample taken under load must not force one). It reports
// how long the GC took. Without an IPC channel it does nothing.
if (process.send) {
  process.on('message', (m: { memory?: unknown; gc?: boolean }) => {
    if (!m || typeof m.memory !== 'number') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    const start = performance.now();
    if (m.gc !== false) gc?.();
    const gcMs = performance.now() - start;
    process.send!({ id: m.memory, memory: process.memoryUsage(), gcMs });
  });
  // The channel must not keep a stopping server alive.
  process.channel?.unref();
}
