// A real shop process (src/server/index.ts, bundled as `npm run build` bundles it: built-server.ts) on its own throwaway
// PostgreSQL database, and a signed-in customer placing orders through its API: what the tests of
// database faults run against.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../e2e/support/shop-server';
import { shopArgs } from './built-server';
import { waitFor } from './wait-for';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  exits: (number | string | null)[];
  stop(): Promise<void>;
}

/** The shop from source on `databaseUrl` (and `env`'s settings); resolves once its health check answers. */
export async function startShopProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ShopProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-db-faults-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const exits: (number | string | null)[] = [];
  const child = spawn(process.execPath, await shopArgs(), {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  child.on('exit', (code, signal) => exits.push(code ?? signal));
  // Started when its health check answers; an exit during start fails at once with what it logged.
  await waitFor(
    'the shop to answer its health check',
    async () => {
      if (exits.length) throw new Error('The shop exited during start');
      return (await fetch(`${url}/api/health`).catch(() => null))?.ok === true;
    },
    60_000,
  ).catch((err: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${err.message}:\n${log}`);
  });
  return {
    url,
    child,
    output: () => log,
    exits,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(8000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the server at adminUrl (the shop migrates and seeds it when it starts). */
export async function throwawayDatabase(admin: pg.Client, adminUrl: string, prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export interface Customer {
  email: string;
  cookie: string;
}

const PHONE = '+254 712 345 678';
const ADDRESS = 'Westlands, Nairobi';

/** A customer signed up through the API, verified directly in the database (no mail round trip), and signed in. */
export async function signedInCustomer(url: string, databaseUrl: string, name: string): Promise<Customer> {
  const json = { 'Content-Type': 'application/json', Origin: url };
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'omena-and-sukuma-1';
  const signUp = await fetch(`${url}/api/account/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ fullName: name, email, phone: PHONE, address: ADDRESS, password }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const verify = new pg.Client({ connectionString: databaseUrl });
  await verify.connect();
  await verify.query('update "user" set email_verified = true where email = $1', [email]);
  await verify.end();
  const signIn = await fetch(`${url}/api/account/sign-in`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie };
}

/** The checkout request of one unit of a product: its answer as the shop sent it. */
export function postOrder(url: string, customer: Customer, productId: string): Promise<Response> {
  return fetch(`${url}/api/checkout/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url, Cookie: customer.cookie },
    body: JSON.stringify({
      items: [{ productId, quantity: 1 }],
      customerInfo: { fullName: 'Wanjiru Kamau', email: customer.email, phone: PHONE, address: ADDRESS },
      deliveryInfo: { address: ADDRESS },
    }),
  });
}

export interface PlacedOrder {
  orderId: string;
  iframeUrl: string;
  trackingId: string;
}

/** A pending order with its payment page open at the shop's Pesapal simulator. */
export async function placeOrder(url: string, customer: Customer, productId: string): Promise<PlacedOrder> {
  const res = await postOrder(url, customer, productId);
  const body = (await res.json()) as { orderId: string; iframeUrl: string };
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(body)}`);
  return { ...body, trackingId: new URL(body.iframeUrl).searchParams.get('OrderTrackingId')! };
}

/** The customer pays by card on the simulator's page, which then notifies the shop (IPN) at once. */
export async function payAtSimulator(order: PlacedOrder): Promise<void> {
  const chose = await fetch(order.iframeUrl.replace(/\/Index\/?\?/, '/Choose?'), {
    method: 'POST',
    body: new URLSearchParams({ choice: 'card' }),
  });
  if (!chose.ok) throw new Error(`the simulator's page answered ${chose.status}`);
}

/** A product in stock, from the public catalogue. */
export async function productInStock(url: string, atLeast: number): Promise<string> {
  const { products } = (await (await fetch(`${url}/api/catalog/products`)).json()) as { products: { id: string; stock: number }[] };
  const product = products.find((p) => p.stock >= atLeast);
  if (!product) throw new Error(`no product with ${atLeast} in stock`);
  return product.id;
}
