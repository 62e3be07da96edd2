import type { PaymentProvider, ProviderTransaction } from './payment-provider';

const STATUSES = new Set<ProviderTransaction['status']>(['successful', 'pending', 'failed', 'cancelled']);

export interface FlutterwaveOptions {
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  scriptUrl: string;
  planId?: string;
  /** Origins beyond the script's own that the checkout frames and calls (CSP). */
  cspOrigins: readonly string[];
}

/** Budget for one verify call, connect to last byte. */
const VERIFY_TIMEOUT_MS = 10_000;

/**
 * The real card provider. Verification calls the REST endpoint directly
 * (GET /v3/transactions/{id}/verify with the secret key): the official Node SDK sends
 * telemetry and writes a temporary file (SECURITY.md). The secret key leaves this process
 * only in that request's Authorization header.
 */
export function createFlutterwaveProvider(options: FlutterwaveOptions): PaymentProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  return {
    name: 'flutterwave',
    publicKey: options.publicKey,
    scriptUrl: options.scriptUrl,
    scriptOrigins: [new URL(options.scriptUrl).origin, ...options.cspOrigins],
    ...(options.planId ? { paymentPlan: Number(options.planId) } : {}),
    async verify(transactionId: string): Promise<ProviderTransaction | null> {
      const response = await fetch(`${base}/v3/transactions/${encodeURIComponent(transactionId)}/verify`, {
        headers: { authorization: `Bearer ${options.secretKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        redirect: 'error',
      });
      const body = (await response.json().catch(() => null)) as FlutterwaveVerifyBody | null;
      // Flutterwave answers an unknown id with 400/404 and {"status":"error"}; anything else unexpected is an outage.
      if ((response.status === 400 || response.status === 404) && body?.status === 'error') return null;
      if (!response.ok || body?.status !== 'success' || !body.data) throw new Error(`Flutterwave verify answered ${response.status}`);
      return toTransaction(body.data);
    },
  };
}

interface FlutterwaveVerifyBody {
  status?: string;
  data?: {
    id?: number | string;
    tx_ref?: string;
    status?: string;
    amount?: number | string;
    currency?: string;
    created_at?: string;
    plan?: number | string | null;
    customer?: { email?: string };
  };
}

function toTransaction(data: NonNullable<FlutterwaveVerifyBody['data']>): ProviderTransaction {
  const status = STATUSES.has(data.status as ProviderTransaction['status']) ? (data.status as ProviderTransaction['status']) : 'failed';
  const paidAt = new Date(data.created_at ?? '');
  return {
    id: String(data.id ?? ''),
    status,
    amount: Number(data.amount ?? 0),
    currency: String(data.currency ?? ''),
    txRef: String(data.tx_ref ?? ''),
    email: String(data.customer?.email ?? ''),
    ...(Number.isNaN(paidAt.getTime()) ? {} : { paidAt }),
    ...(data.plan != null && data.plan !== '' ? { plan: String(data.plan) } : {}),
  };
}
