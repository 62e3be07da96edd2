import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import {
  AnalysisError,
  analyzeDocuments,
  diffReading,
  ENGINE_VERSION,
  llmEngineId,
  type analyzeSite,
  type DocumentInput,
  type DocumentVersion,
  type LlmDiagnostics,
  type LlmSettings,
} from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { HTTP_STATUS, ServiceError, type DescribeError } from './errors';
import { createAnalysisRepository } from './modules/analysis/analysis.repository';
import { registerAnalysisRoutes } from './modules/analysis/analysis.routes';
import { createAnalysisService, type AnalysisRun, type VersionsToDiff } from './modules/analysis/analysis.service';
import { registerIdentityRoutes } from './modules/identity/identity.routes';
import { createIdentityService } from './modules/identity/identity.service';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createFlutterwaveProvider } from './modules/payments/flutterwave-provider';
import { registerPaymentRoutes, WEBHOOK_PATH } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createSandboxProvider } from './modules/payments/sandbox-provider';
import { createRetentionService } from './modules/retention/retention.service';
import { createVersionsRepository } from './modules/versions/versions.repository';
import { registerVersionRoutes } from './modules/versions/versions.routes';
import { createVersionsService, type DiffVersions } from './modules/versions/versions.service';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createVisitorsRepository } from './modules/visitors/visitors.repository';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity, securityHeaders } from './plugins/security';
import { createAnalysisPool, POOL_OVERHEAD_MS, type AnalysisWatch } from './modules/analysis/analysis-pool';
import { registerWebApp } from './modules/web/web.routes';
import { createSingleFlight } from './modules/analysis/single-flight';
import { UPLOAD_TOO_LARGE } from './modules/analysis/provided-documents';
import {
  isDependencyUnavailable,
  isStorageCorruption,
  isStorageFailure,
  logFields,
  requestLogSerializer,
  unavailableFields,
} from './modules/ops/log-fields';
import { createMetrics, type Metrics } from './modules/ops/metrics';
import { registerOpsRoutes } from './modules/ops/ops.routes';
import { registerDocsRoutes } from './modules/docs/docs.routes';
import { createReadinessCheck } from './modules/ops/readiness';
import { createRedis } from './plugins/redis';
import { createWatching } from './modules/watch/watch.module';
import { registerWatchRoutes } from './modules/watch/watch.routes';
import type { WatchMailer } from './modules/watch/watch-mailer';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createRecentRepository } from './modules/recent/recent.repository';
import { registerRecentRoutes } from './modules/recent/recent.routes';
import { createRecentService } from './modules/recent/recent.service';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Clock for quota, subscriptions and purges. Default: the system clock. */
  clock?: () => Date;
  /** Replaces the analyzer, run in process (tests of the quota rules). Default: analyzeSite in worker threads. */
  analyze?: typeof analyzeSite;
  /** Pino logger setting; default follows LOG_LEVEL. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the watch e-mails' SMTP mailer (tests). */
  watchMailer?: WatchMailer;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify application: plugins, the /api routes, the sandbox checkout and the SPA. Never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const visitors = createVisitorsRepository(db);
  const payments = createPaymentsRepository(db);
  const provider =
    config.PAYMENT_PROVIDER === 'flutterwave'
      ? createFlutterwaveProvider({
          apiUrl: config.FLUTTERWAVE_API_URL,
          secretKey: config.FLUTTERWAVE_SECRET_KEY!,
          publicKey: config.FLUTTERWAVE_PUBLIC_KEY!,
          scriptUrl: config.FLUTTERWAVE_SCRIPT_URL,
          planId: config.FLUTTERWAVE_PLAN_ID,
          cspOrigins: config.FLUTTERWAVE_CSP_ORIGINS,
        })
      : createSandboxProvider(payments);
  const headers = securityHeaders(provider.scriptOrigins);
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // Request lines carry the path without its query (tx_ref carries an e-mail) and no headers.
            serializers: { req: requestLogSerializer },
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Errors Fastify raises before any hook (a broken escape, an over-long parameter): the same
    // headers as the path's other answers and the same short sentence as every other error,
    // never the path echoed back.
    frameworkErrors: (error, request, reply) => {
      const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      headers.forUrl(request.raw.url ?? '').apply(reply.raw);
      void (reply as FastifyReply)
        .code(isTooLong ? 414 : 400)
        .send({ error: isTooLong ? 'That address is too long.' : 'The request could not be understood.' });
    },
  });

  const subscriptions = createSubscriptionsService({ subscriptions: createSubscriptionsRepository(db), visitors, clock });
  const analysisRepository = createAnalysisRepository(db);
  const metrics = createMetrics();
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  app.decorate('metrics', metrics);
  const { diffVersions, ...runners } = analysisRunners(app, deps, metrics);
  const versions = createVersionsService({
    versions: createVersionsRepository(db),
    clock,
    historyDays: config.DOCUMENT_HISTORY_DAYS,
    ...(diffVersions ? { diffVersions } : {}),
  });
  const analysis = createAnalysisService({
    versions,
    analyses: analysisRepository,
    visitors,
    subscriptions,
    clock,
    ...runners,
    engineVersion: cacheEngineOf(llmSettingsOf(config)),
    singleFlight: createSingleFlight({
      redis,
      // The pool may wait for a thread, start it and stop a run only after its grace; the lock outlives all of that a little.
      lockTtlMs: config.ANALYSIS_TIMEOUT_MS + (config.LLM_PROVIDER ? config.LLM_TIMEOUT_MS + 1_000 : 0) + POOL_OVERHEAD_MS + 5_000,
      onJoin: (scope) => metrics.singleFlightJoins.inc({ scope }),
    }),
    onCacheLookup: (isHit) => metrics.cacheLookups.inc({ result: isHit ? 'hit' : 'miss' }),
    // A reservation outlives any run (deadline, LLM, the pool's hard stop) by a wide margin: only a dead process lets one lapse.
    reservationLeaseMs: 2 * config.ANALYSIS_TIMEOUT_MS + (config.LLM_PROVIDER ? config.LLM_TIMEOUT_MS : 0) + 120_000,
  });
  const watching = createWatching({
    config,
    db,
    clock,
    subscriptions,
    reanalyze: (site) => analysis.refreshWatched(site),
    fetchScope: fetchScope(config),
    registry: metrics.registry,
    log: app.log,
    mailer: deps.watchMailer,
  });
  app.decorate('watchScheduler', watching.scheduler);
  app.addHook('onClose', () => watching.close());
  app.decorate(
    'retention',
    createRetentionService({ visitors, analyses: analysisRepository, payments, versions, clock, watches: watching.repository }),
  );

  await app.register(cookie);
  await registerSecurity(app, { headers, csrfExempt: [WEBHOOK_PATH] });
  await registerRateLimit(app, { redis, perMinute: config.API_RATE_LIMIT_PER_MINUTE });

  const isReady = createReadinessCheck({ db, redis });
  const describeError: DescribeError = (error, request) => {
    if (error instanceof ServiceError || error instanceof AnalysisError) {
      // Each known error once, with its code and the site's host: never the address, a token or an e-mail.
      const status = HTTP_STATUS[error.code];
      request.log[status >= 500 ? 'warn' : 'info'](logFields(error, request, status), 'refused');
      metrics.refusals.inc({ code: error.code });
      if (error.code === 'SUBSCRIPTION_REQUIRED') metrics.quotaDenials.inc();
      // A full analysis queue or an unreachable payment provider passes: say when to come back.
      const isPassing = error.code === 'BUSY' || error.code === 'PROVIDER_UNAVAILABLE';
      return { status, error: error.message, code: error.code, ...(isPassing ? { retryAfterSeconds: 30 } : {}) };
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return { status, error: 'Too many requests. Please wait a minute and try again.' };
    if (status === 413) return { status, error: UPLOAD_TOO_LARGE };
    if (status >= 400 && status < 500) return { status, error: 'The request could not be understood.' };
    if (isDependencyUnavailable(error)) {
      // The database or Redis is restarting or unreachable, or the disk is full or failing: come
      // back shortly, like a full queue. A storage failure also makes /api/ready fail until a write succeeds.
      if (isStorageFailure(error)) isReady.recordStorageFailure({ isCorruption: isStorageCorruption(error) });
      request.log.warn(unavailableFields(error), 'refused');
      metrics.refusals.inc({ code: 'DEPENDENCY_UNAVAILABLE' });
      return { status: 503, error: 'The service is briefly unavailable. Please try again in a minute.', retryAfterSeconds: 30 };
    }
    request.log.error({ err: error }, 'request failed');
    return { status: 500, error: 'Something went wrong on our side. Please try again.' };
  };
  app.setErrorHandler((error, request, reply) => {
    const { status, error: message, retryAfterSeconds } = describeError(error, request);
    if (retryAfterSeconds) void reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(status).send({ error: message });
  });

  registerSubscriptionRoutes(app, subscriptions);
  registerAnalysisRoutes(app, analysis, { rateLimitPerMinute: config.ANALYZE_RATE_LIMIT_PER_MINUTE, describeError });
  registerIdentityRoutes(app, createIdentityService({ visitors, subscriptions, clock, clearWatches: watching.service.clearFor }));
  registerWatchRoutes(app, watching.service);
  registerPaymentRoutes(
    app,
    createPaymentsService({ payments, subscriptions, provider, webhookHash: config.FLUTTERWAVE_WEBHOOK_HASH, clock }),
    {
      isSandbox: provider.name === 'sandbox',
      renewsMonthly: provider.paymentPlan !== undefined,
    },
  );
  registerFeedbackRoutes(
    app,
    createFeedbackService({
      feedback: createFeedbackRepository(db),
      clock,
      onReport: (reason) => metrics.feedbackReports.inc({ reason }),
    }),
  );
  registerRecentRoutes(app, createRecentService({ recent: createRecentRepository(db), clock }));
  app.get('/api/health', async () => ({ ok: true }));
  registerOpsRoutes(app, isReady);
  registerDocsRoutes(app);
  registerVersionRoutes(app, versions);

  await registerWebApp(app, {
    webDist: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    supportEmail: config.SUPPORT_EMAIL,
    documentHistoryDays: config.DOCUMENT_HISTORY_DAYS,
  });
  return app;
}

