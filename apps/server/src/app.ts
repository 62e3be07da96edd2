import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { AnalysisError, type analyzeSite } from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { HTTP_STATUS, ServiceError } from './errors';
import { createAnalysisRepository } from './modules/analysis/analysis.repository';
import { registerAnalysisRoutes } from './modules/analysis/analysis.routes';
import { createAnalysisService } from './modules/analysis/analysis.service';
import { registerIdentityRoutes } from './modules/identity/identity.routes';
import { createIdentityService } from './modules/identity/identity.service';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createFlutterwaveProvider } from './modules/payments/flutterwave-provider';
import { registerPaymentRoutes, WEBHOOK_PATH } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createSandboxProvider } from './modules/payments/sandbox-provider';
import { createRetentionService } from './modules/retention/retention.service';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createVisitorsRepository } from './modules/visitors/visitors.repository';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity, securityHeaders } from './plugins/security';
import { createAnalysisPool } from './modules/analysis/analysis-pool';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Clock for quota, subscriptions and purges. Default: the system clock. */
  clock?: () => Date;
  /** Replaces the analyzer, run in process (tests of the quota rules). Default: analyzeSite in worker threads. */
  analyze?: typeof analyzeSite;
  /** Pino logger setting; default follows LOG_LEVEL. */
  logger?: boolean;
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
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Errors Fastify raises before any hook (a broken escape, an over-long parameter): the same
    // headers and the same short sentence as every other error, never the path echoed back.
    frameworkErrors: (error, request, reply) => {
      const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      headers(request.raw, reply.raw, () => {
        void (reply as FastifyReply)
          .code(isTooLong ? 414 : 400)
          .send({ error: isTooLong ? 'That address is too long.' : 'The request could not be understood.' });
      });
    },
  });

  const subscriptions = createSubscriptionsService({ subscriptions: createSubscriptionsRepository(db), visitors, clock });
  const analysisRepository = createAnalysisRepository(db);
  const analysis = createAnalysisService({
    analyses: analysisRepository,
    visitors,
    subscriptions,
    clock,
    runAnalysis: analysisRunner(app, deps),
  });
  app.decorate('retention', createRetentionService({ visitors, analyses: analysisRepository, payments, clock }));

  await app.register(cookie);
  await registerSecurity(app, { headers, csrfExempt: [WEBHOOK_PATH] });
  await registerRateLimit(app, { redisUrl: config.REDIS_URL });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ServiceError || error instanceof AnalysisError) {
      // A full analysis queue or an unreachable payment provider passes: say when to come back.
      if (error.code === 'BUSY' || error.code === 'PROVIDER_UNAVAILABLE') void reply.header('retry-after', '30');
      return reply.code(HTTP_STATUS[error.code]).send({ error: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ error: 'Too many requests. Please wait a minute and try again.' });
    if (status >= 400 && status < 500) return reply.code(status).send({ error: 'The request could not be understood.' });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  registerSubscriptionRoutes(app, subscriptions);
  registerAnalysisRoutes(app, analysis, config.ANALYZE_RATE_LIMIT_PER_MINUTE);
  registerIdentityRoutes(app, createIdentityService({ visitors, subscriptions, clock }));
  registerPaymentRoutes(
    app,
    createPaymentsService({ payments, subscriptions, provider, webhookHash: config.FLUTTERWAVE_WEBHOOK_HASH, clock }),
    {
      isSandbox: provider.name === 'sandbox',
    },
  );
  app.get('/api/health', async () => ({ ok: true }));

  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  const indexPath = join(webDist, 'index.html');
  if (existsSync(indexPath)) {
    const indexHtml = readFileSync(indexPath, 'utf8').replaceAll('%SUPPORT_EMAIL%', config.SUPPORT_EMAIL);
    await app.register(fastifyStatic, { root: webDist, index: false, wildcard: false, serveDotFiles: false });
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(indexHtml));
    app.setNotFoundHandler(async (request, reply) => {
      // Client-side routes (including unknown ones, which the SPA answers with its error page).
      if (request.method === 'GET' && !request.url.startsWith('/api/')) return reply.type('text/html; charset=utf-8').send(indexHtml);
      return reply.code(404).send({ error: 'Not found.' });
    });
  } else {
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({ error: request.url.startsWith('/api/') ? 'Not found.' : 'The web app is not built yet: run npm run build.' }),
    );
  }
  return app;
}

/** How the server analyses a site: the injected analyzer in process, else the worker pool (closed with the app). */
function analysisRunner(app: FastifyInstance, deps: AppDeps): (site: string) => Promise<AnalysisResult> {
  const task = { allowlist: deps.config.FETCH_ALLOWLIST, deadlineMs: deps.config.ANALYSIS_TIMEOUT_MS };
  const analyze = deps.analyze;
  if (analyze) return (site) => analyze(site, task);
  const pool = createAnalysisPool();
  app.addHook('onClose', async () => pool.close());
  return (site) => pool.run({ site, ...task });
}

declare module 'fastify' {
  interface FastifyInstance {
    retention: ReturnType<typeof createRetentionService>;
  }
}
