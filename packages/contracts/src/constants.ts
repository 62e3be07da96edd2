/** Business constants of SPEC section 9, shared by server and web. */

/** Analyses an anonymous visitor may run before a subscription is required. */
export const FREE_ANALYSES = 5;
/** Monthly subscription price, in whole US dollars. */
export const SUBSCRIPTION_PRICE = 5;
/** The only currency the product charges in. */
export const SUBSCRIPTION_CURRENCY = 'USD';
/** The only payment option offered to the card provider. */
export const PAYMENT_OPTIONS = 'card';
/** How long one payment keeps a subscription active. */
export const SUBSCRIPTION_PERIOD_DAYS = 30;
/** Lifetime of the user_id, user_email and auth_token cookies (30 days). */
export const COOKIE_MAX_AGE_SECONDS = 2_592_000;
/** Cookie names of the client identity (SPEC section 3). */
export const COOKIE_NAMES = {
  userId: 'user_id',
  userEmail: 'user_email',
  authToken: 'auth_token',
} as const;
/** Double-submit XSRF cookie and header (the HTTP client's defaults). */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/** Header that carries the visitor id. */
export const USER_ID_HEADER = 'X-User-ID';
/** Payment script load: attempts and the pause between them. */
export const PAYMENT_SCRIPT_ATTEMPTS = 3;
export const PAYMENT_SCRIPT_RETRY_MS = 1000;
/** Toasts kept at once and the delay before a dismissed toast is removed. */
export const TOAST_LIMIT = 20;
export const TOAST_REMOVE_DELAY_MS = 1000;
/** Fingerprint library monitoring sample rate named by the spec; the beacon itself is switched off. */
export const FINGERPRINT_MONITORING_SAMPLE_RATE = 0.001;
/** Days after which visitor rows and cached analyses are purged (legal pages: 1 month). */
export const RETENTION_DAYS = 30;
/** Days a version of a site's Terms or Privacy Policy is kept after the last analysis that read it (DOCUMENT_HISTORY_DAYS' default). */
export const DOCUMENT_HISTORY_DAYS = 730;
/** Payment request texts given to the card provider. */
export const PAYMENT_TITLE = 'ToS Summarizer Pro';
export const PAYMENT_DESCRIPTION = 'Monthly subscription for unlimited ToS analyses';
/** Prefix of every tx_ref this server issues. */
export const TX_REF_PREFIX = 'sub-';
/** Legal page facts (SPEC section 2). */
export const LEGAL_FACTS = {
  lastUpdated: 'February 8th, 2025',
  supportReplyHours: 24,
  disputeBusinessDays: 7,
  emailDeletionHours: 48,
  breachNoticeHours: 72,
  dataRetention: '1 month',
  cookieExpiry: '1 month',
  governingLaw: 'Lagos, Nigeria',
} as const;
/** The simple e-mail pattern of SPEC section 5: non-space text, an at sign, then a dot segment. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** Largest text or file a visitor may provide instead of an address (5 MB). */
export const MAX_PROVIDED_TEXT_BYTES = 5 * 1024 * 1024;
/** File kinds a visitor may upload, by extension. */
export const UPLOAD_EXTENSIONS = {
  '.pdf': 'pdf',
  '.html': 'html',
  '.htm': 'html',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'text',
} as const;
/** The routes of the web app (SPEC section 2); anything else is the error page, answered with 404. */
export const WEB_ROUTES = ['/', '/subscription/callback', '/tos', '/privacy-policy', '/compare'] as const;
export type WebRoute = (typeof WEB_ROUTES)[number];