/**
 * How the server analyses a site and the visitor's own documents: with an injected site
 * analyzer, both in process (documents need no network); else the worker pool (closed with the app).
 */
function analysisRunners(
  app: FastifyInstance,
  deps: AppDeps,
  metrics: Metrics,
): {
  runAnalysis: (site: string, watch?: AnalysisWatch, versions?: VersionsToDiff) => Promise<AnalysisRun>;
  runDocuments: (documents: DocumentInput[]) => Promise<AnalysisResult>;
  /** The version store's diff of a reading whose previous versions were replaced meanwhile: in the pool (default in process). */
  diffVersions?: DiffVersions;
} {
  const llm = llmSettingsOf(deps.config);
  // The browser path: the pool grants page slots from one FIFO for every worker thread, 2 pages at once in the process.
  if (deps.config.BROWSER_NOTICE) app.log.warn(deps.config.BROWSER_NOTICE);
  const browser = deps.config.BROWSER === 'on' ? { executablePath: deps.config.BROWSER_PATH, maxPages: 2 } : undefined;
  const task = { ...fetchScope(deps.config), deadlineMs: deps.config.ANALYSIS_TIMEOUT_MS, llm, browser };
  // Each analysis's LLM calls, tokens, latency and outcome go to the log, never to the visitor.
  const logLlm = (diagnostics: LlmDiagnostics) => app.log.info({ llm: diagnostics }, 'llm engine');
  const analyze = deps.analyze;
  if (analyze)
    return {
      runAnalysis: measured(metrics, async (site, watch, versions) => {
        let documentVersions: DocumentVersion[] | undefined;
        const onDocumentVersions = (v: DocumentVersion[]) => (documentVersions = v);
        const result = await analyze(site, {
          ...task,
          onLlmDiagnostics: logLlm,
          onProgress: watch?.onProgress,
          signal: watch?.signal,
          onDocumentVersions,
        });
        // In process, as the injected analyzer ran; the worker does the same in its thread.
        const versionChanges = versions && documentVersions && diffReading(versions.previous, documentVersions, versions.readAt);
        return { ...result, documentVersions, ...(versionChanges ? { versionChanges } : {}) };
      }),
      runDocuments: (documents) => analyzeDocuments(documents, { llm, onLlmDiagnostics: logLlm }),
    };
  const pool = createAnalysisPool({
    pages: browser?.maxPages,
    observe: (stage, seconds) => metrics.analysisDuration.observe({ stage }, seconds),
  });
  metrics.observePool(pool);
  app.addHook('onClose', async () => pool.close());
  return {
    runAnalysis: measured(metrics, (site, watch, versions) =>
      pool.run({ site, ...task, ...(versions ? { versions } : {}) }, logLlm, watch),
    ),
    runDocuments: (documents) => pool.run({ documents, deadlineMs: deps.config.ANALYSIS_TIMEOUT_MS, llm }, logLlm),
    diffVersions: (reading) => pool.diff(reading),
  };
}

