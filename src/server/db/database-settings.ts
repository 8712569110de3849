// The database the settings name, opened alike by the shop and every command: PGlite in DATA_DIR, or
// PostgreSQL at DATABASE_URL with its direct sessions at DATABASE_DIRECT_URL (docs/connection-pooler.md).
import type { Env } from '../env';
import type { DatabaseOptions } from './client';

type DatabaseSettings = Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_DIRECT_URL' | 'DATABASE_POOL_SIZE'>;

/** openDatabase's options from the settings. */
export function databaseOptions(env: DatabaseSettings, more: Pick<DatabaseOptions, 'onConnectionLost'> = {}): DatabaseOptions {
  return {
    databaseUrl: env.DATABASE_URL,
    directUrl: env.DATABASE_DIRECT_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    ...more,
  };
}

/**
 * Where a program that needs a whole session goes (pg_dump, a restore's SQL with its SETs):
 * DATABASE_DIRECT_URL, else DATABASE_URL, which then has no transaction pooler in front of it.
 */
export function directDatabaseUrl(env: Pick<Env, 'DATABASE_URL' | 'DATABASE_DIRECT_URL'>): string | undefined {
  return env.DATABASE_DIRECT_URL ?? env.DATABASE_URL;
}

/** The setting directDatabaseUrl read, for messages. */
export function directDatabaseSetting(env: Pick<Env, 'DATABASE_DIRECT_URL'>): 'DATABASE_DIRECT_URL' | 'DATABASE_URL' {
  return env.DATABASE_DIRECT_URL ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL';
}
