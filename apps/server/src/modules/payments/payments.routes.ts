import { readFileSync } from 'node:fs';
import { PaymentIntentRequestSchema, type PaymentPlan } from '@fineprint/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ensureDeviceKey, parseInput, requesterOf, requireVisitorId } from '../../http-context';
import type { PaymentsService } from './payments.service';
import { SANDBOX_FRAME_PATH, SANDBOX_SCRIPT_PATH } from './sandbox-provider';

export const WEBHOOK_PATH = '/api/payment/webhook';
const asset = (name: string) => readFileSync(new URL(`./sandbox/${name}`, import.meta.url), 'utf8');
const SandboxChargeSchema = z.object({
  txRef: z.string().min(1).max(400),
  status: z.enum(['successful', 'failed']),
  amount: z.number().nonnegative().max(1_000_000),
  currency: z.string().min(3).max(8),
  email: z.string().max(254),
});

export function registerPaymentRoutes(
  app: FastifyInstance,
  service: PaymentsService,
  options: { isSandbox: boolean; renewsMonthly: boolean },
): void {
  // The deal the paywall states before checkout: charged again every month only with the provider's payment plan.
  const plan: PaymentPlan = { renewsMonthly: options.renewsMonthly };
  app.get('/api/payment/plan', async () => plan);
  app.post('/api/payment/start', async (request, reply) => {
    const { email } = parseInput(PaymentIntentRequestSchema, request.body, 'Please enter a valid email address.');
    return service.startCheckout(email, { visitorId: requireVisitorId(request), deviceHash: ensureDeviceKey(request, reply) });
  });
  app.get('/api/payment/verify/:transactionId', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.verify((request.params as { transactionId: string }).transactionId, requesterOf(request));
  });
  // Server to server: authenticated by the provider's secret hash, not by cookies (exempt from the CSRF check).
  app.post(WEBHOOK_PATH, async (request) => {
    const signature = request.headers['verif-hash'];
    return { status: await service.handleWebhook(typeof signature === 'string' ? signature : undefined, request.body) };
  });
  if (!options.isSandbox) return;
  const script = asset('checkout.js');
  const frameHtml = asset('frame.html');
  const frameScript = asset('frame.js');
  app.get(SANDBOX_SCRIPT_PATH, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  app.get('/sandbox/frame.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(frameScript));
  app.get(SANDBOX_FRAME_PATH, async (_request, reply) =>
    // The payment frame is the one page that may be framed, and only by this site.
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'",
      )
      .header('x-frame-options', 'SAMEORIGIN')
      .send(frameHtml),
  );
  app.post('/sandbox/api/charge', async (request) => {
    const charge = parseInput(SandboxChargeSchema, request.body, 'Invalid sandbox charge.');
    return { transactionId: await service.recordSandboxCharge(charge) };
  });
}
