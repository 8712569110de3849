// The real app on a fresh database, called without a port (app.request), plus sign-in helpers.
import type { Role } from '../../src/domain/staff-roles';
import { makeSignature } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { createApp, createContext, type CreateAppOptions } from '../../src/server/app';
import type { ServerContext, ServerDeps } from '../../src/server/context';
import { profiles } from '../../src/server/db/schema';
import { loadEnv, type Env } from '../../src/server/env';
import { createLogger } from '../../src/server/infra/logger';
import { createMailer } from '../../src/server/infra/mail/mailer';
import { createTestDatabase, type DbKind, type TestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

/** Bindings for app.request as if the request came over a socket from this machine (the dev tools' guard). */
export const LOOPBACK_BINDINGS = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

export interface TestApp {
  kind: DbKind;
  ctx: ServerContext;
  app: ReturnType<typeof createApp>;
  testDb: TestDatabase;
  /** app.request with our Origin header, so cookie-authenticated writes pass the same-origin check. */
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  dispose(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  deps?: Partial<ServerDeps>;
  /** PostgreSQL pool size (concurrency tests need more than the default 10). */
  poolSize?: number;
  /** What createApp is given (a web root and a server-rendering module, for pages as HTML). */
  app?: CreateAppOptions;
}

export function testEnv(extra: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    DATA_DIR: './data-test',
    ...extra,
  });
}

export async function createTestApp(kind: DbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(kind, { poolSize: opts.poolSize, seeded: opts.seed });
  const env = testEnv(opts.env);
  const db = testDb.database.db;
  const deps: ServerDeps = {
    env,
    database: testDb.database,
    logger: createLogger('silent'),
    mailer: createMailer({ db, from: 'Shop <shop@example.test>' }),
    ...opts.deps,
  };
  const ctx = createContext(deps);
  const app = createApp(ctx, opts.app);
  return {
    kind,
    ctx,
    app,
    testDb,
    async request(path, init = {}) {
      const { json, cookie, headers, ...rest } = init;
      const h = new Headers(headers);
      h.set('Origin', TEST_ORIGIN);
      if (cookie) h.set('Cookie', cookie);
      if (json !== undefined) h.set('Content-Type', 'application/json');
      return app.request(`${TEST_ORIGIN}${path}`, {
        ...rest,
        headers: h,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    dispose: () => testDb.dispose(),
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

let counter = 0;

/**
 * Creates a verified customer (or owner, staff, rider) and signs in; returns the session cookie.
 * 'admin' is the owner's earlier name and still makes an owner. The account is written directly,
 * with a password hash made once per password and process, and its session is made the way a
 * sign-in makes one (a signed cookie): no password is hashed or checked per test. Tests of signing
 * in itself pass signIn: 'password', which goes through /api/account/sign-in.
 */
export async function createUser(
  t: TestApp,
  opts: {
    email?: string;
    password?: string;
    name?: string;
    phone?: string;
    address?: string;
    role?: Role | 'admin';
    signIn?: 'password' | 'session';
  } = {},
): Promise<TestUser> {
  counter += 1;
  const email = opts.email ?? `customer${counter}-${Date.now()}@example.test`;
  const password = opts.password ?? 'correct-horse-1';
  const name = opts.name ?? `Test Customer ${counter}`;
  const auth = await t.ctx.auth.$context;
  const created = await auth.internalAdapter.createUser({ email: email.toLowerCase(), name, emailVerified: true }, { method: 'email' });
  const id = created.id;
  await auth.internalAdapter.linkAccount({
    userId: id,
    providerId: 'credential',
    accountId: id,
    password: await passwordHash(auth, password),
  });
  await t.ctx.db
    .update(profiles)
    .set({
      phone: opts.phone ?? '+254712345678',
      address: opts.address ?? 'Westlands, Nairobi',
      role: opts.role === 'admin' ? 'owner' : (opts.role ?? 'customer'),
    })
    .where(eq(profiles.id, id));
  const cookie = opts.signIn === 'password' ? await signIn(t, email, password) : await sessionCookie(auth, id);
  return { id, email, password, cookie };
}

type AuthContext = Awaited<TestApp['ctx']['auth']['$context']>;

/** scrypt is slow on purpose: one hash per password for the whole run. */
const hashes = new Map<string, Promise<string>>();
function passwordHash(auth: AuthContext, password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = auth.password.hash(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A new session of the account, as the cookie a sign-in sets (the token signed with the secret). */
async function sessionCookie(auth: AuthContext, userId: string): Promise<string> {
  const session = await auth.internalAdapter.createSession(userId, false);
  return `${auth.authCookies.sessionToken.name}=${session.token}.${await makeSignature(session.token, auth.secret)}`;
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.request('/api/account/sign-in', { method: 'POST', json: { email, password } });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookieFrom(res);
}

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
