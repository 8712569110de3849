// createApp(deps) -> the whole HTTP application; export type AppType for the typed web client.
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { createAuth } from './auth/auth';
import { publicAuthAnswer } from './auth/public-auth-answer';
import { apiGuards } from './infra/http/api-guards';
import { sameOriginWrites } from './auth/session';
import type { AppEnv, ServerContext, ServerDeps } from './context';
import { accountRoutes } from './features/account/account.routes';
import { accountDeletionRoutes } from './features/privacy/account-deletion.routes';
import { adminRoutes } from './admin.routes';
import { catalogRoutes } from './features/catalog/catalog.routes';
import { cartRoutes } from './features/carts/cart.routes';
import { cartRemindersStopRoutes } from './features/carts/stop-page.routes';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { contentRoutes } from './features/content/content.routes';
import { devMailRoutes } from './dev/mail/dev-mail.routes';
import { devSmsRoutes } from './dev/sms/dev-sms.routes';
import { devClockRoutes, type DevClock } from './dev/clock/dev-clock';
import { smsReportsRoutes } from './features/sms-reports/sms-reports.routes';
import { smsRepliesRoutes } from './features/privacy/sms-replies.routes';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { mediaRoutes } from './features/media/media.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { rescheduleRoutes } from './features/deliveries/reschedule.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { realtimeRoutes } from './features/realtime/realtime.routes';
import { notFound } from './errors';
import { errorBody, handleError } from './infra/http/errors';
import { createIntegrations, createLocalFetch, SIMULATOR_MOUNT } from './wiring/integrations';
import { MPESA_SIMULATOR_MOUNT } from './mpesa-config';
import { simulatorSwitchesRoutes } from './dev/pesapal/pesapal-simulator-switches';
import { etimsSwitchesRoutes } from './dev/etims/etims-simulator-switches';
import { requestLogger } from './infra/logger';
import { appMetrics } from './wiring/app-metrics';
import { devToolsGuard } from './infra/http/dev-tools-guard';
import { securityHeaders } from './infra/http/security-headers';
import { builtInlineScriptHashes } from './infra/http/inline-scripts';
import { compressAnswers } from './infra/http/compression';
import type { FrontLane } from './infra/http/front-lane';
import { servePages } from './infra/http/page-renderer';
import type { ServerRenderModule } from './infra/http/page-render-contract';
import { serveSpa } from './infra/http/static-files';
import { seoRoutes } from './features/seo/seo.routes';
import { resolvePesapalBaseUrl } from './payment-config';
import { ETIMS_SIMULATOR_MOUNT, etimsDevice } from './etims-config';
import { etimsSalesRoutes } from './dev/etims/etims-simulator-sales-view';
import { smsOutboxFromEnv } from './infra/sms/sms-config';
import { closeConnectionsWhileDraining, createReadiness, readinessRoutes } from './infra/http/readiness';
import { trustedProxies } from './infra/http/trusted-proxies';

export interface CreateAppOptions {
  /** Folder of the built web app; omitted in API-only tests. */
  webRoot?: string;
  /** The server-rendering module, instead of the bundle beside webRoot (tests render from the source). */
  renderModule?: ServerRenderModule;
  /** Outside production: the movable clock the shop reads, moved through /dev/clock. */
  devClock?: DevClock;
  /** The listener in front of the app that answers fresh cached public reads (index.ts); counted in the app's metrics. */
  frontLane?: FrontLane;
}

export function createContext(deps: ServerDeps): ServerContext {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const localFetch = createLocalFetch(deps.env.PUBLIC_URL);
  const integrations = { ...createIntegrations(deps.env, deps.logger, localFetch, now), ...deps.integrations };
  return {
    env: deps.env,
    database: deps.database,
    db,
    logger: deps.logger,
    mailer: deps.mailer,
    sms: deps.sms ?? smsOutboxFromEnv(deps.env, db, deps.now),
    auth: createAuth({ db, env: deps.env, mailer: deps.mailer, logger: deps.logger, now }),
    now,
    integrations,
    localFetch,
    readiness: createReadiness(),
  };
}

