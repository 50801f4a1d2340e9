// buildApp(deps) → the whole HTTP application, with nothing global: tests build it with their own
// database, clock and SPA folder; main.ts builds it with the real ones.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TrustProxy } from './config';
import { systemClock, type AppDeps, type ModuleDeps } from './deps';
import { clientErrorHandler } from './http/client-errors';
import { registerApiDocs } from './http/docs';
import {
  registerSecurityHeaders,
  securityHeaderPicker,
  securityHeaderSetter,
} from './http/security';
import { registerSpa } from './http/spa';
import { serverTimeoutOptions } from './http/timeouts';
import { installRussianZodMessages } from './http/zod-messages';
import { createCaptchaVerifier } from './integrations/captcha/recaptcha';
import { mailSandboxRoutes } from './integrations/mail/sandbox/routes';
import { authRoutes } from './modules/auth/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { childrenRoutes } from './modules/children/routes';
import { screenTimeRoutes } from './modules/screen-time/routes';
import { familiesRoutes } from './modules/families/routes';
import { referralRoutes } from './modules/referrals/routes';
import { configRoutes } from './modules/config/routes';
import { contentRoutes } from './modules/content/routes';
import { healthRoutes } from './modules/health/routes';
import type { Lifecycle } from './modules/health/readiness';
import { oauthPages } from './modules/oauth/pages';
import { oauthRoutes } from './modules/oauth/routes';
import { profileRoutes } from './modules/profile/routes';
import { installAuth } from './plugins/auth';
import { registerCookies } from './plugins/cookies';
import { installDemoGuard } from './plugins/demo-guard';
import { installErrorHandling, sendError } from './plugins/error-handler';
import { installInputGuard } from './plugins/input-guard';
import { installRateLimits } from './plugins/rate-limit';
import { installRequestLog } from './plugins/request-log';
import { sandboxIndex } from './sandbox/index-pages';
import { oauthSandbox } from './sandbox/oauth/index';
import { sberbankSandbox } from './sandbox/sberbank/index';
import { subscriptionRoutes } from './modules/gifts/activation-routes';
import { lessonsRoutes } from './modules/lessons/routes';
import { hlsRoutes } from './modules/lessons/hls-routes';
import { learningRoutes } from './modules/learning/routes';
import { programOutlineRoutes } from './modules/program-outline/routes';
import { storeRoutes } from './modules/store/routes';
import { giftRoutes } from './modules/gifts/routes';
import { paymentRoutes } from './modules/payments/routes';
import { renewalRoutes } from './modules/renewals/routes';
import { supportRoutes } from './modules/support/routes';
import { mailingRoutes } from './modules/mailing/routes';
import { mailingAdminRoutes } from './modules/mailing/admin-routes';
import { supportAdminRoutes } from './modules/support/admin-routes';
import { contentAdminRoutes } from './modules/content/admin-routes';
import { usersRoutes } from './modules/admin/users-routes';
import { ordersAdminRoutes } from './modules/payments/admin-routes';
import { promoAdminRoutes } from './modules/store/admin-promos';
import { tariffAdminRoutes } from './modules/catalog/admin-tariffs-routes';
import { priceAdminRoutes } from './modules/catalog/admin-prices-routes';
import { certificateAdminRoutes } from './modules/gifts/admin-certificates-routes';
import { uploadRoutes } from './modules/media/upload-routes';
import { programAdminRoutes } from './modules/lessons/admin-programs-routes';
import { lessonAdminRoutes } from './modules/lessons/admin-lessons';
import { unsubscribeReasonRoutes } from './modules/renewals/admin-routes';
import { adminAuthRoutes } from './modules/admin/auth-routes';
import { NO_SETUP_CODE } from './modules/admin/first-admin-setup';
import { staffInvitationRoutes } from './modules/admin/invitation-routes';
import { auditRoutes } from './modules/admin/audit-routes';
import { dashboardRoutes } from './modules/admin/dashboard';
import { oneClickRoutes } from './modules/mailing/one-click';
import { localMediaStore } from './integrations/storage/default-store';
import { localMediaRoutes } from './integrations/storage/media-routes';
import { createPublicCache } from './public-reads';
import { installPublicCache } from './modules/public-cache/plugin';
import { installRepeatPath } from './modules/public-cache/repeat-path';
import { lazyChildLogger } from './plugins/lazy-request-logger';
import { installMetrics } from './metrics/route';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const REQUEST_ID_LOG_LABEL = 'request_id';

