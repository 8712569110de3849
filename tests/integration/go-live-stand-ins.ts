// Local stand-ins for every service the go-live check reaches, each a real server on 127.0.0.1:
// the shop's own Pesapal and eTIMS simulators served over HTTP by a development shop (on an embedded
// database in a folder, so the check can also run as a child process on it), Africa's Talking's
// double, an SMTP server that wants a login, and a Google Maps double. The development shop first
// lives a little: one paid order (its tax invoice declared), every product registered at "KRA", the
// shop's https IPN address registered at "Pesapal", and a nightly backup.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { and, eq, isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { writeBackup } from '../../src/server/backup/archive';
import { openDatabase, type Database } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { products } from '../../src/server/db/schema';
import { SIMULATOR_ETIMS_CREDENTIALS } from '../../src/server/dev/etims/etims-simulator-token';
import { SIMULATOR_DEVICE } from '../../src/server/etims-config';
import { readyDevice, registerItems } from '../../src/server/features/tax-invoices/etims-device.service';
import { productItemKey } from '../../src/server/features/tax-invoices/order-invoice-lines';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createPesapalClient } from '../../src/server/integrations/pesapal/pesapal-client';
import { seedDemoData } from '../../src/server/seed/seed';
import { freePort } from '../e2e/support/shop-server';
import { startAfricasTalkingDouble, type AtDouble } from '../support/africas-talking-double';
import { createUser } from '../support/test-app';
import { createShop, customer } from './checkout-support';
import { payOrder, type TaxShop } from './etims-support';

const SHOP_URL = 'https://shop.example';
const STRONG_SECRET = 'Zk3mQ9x_T2vB8nL-4rW7yH1sJ6dF0gK5pC2aE9uN3oI8bV1t';
const MAPS_KEY = 'maps-server-key';
const SMTP_LOGIN = { user: 'orders@shop.example', pass: 'mail-pass' };

export interface StandIns {
  dataDir: string;
  database: Database;
  shop: TaxShop;
  at: AtDouble;
  /** The Google double hangs (never answers) while this is true. */
  maps: { hang: boolean };
  /** Settings under which every check passes. */
  working: Record<string, string>;
  /** Closes the development shop's database (before a child process opens the folder). */
  closeDatabase(): Promise<void>;
  stop(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Places Autocomplete for the one key it knows; REQUEST_DENIED for any other. */
function mapsDouble(state: { hang: boolean }): Server {
  return createServer((req, res) => {
    if (state.hang) return; // never answers
    const url = new URL(req.url ?? '/', 'http://maps.test');
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/place/autocomplete/json') return res.writeHead(404).end();
    if (url.searchParams.get('key') !== MAPS_KEY)
      return json({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', predictions: [] });
    json({
      status: 'OK',
      predictions: [
        {
          place_id: 'westlands',
          description: 'Westlands, Nairobi, Kenya',
          structured_formatting: { main_text: 'Westlands', secondary_text: 'Nairobi, Kenya' },
          types: ['sublocality'],
        },
      ],
    });
  });
}

export async function startStandIns(): Promise<StandIns> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'go-live-'));
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  await seedDemoData(database.db);
  const created = await createShop('pglite', { env: { ETIMS_TIMEOUT_MS: '2000', DATA_DIR: dataDir }, deps: { database } });
  const etimsSim = created.ctx.integrations.etimsSimulator;
  if (!etimsSim) throw new Error('the development shop has the eTIMS simulator');
  const shop: TaxShop = Object.assign(created, {
    etimsSim,
    buyer: await customer(created),
    admin: await createUser(created, { role: 'owner' }),
  });

  // The shop's own simulators, over HTTP, as "Pesapal" and "KRA".
  const httpShop = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => httpShop.once('listening', () => resolve()));
  const standIn = `http://127.0.0.1:${(httpShop.address() as AddressInfo).port}`;

  // A little history: a card payment, its tax invoice, every product registered, the https IPN address.
  await payOrder(shop);
  await taxInvoicesIdle(shop.ctx);
  const etims = shop.ctx.integrations.etims;
  if (!etims) throw new Error('the development shop declares tax invoices');
  const device = await readyDevice(shop.ctx, etims);
  const onSale = await shop.ctx.db
    .select()
    .from(products)
    .where(and(eq(products.published, true), isNull(products.archivedAt)));
  await registerItems(
    shop.ctx,
    etims,
    device,
    onSale.map((p) => ({
      itemKey: productItemKey(p.id),
      productId: p.id,
      name: p.name,
      category: p.category,
      itemClass: p.etimsItemClass,
      service: false,
      band: p.taxBand,
      priceCents: p.price,
    })),
  );
  const pesapalBase = `${standIn}/pesapal-sim/pesapalv3`;
  const pesapal = createPesapalClient({
    baseUrl: pesapalBase,
    consumerKey: 'simulator-key',
    consumerSecret: 'simulator-secret',
    retries: 0,
  });
  await pesapal.registerIpn(`${SHOP_URL}/api/payments/ipn`, 'GET');
  await shop.sim.idle();
  await writeBackup({ database, dataDir }, path.join(dataDir, 'backups'), 'nightly');

  const at = await startAfricasTalkingDouble();
  const maps = { hang: false };
  const mapsServer = mapsDouble(maps);
  const mapsUrl = await listen(mapsServer);
  const smtp = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_LOGIN.user && auth.password === SMTP_LOGIN.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  let open = true;
  const closeDatabase = async () => {
    if (!open) return;
    open = false;
    await database.close();
  };
  return {
    dataDir,
    database,
    shop,
    at,
    maps,
    working: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: SHOP_URL,
      AUTH_SECRET: STRONG_SECRET,
      DATA_DIR: dataDir,
      PESAPAL_ENV: 'live',
      PESAPAL_BASE_URL: pesapalBase,
      PESAPAL_CONSUMER_KEY: 'simulator-key',
      PESAPAL_CONSUMER_SECRET: 'simulator-secret',
      ETIMS_PIN: SIMULATOR_DEVICE.tin,
      ETIMS_DEVICE_SERIAL: SIMULATOR_DEVICE.dvcSrlNo,
      ETIMS_ENV: 'production',
      ETIMS_BASE_URL: `${standIn}/etims-sim/etims-api`,
      ETIMS_TOKEN_URL: `${standIn}/etims-sim/v1/token/generate`,
      ETIMS_CONSUMER_KEY: SIMULATOR_ETIMS_CREDENTIALS.consumerKey,
      ETIMS_CONSUMER_SECRET: SIMULATOR_ETIMS_CREDENTIALS.consumerSecret,
      ETIMS_SEND_TOKEN: '1',
      AT_USERNAME: at.username,
      AT_API_KEY: at.apiKey,
      AT_API_URL: at.url,
      AT_SENDER_ID: 'FreshCatch',
      SMTP_URL: `smtp://${encodeURIComponent(SMTP_LOGIN.user)}:${SMTP_LOGIN.pass}@127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Lake Victoria Aquaculture <orders@shop.example>',
      GOOGLE_MAPS_API_KEY: MAPS_KEY,
      GOOGLE_MAPS_API_URL: mapsUrl,
    },
    closeDatabase,
    async stop() {
      maps.hang = false;
      shop.etimsSim.reset();
      await closeDatabase();
      await shop.dispose();
      await Promise.all([
        at.close(),
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
        new Promise((resolve) => {
          mapsServer.closeAllConnections();
          mapsServer.close(resolve);
        }),
        new Promise((resolve) => httpShop.close(resolve)),
      ]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
