// Builds the Pesapal simulator (see pesapal-simulator.ts for what it stands in for and its types).
import { Hono } from 'hono';
import type { PesapalSimulator, PesapalSimulatorOptions } from './pesapal-simulator';
import { addApiRoutes, sendJson } from './pesapal-simulator-api';
import { createSimulatorCore } from './pesapal-simulator-core';
import { addHostedPageRoutes } from './pesapal-simulator-page';

export function createPesapalSimulator(opts: PesapalSimulatorOptions): PesapalSimulator {
  const core = createSimulatorCore(opts);
  const { basePath, state, now } = core;
  const app = new Hono();

  app.use(`${basePath}/*`, async (c, next) => {
    const segments = c.req.path.split('/').filter(Boolean);
    state.requestLog.push({ method: c.req.method, path: c.req.path, op: segments[segments.length - 1] ?? '', at: now() });
    // A refund due on the simulator's clock is approved before Pesapal answers anything else.
    core.refunds.approveDue();
    await next();
  });

  app.onError((err, c) => {
    return sendJson(c, { error: { error_type: 'api_error', code: 'internal_server_error', message: err.message }, status: '500' }, 500);
  });

  addApiRoutes(app, core);
  addHostedPageRoutes(app, core);
  return {
    app,
    state,
    switches: core.switches,
    complete: core.complete,
    decideRefund: core.refunds.decide,
    approveDueRefunds: core.refunds.approveDue,
    waitingRefunds: core.refunds.waitingRefunds,
    idle: core.idle,
    reset: core.reset,
  };
}