/** A caller's (or proxy's) x-request-id is kept when it is sane, so one id follows a request across hops. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify 5 reads a numeric trustProxy as "trust nobody" (a hop count cannot vouch for the peer), so the
 * count TRUST_PROXY allows becomes proxy-addr's own hop rule: the nearest `hops` addresses are proxies.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(deps: AppDeps) {
  installRussianZodMessages();
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const media = deps.media ?? localMediaStore(config);
  const moduleDeps: ModuleDeps = {
    config,
    db,
    clock,
    captcha: createCaptchaVerifier(config.recaptcha),
    media,
    publicCache: deps.publicCache ?? createPublicCache({ db, clock, media, logger: deps.logger }),
    setupCode: deps.setupCode ?? NO_SETUP_CODE,
  };

  const setSecurityHeaders = securityHeaderSetter(config);
  const pickSecurityHeaders = securityHeaderPicker(config);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: requestId,
    // A stopping instance (a rolling restart, a deploy) still answers what reaches it on a connection it
    // had, with Connection: close, instead of Fastify's 503 in a shape of its own: readiness has already
    // turned the balancer away, and nothing a parent sent is refused on the way out.
    return503OnClosing: false,
    childLoggerFactory: lazyChildLogger,
    ...serverTimeoutOptions(deps.timeouts),
    // plugins/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({
      requestIdLogLabel: REQUEST_ID_LOG_LABEL,
      disableRequestLogging: true,
    }),
    // X-Forwarded-For/-Proto count only from the proxies TRUST_PROXY names (by default nobody): per-address
    // rate limits and the address kept with a consent must not be forgeable by a header.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Bad URLs and the like never reach the error handler; give them the same shape. They skip every hook
    // too, so the headers each answer carries are set here.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      setSecurityHeaders(reply, 'application/json');
      sendError(error, request, reply);
    },
    // What Node's parser refuses (oversized or malformed headers, a timeout) never becomes a request.
    clientErrorHandler: clientErrorHandler(pickSecurityHeaders('application/json')),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // First of all hooks, so that the guards' refusals carry it too. Callback-style, as every hook that runs
  // on every request: no promise to allocate and await for a line of work.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Before the guards and the public cache: their answers are timed and counted too.
  installMetrics(app, { db, token: config.metricsToken });
  installDemoGuard(app, config);
  installInputGuard(app);
  installRequestLog(app);
  installPublicCache(app, moduleDeps.publicCache, { owned: !deps.publicCache });
  // After the guards and before every other onRequest hook: a public URL already answered goes out from
  // the cache with the same id, headers and log line as any answer (modules/public-cache/README.md).
  installRepeatPath(app, moduleDeps.publicCache);

  registerSecurityHeaders(app, setSecurityHeaders);
  // Built assets go out as their precompressed twins (http/spa.ts) and the public catalogue compressed once
  // per cache fill; what is left is made per request. Under 4 KB the saving is a few hundred bytes and costs
  // more CPU than it saves time, and gzip is preferred: brotli at the plugin's quality takes about twice as long.
  await app.register(compress, {
    global: true,
    // No client of ours sends a compressed body: plugins/input-guard.ts refuses one instead of a hook on
    // every request unpacking it.
    globalDecompression: false,
    threshold: 4096,
    encodings: ['gzip', 'br', 'deflate', 'identity'],
  });
  await registerApiDocs(app, config);

  await registerCookies(app);
  installAuth(app, moduleDeps);
  const limiter = await installRateLimits(app, moduleDeps);
  // Readiness turns «stopping» the moment main.ts is asked to stop, before the server closes.
  const lifecycle: Lifecycle = { stopping: false };
  app.decorate('markStopping', () => {
    lifecycle.stopping = true;
  });
  // While it drains, every answer asks the client to close its connection: the next request opens one to
  // an instance that stays, instead of meeting this one's socket as it closes.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  const api = { prefix: '/api' };
  await app.register(
    healthRoutes({
      ...moduleDeps,
      lifecycle,
      redisAnswers: () => limiter.redisAnswers(),
    }),
    api,
  );
  await app.register(configRoutes(moduleDeps), api);
  await app.register(contentRoutes(moduleDeps), api);
  await app.register(catalogRoutes(moduleDeps), api);
  await app.register(authRoutes(moduleDeps), api);
  await app.register(profileRoutes(moduleDeps), api);
  await app.register(childrenRoutes(moduleDeps), api);
  await app.register(screenTimeRoutes(moduleDeps), api);
  await app.register(familiesRoutes(moduleDeps), api);
  await app.register(referralRoutes(moduleDeps), api);
  await app.register(subscriptionRoutes(moduleDeps), api);
  await app.register(lessonsRoutes(moduleDeps), api);
  await app.register(learningRoutes(moduleDeps), api);
  await app.register(programOutlineRoutes(moduleDeps), api);
  await app.register(storeRoutes(moduleDeps), api);
  await app.register(giftRoutes(moduleDeps), api);
  await app.register(paymentRoutes(moduleDeps), api);
  await app.register(renewalRoutes(moduleDeps), api);
  await app.register(supportRoutes(moduleDeps), api);
  await app.register(mailingRoutes(moduleDeps), api);
  await app.register(adminAuthRoutes(moduleDeps), api);
  await app.register(staffInvitationRoutes(moduleDeps), api);
  await app.register(dashboardRoutes(moduleDeps), api);
  await app.register(auditRoutes(moduleDeps), api);
  await app.register(mailingAdminRoutes(moduleDeps), api);
  await app.register(supportAdminRoutes(moduleDeps), api);
  await app.register(contentAdminRoutes(moduleDeps), api);
  await app.register(usersRoutes(moduleDeps), api);
  await app.register(ordersAdminRoutes(moduleDeps), api);
  await app.register(promoAdminRoutes(moduleDeps), api);
  await app.register(tariffAdminRoutes(moduleDeps), api);
  await app.register(priceAdminRoutes(moduleDeps), api);
  await app.register(certificateAdminRoutes(moduleDeps), api);
  await app.register(uploadRoutes(moduleDeps), api);
  await app.register(programAdminRoutes(moduleDeps), api);
  await app.register(lessonAdminRoutes(moduleDeps), api);
  await app.register(unsubscribeReasonRoutes(moduleDeps), api);
  await app.register(oneClickRoutes(moduleDeps));
  await app.register(hlsRoutes(moduleDeps));
  if (media.kind === 'local') {
    await app.register(localMediaRoutes({ store: media, clock: moduleDeps.clock }));
  }
  await app.register(oauthRoutes(moduleDeps), api);
  await app.register(oauthPages(moduleDeps));

  if (config.sandboxes) {
    await app.register(mailSandboxRoutes(moduleDeps), { prefix: '/sandbox/mail' });
    await app.register(oauthSandbox(moduleDeps), { prefix: '/sandbox/oauth' });
    await app.register(sberbankSandbox({ ...moduleDeps, options: deps.sberbankSandbox }), {
      prefix: '/sandbox/sberbank',
    });
    await app.register(sandboxIndex(moduleDeps), { prefix: '/sandbox' });
  }

  const webDir = deps.webDir ?? DEFAULT_WEB_DIR;
  await registerSpa(app, {
    webDir,
    serverDir: deps.serverDir ?? join(webDir, '..', 'server'),
    publicUrl: config.publicUrl,
    onPublicChange: (listener) => moduleDeps.publicCache.onInvalidate(listener),
  });
  return app;
}
