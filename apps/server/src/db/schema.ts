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
/** One version of one document of a site (issue 23): a new row only when its normalised text changed. */
export interface DocumentVersionTable {
  id: Generated<number>;
  site: string;
  doc_type: string;
  url: string;
  text_hash: string;
  /** The extracted blocks (kind, text, heading level) as gzipped JSON. */
  blocks_gz: Uint8Array;
  fact_sheet_json: string;
  /** When this text was first read; `last_read_at` when it was last read unchanged. */
  read_at: string;
  last_read_at: string;
}
/** One step of a site's history: its documents' versions then, and what changed from the step before (gzipped JSON). */
export interface SiteVersionTable {
  id: Generated<number>;
  site: string;
  read_at: string;
  last_read_at: string;
  /** [{type, url, versionId}] */
  documents_json: string;
  changes_gz: Uint8Array | null;
  summary_json: string | null;
}
/** Every kept result by its permalink id, beyond the cache's day (gzipped JSON). */
export interface KeptResultTable {
  result_id: string;
  site: string;
  result_gz: Uint8Array;
  created_at: string;
}
/** A watched site: the one re-read job all its watchers share (at most one read per interval). */
export interface WatchedSiteTable {
  site: string;
  next_check_at: string;
  /** The instance re-reading it now, and until when its claim holds (a dead instance's claim lapses). */
  lease_owner: string | null;
  lease_until: string | null;
  /** Failed re-reads in a row (backoff). */
  failures: number;
  last_checked_at: string | null;
  last_changed_at: string | null;
  last_error: string | null;
  /** JSON: the documents re-read, each with its validators (ETag, Last-Modified) and text hash. */
  documents_json: string;
  /** JSON: the last fact sheet's answers, by fact id. */
  facts_json: string;
  created_at: string;
}
/** A subscriber's watch of one site (personal data). */
export interface WatchTable {
  id: string;
  subscription_id: number;
  site: string;
  /** The private Atom feed's token (random, 22 base64url characters). */
  feed_token: string;
  /** 1 when the subscriber agreed to an e-mail when the site changes. */
  email_alerts: number;
  /** When the subscriber last opened the watch list: later changes count as "changed". */
  seen_at: string;
  created_at: string;
}
/** A change found in a watched site's documents: the feed's entries and the e-mail's content. */
export interface WatchChangeTable {
  id: Generated<number>;
  site: string;
  changed_at: string;
  /** JSON: [{id, before, after}] of the fact-sheet answers that changed. */
  facts_json: string;
  /** JSON: the document URLs whose text changed. */
  documents_json: string;
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
  document_versions: DocumentVersionTable;
  site_versions: SiteVersionTable;
  kept_results: KeptResultTable;
  watched_sites: WatchedSiteTable;
  watches: WatchTable;
  watch_changes: WatchChangeTable;
  feedback: FeedbackTable;
}
