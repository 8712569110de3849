// Builds everything the server needs from configuration; used by index.ts and the test server.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupBeforeMigrating } from './backup/automatic';
import { openDatabase, type Database } from './db/client';
import { databaseOptions } from './db/database-settings';
import { runMigrations } from './db/migrate';
import { seedDemoData } from './seed/seed';
import type { Env } from './env';
import { createLogger, type Logger } from './infra/logger';
import { createMailer } from './infra/mail/mailer';
import type { ServerDeps } from './context';

/** AUTH_SECRET from the environment; outside production a generated one kept in DATA_DIR. */
function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.isProduction) throw new Error('AUTH_SECRET is required in production');
  mkdirSync(env.DATA_DIR, { recursive: true });
  const file = path.join(env.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface BootOptions {
  env: Env;
  logger?: Logger;
  seed?: boolean;
  database?: Database;
}

export async function boot(opts: BootOptions): Promise<ServerDeps> {
  const env: Env = { ...opts.env, AUTH_SECRET: resolveAuthSecret(opts.env) };
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL);
  const database =
    opts.database ?? (await openDatabase(databaseOptions(env, { onConnectionLost: (err, message) => logger.warn({ err }, message) })));
  // A database opened here from DATA_DIR is backed up first when a migration is about to change it.
  await runMigrations(database, opts.database ? {} : { beforeMigrating: () => backupBeforeMigrating(database, env.DATA_DIR, logger) });
  if (opts.seed !== false) await seedDemoData(database.db);
  const mailer = createMailer({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
  });
  return { env, database, logger, mailer };
}
