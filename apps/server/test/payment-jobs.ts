import type { PaymentJob } from '@bjk/domain';
import type { TestContext } from './test-app.js';

/**
 * Reads a bulk payment job until it has stopped running, and fails with its last state after `timeoutMs`
 * (a wait with a deadline: the job runs in the app's background after the request that started it).
 */
export async function finishedPaymentJob(ctx: TestContext, headers: Record<string, string>, id: string | number, timeoutMs = 60_000): Promise<PaymentJob> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const job = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/jobs/${id}`, headers })).json<PaymentJob>();
    if (job.state !== 'running') return job;
    if (performance.now() > deadline) throw new Error(`payment job ${id} still running: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