export function createApp(ctx: ServerContext, opts: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  const metrics = appMetrics(ctx);
  app.use('*', requestLogger(ctx.logger));
  app.use('*', metrics.recordRequests);
  opts.frontLane?.observeWith(metrics.recordRequest);
  app.use('*', closeConnectionsWhileDraining(ctx.readiness));
  // Which proxies' X-Forwarded-For the client's address is read from (client-address.ts).
  const trusted = trustedProxies(ctx.env.TRUSTED_PROXIES);
  app.use('*', (c, next) => {
    c.set('trustedProxies', trusted);
    return next();
  });
  app.use(
    '*',
    securityHeaders({
      pesapalBaseUrl: resolvePesapalBaseUrl(ctx.env),
      publicUrl: ctx.env.PUBLIC_URL,
      isProduction: ctx.env.isProduction,
      framablePrefix: ctx.integrations.pesapalSimulator ? `${SIMULATOR_MOUNT}/` : undefined,
      inlineScriptHashes: builtInlineScriptHashes(opts.webRoot),
    }),
  );
  // Text answers the routes send plain (the API's JSON, the sitemap) go out compressed when accepted.
  app.use('*', compressAnswers());
  app.use('/api/*', apiGuards(sameOriginWrites(ctx.env.PUBLIC_URL)));
  app.onError(handleError);

  const api = new Hono<AppEnv>()
    .get('/health', async (c) => {
      await ctx.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: ctx.database.kind });
    })
    // Readiness, apart from liveness: 503 from SIGTERM on, while the instance drains.
    .route('/ready', readinessRoutes(ctx.readiness))
    .route('/account', accountRoutes(ctx))
    .route('/account', privacyRoutes(ctx))
    .route('/account', accountDeletionRoutes(ctx))
    .route('/catalog', catalogRoutes(ctx))
    .route('/cart', cartRoutes(ctx))
    .route('/content', contentRoutes(ctx))
    .route('/checkout', checkoutRoutes(ctx))
    .route('/payments', paymentsRoutes(ctx))
    .route('/orders', ordersRoutes(ctx))
    .route('/delivery-reschedule', rescheduleRoutes(ctx))
    .route('/realtime', realtimeRoutes(ctx))
    .route('/sms', smsReportsRoutes(ctx))
    .route('/sms/replies', smsRepliesRoutes(ctx))
    .route('/admin', adminRoutes(ctx));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => publicAuthAnswer(await ctx.auth.handler(c.req.raw)));
  const routes = app.route('/api', api).route('/media', mediaRoutes(ctx));
  const devTools = devToolsGuard({ open: ctx.env.DEV_TOOLS_OPEN });
  if (!ctx.env.isProduction) {
    app.use('/dev/*', devTools);
    app.route('/dev/mail', devMailRoutes(ctx));
    app.route('/dev/sms', devSmsRoutes(ctx));
    if (opts.devClock) app.route('/dev/clock', devClockRoutes(ctx, opts.devClock));
  }
  app.all('/api/*', () => {
    throw notFound('No such API endpoint.');
  });
  app.route('/metrics', metrics.routes);
  const simulator = ctx.integrations.pesapalSimulator;
  if (simulator) {
    app.use(`${SIMULATOR_MOUNT}/switches`, devTools);
    app.use(`${SIMULATOR_MOUNT}/switches/*`, devTools);
    app.route(`${SIMULATOR_MOUNT}/switches`, simulatorSwitchesRoutes(simulator, `${SIMULATOR_MOUNT}/switches`));
    app.route(SIMULATOR_MOUNT, simulator.app);
  }
  const etimsSimulator = ctx.integrations.etimsSimulator;
  if (etimsSimulator) {
    app.use(`${ETIMS_SIMULATOR_MOUNT}/switches`, devTools);
    app.route(`${ETIMS_SIMULATOR_MOUNT}/switches`, etimsSwitchesRoutes(etimsSimulator.switches));
    app.use(`${ETIMS_SIMULATOR_MOUNT}/sales`, devTools);
    app.route(`${ETIMS_SIMULATOR_MOUNT}/sales`, etimsSalesRoutes(etimsSimulator, etimsDevice(ctx.env)));
    app.route(ETIMS_SIMULATOR_MOUNT, etimsSimulator.app);
  }
  const mpesaSimulator = ctx.integrations.mpesaSimulator;
  if (mpesaSimulator) {
    // Daraja's endpoints and the 'phone' are open, as Safaricom's are; the switches and the prompts' and reversals' lists are development tools.
    for (const path of ['switches', 'prompts', 'prompts/*', 'reversals']) app.use(`${MPESA_SIMULATOR_MOUNT}/${path}`, devTools);
    app.route(MPESA_SIMULATOR_MOUNT, mpesaSimulator.app);
  }
  app.route('/cart-reminders', cartRemindersStopRoutes(ctx));
  app.route('/', seoRoutes(ctx));
  if (opts.webRoot) {
    app.use('*', serveSpa(opts.webRoot, { SHOP_NAME: ctx.env.SHOP_NAME }, { pages: false }));
    app.use(
      '*',
      servePages({
        webRoot: opts.webRoot,
        shopName: ctx.env.SHOP_NAME,
        publicUrl: ctx.env.PUBLIC_URL,
        isProduction: ctx.env.isProduction,
        apiFetch: (path, init) => ctx.localFetch.fetch(new URL(path, ctx.env.PUBLIC_URL), init),
        logger: ctx.logger,
        now: () => ctx.now().getTime(),
        renderModule: opts.renderModule,
        watchCache: metrics.watchPageCache,
      }),
    );
  }
  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? c.json(errorBody('NOT_FOUND', 'No such API endpoint.'), 404) : c.text('Not found', 404),
  );
  ctx.localFetch.bind((req) => app.fetch(req));
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
