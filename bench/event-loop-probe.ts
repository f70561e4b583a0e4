import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded into the server's process by the event-day bench (`node --import tsx --import ./bench/event-loop-probe.ts
 * apps/server/src/main.ts`, forked with an IPC channel): measures how long timers wait for the event loop, the figure
 * that says whether anything holds the loop (a synchronous parse, a PDF drawn on the main thread). The bench sends
 * `reset` at the start of a phase and `read` at its end; the answer is in milliseconds. Nothing of it is in the app.
 */
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

process.on('message', (message: unknown) => {
  if (message === 'reset') histogram.reset();
  if (message === 'read')
    process.send?.({ eventLoop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), count: histogram.count } });
});
// The IPC channel must not keep the server alive after its graceful shutdown.
process.channel?.unref();