/**
 * What an analysis may fetch of this server itself: nothing (SECURITY.md A.10). The host names it
 * is reached at (PUBLIC_HOSTS, and HOST when it is a name) are blocked hosts; its own listener
 * (HOST:PORT, or any allow-listed host on PORT when it listens on every interface, and the
 * loopback spellings) is taken out of the allow-list, where a development setting would let an
 * analysis call this server's own API.
 */
export function fetchScope(config: Config): { allowlist: string[]; blockedHosts: string[] } {
  const host = config.HOST.toLowerCase().replace(/^\[|\]$/g, '');
  const listensEverywhere = host === '0.0.0.0' || host === '::';
  const ownHosts = new Set([host, `[${host}]`, 'localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);
  const isOwnListener = (entry: string) => {
    const split = entry.lastIndexOf(':');
    return entry.slice(split + 1) === String(config.PORT) && (listensEverywhere || ownHosts.has(entry.slice(0, split)));
  };
  const isName = /^[a-z0-9.-]+$/.test(host) && !/^[\d.]+$/.test(host) && host !== 'localhost';
  return {
    allowlist: config.FETCH_ALLOWLIST.filter((entry) => !isOwnListener(entry)),
    blockedHosts: [...config.PUBLIC_HOSTS, ...(isName ? [host] : [])],
  };
}

/**
 * The engine results are cached under: the built-in engine's version and, with an LLM engine,
 * a short hash of its provider and model (the column holds 32 characters), so a change of
 * either never serves another engine's answer.
 */
function cacheEngineOf(llm: LlmSettings | undefined): string {
  return llm ? `${ENGINE_VERSION}+${createHash('sha256').update(llmEngineId(llm)).digest('hex').slice(0, 11)}` : ENGINE_VERSION;
}

/** The LLM engine's settings from the validated config; undefined = the built-in engine only. */
function llmSettingsOf(config: Config): LlmSettings | undefined {
  if (!config.LLM_PROVIDER || !config.LLM_MODEL) return undefined;
  return {
    provider: config.LLM_PROVIDER,
    model: config.LLM_MODEL,
    apiKey: config.LLM_API_KEY,
    baseUrl: config.LLM_BASE_URL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxInputTokens: config.LLM_MAX_INPUT_TOKENS,
  };
}

/** A site analyzer that records its total duration and, when it fails, the error's code. */
function measured(metrics: Metrics, run: (site: string, watch?: AnalysisWatch, versions?: VersionsToDiff) => Promise<AnalysisRun>) {
  return async (site: string, watch?: AnalysisWatch, versions?: VersionsToDiff): Promise<AnalysisRun> => {
    const stop = metrics.analysisDuration.startTimer({ stage: 'total' });
    try {
      return await run(site, watch, versions);
    } catch (error) {
      const code = error instanceof AnalysisError || error instanceof ServiceError ? error.code : 'INTERNAL';
      metrics.analysisErrors.inc({ code });
      throw error;
    } finally {
      stop();
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    retention: ReturnType<typeof createRetentionService>;
    watchScheduler: ReturnType<typeof createWatching>['scheduler'];
  }
}
