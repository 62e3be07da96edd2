import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings: they sort and compare the same on SQLite and PostgreSQL. */
export interface VisitorTable {
  id: string;
  analyses_used: number;
  email: string | null;
  /** SHA-256 of the device key of the browser that stored the e-mail; only that browser reads it. */
  email_device_hash: string | null;
  created_at: string;
  updated_at: string;
}
export interface SubscriptionTable {
  id: Generated<number>;
  email: string;
  transaction_id: string;
  period_end: string;
  provider: string;
  provider_customer_id: string | null;
  provider_plan_id: string | null;
  /** Set when the provider reports the subscription cancelled: no renewals, access to period_end. */
  cancelled_at: string | null;
  created_at: string;
}
export interface SubscriptionTokenTable {
  token_hash: string;
  subscription_id: number;
  created_at: string;
}
export interface PaymentTable {
  transaction_id: string;
  tx_ref: string;
  amount_cents: number;
  currency: string;
  status: string;
  email: string;
  created_at: string;
}
export interface PaymentIntentTable {
  tx_ref: string;
  email: string;
  visitor_id: string | null;
  /** SHA-256 of the device key of the browser that started the checkout; only it receives the token. */
  device_hash: string | null;
  created_at: string;
}
export interface AnalysisCacheTable {
  site: string;
  engine_version: string;
  document_urls: string;
  content_hash: string;
  result_json: string;
  created_at: string;
  /** The permalink id of this result (random, 22 base64url characters); null for rows cached before permalinks. */
  result_id: string | null;
}
/**
 * One analysis in flight: its unit is already in `visitors.analyses_used`. The row is deleted when
 * the analysis ends (kept or given back); one whose lease ended belongs to a process that died,
 * and its unit is given back (read as free at once, deleted at the visitor's next reservation).
 */
export interface AnalysisReservationTable {
  id: string;
  visitor_id: string;
  lease_until: string;
  created_at: string;
}
/** Written and deleted by the readiness probe after a storage failure, to see writes succeed again. */
export interface ReadinessProbeTable {
  id: string;
  payload: string;
}
/** A reader's report on one item of a kept result (issue 22 item 8): the item as the result held it, no visitor. */
export interface FeedbackTable {
  id: Generated<number>;
  result_id: string;
  site: string;
  engine_version: string;
  /** The item: `item:<list>:<index>` or `fact:<id>`. */
  target: string;
  item_text: string;
  quote: string | null;
  reason: string;
  note: string | null;
  created_at: string;
}
export interface SandboxTransactionTable {
  id: Generated<number>;
  tx_ref: string;
  amount_cents: number;
  currency: string;
  status: string;
  email: string;
  created_at: string;
}

export interface Database {
  visitors: VisitorTable;
  subscriptions: SubscriptionTable;
  subscription_tokens: SubscriptionTokenTable;
  payments: PaymentTable;
  payment_intents: PaymentIntentTable;
  analysis_cache: AnalysisCacheTable;
  sandbox_transactions: SandboxTransactionTable;
  analysis_reservations: AnalysisReservationTable;
  readiness_probe: ReadinessProbeTable;
  feedback: FeedbackTable;
}
