import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DOCUMENT_HISTORY_DAYS } from '@fineprint/contracts';

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    NODE_ENV: z.string().optional(),
    /** Unset means sandbox, except with NODE_ENV=production, where it must be chosen explicitly. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'flutterwave']).optional(),
    FLUTTERWAVE_PUBLIC_KEY: z.string().min(8).optional(),
    FLUTTERWAVE_SECRET_KEY: z.string().min(8).optional(),
    /** The "secret hash" set in the Flutterwave dashboard; webhooks carry it in verif-hash. */
    FLUTTERWAVE_WEBHOOK_HASH: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Id of the monthly payment plan: with it, the checkout subscribes the card and renewals arrive by webhook. */
    FLUTTERWAVE_PLAN_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be a number')
      .optional(),
    FLUTTERWAVE_API_URL: z.string().url().default('https://api.flutterwave.com'),
    FLUTTERWAVE_SCRIPT_URL: z.string().url().default('https://checkout.flutterwave.com/v3.js'),
    /** Extra origins the CSP admits for the checkout's frames and calls, comma-separated. */
    FLUTTERWAVE_CSP_ORIGINS: z
      .string()
      .default('https://*.flutterwave.com')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^https:\/\/[a-z0-9.*-]+$/, 'entries must be https:// origins'))),
    SUPPORT_EMAIL: z
      .string()
      .regex(/^\S+@\S+\.\S+$/, 'must be an e-mail address')
      .default('support@fineprint.example'),
    FETCH_ALLOWLIST: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9.\-[\]:]+:\d{1,5}$/, 'entries must be host:port'))),
    /** Host names this server is reached at (its public site, comma-separated): never fetched by an analysis. */
    PUBLIC_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase().replace(/\.$/, ''))
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'entries must be host names'))),
    ANALYZE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** Requests of any kind one client IP (IPv6: one /64) may send per minute. */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
    /** Days a version of a site's documents is kept after it was last read (issue 23; site data, not personal data). */
    DOCUMENT_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(DOCUMENT_HISTORY_DAYS),
    /** Overall deadline of one analysis: discovery and every fetch. */
    ANALYSIS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    /** Headless Chromium for pages whose text only scripts produce: unset means on when BROWSER_PATH exists. */
    BROWSER: z.enum(['on', 'off']).optional(),
    BROWSER_PATH: z.string().min(1).default('/usr/bin/chromium'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Port of the Prometheus endpoint (GET /metrics), apart from the API; unset = no metrics server. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    /** The optional LLM engine (README, "LLM engine"): unset means the built-in analyzer only. */
    LLM_PROVIDER: z.enum(['openai', 'anthropic', 'openai-compatible']).optional(),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    /** The provider's API root, e.g. http://127.0.0.1:11434/v1 for a local Ollama. */
    LLM_BASE_URL: z.string().url().optional(),
    /** Time the model gets per analysis, every call included; past it the built-in result is given. */
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    /** Input budget of one model call; longer documents are split into sections. */
    LLM_MAX_INPUT_TOKENS: z.coerce.number().int().min(2000).max(2_000_000).default(32_000),
    /** Watched sites (issue 23): each re-read at most once per this many hours (plus up to 10% jitter). */
    WATCH_INTERVAL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 31)
      .default(24),
    /** Document fetches the watch scheduler starts per second in this instance, at most. */
    WATCH_FETCHES_PER_SECOND: z.coerce.number().positive().max(1000).default(2),
    /** How often the scheduler looks for due sites when none is due. */
    WATCH_POLL_SECONDS: z.coerce.number().positive().max(3600).default(30),
    /** How long one re-read may hold its site before another instance takes it over (its instance is taken for dead). Default: 2 × ANALYSIS_TIMEOUT_MS (+ LLM_TIMEOUT_MS) + 300 s. */
    WATCH_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    /** 'off' keeps this instance from re-reading watched sites (another instance does). */
    WATCH_SCHEDULER: z.enum(['on', 'off']).default('on'),
    /** Where watch e-mails go out (smtp:// or smtps://, credentials in the URL); unset = no e-mails. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The From of watch e-mails; default SUPPORT_EMAIL. */
    MAIL_FROM: z.string().min(3).optional(),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && config.PAYMENT_PROVIDER === undefined)
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'must be set when NODE_ENV=production (sandbox lets anyone record a successful test payment)',
      });
    if (config.LLM_PROVIDER) {
      if (!config.LLM_MODEL) context.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'is required when LLM_PROVIDER is set' });
      const needed = config.LLM_PROVIDER === 'openai-compatible' ? 'LLM_BASE_URL' : 'LLM_API_KEY';
      if (!config[needed])
        context.addIssue({ code: 'custom', path: [needed], message: `is required when LLM_PROVIDER=${config.LLM_PROVIDER}` });
    }
    if (config.PAYMENT_PROVIDER !== 'flutterwave') return;
    for (const key of ['FLUTTERWAVE_PUBLIC_KEY', 'FLUTTERWAVE_SECRET_KEY', 'FLUTTERWAVE_WEBHOOK_HASH'] as const)
      if (!config[key]) context.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=flutterwave' });
  });

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DATA_DIR' | 'PAYMENT_PROVIDER' | 'BROWSER'> & {
  BROWSER: 'on' | 'off';
  /** Why the browser path is off although not switched off (no Chromium at BROWSER_PATH): logged at start. */
  BROWSER_NOTICE: string | undefined;
  DATA_DIR: string;
  PAYMENT_PROVIDER: 'sandbox' | 'flutterwave';
};

/**
 * Reads and validates the environment once. The only reader of process.env in the server.
 * Throws an Error naming every bad variable, so the process stops before listening.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const hasBrowser = existsSync(parsed.data.BROWSER_PATH);
  if (parsed.data.BROWSER === 'on' && !hasBrowser)
    throw new Error(`Invalid configuration: BROWSER_PATH: no Chromium at ${parsed.data.BROWSER_PATH} (install it, or set BROWSER=off)`);
  return {
    ...parsed.data,
    DATA_DIR: resolve(parsed.data.DATA_DIR),
    PAYMENT_PROVIDER: parsed.data.PAYMENT_PROVIDER ?? 'sandbox',
    BROWSER: parsed.data.BROWSER ?? (hasBrowser ? 'on' : 'off'),
    BROWSER_NOTICE:
      parsed.data.BROWSER === undefined && !hasBrowser
        ? `No Chromium at ${parsed.data.BROWSER_PATH}: pages that need scripts are read without a browser (apt-get install -y chromium, or set BROWSER_PATH)`
        : undefined,
  };
}
