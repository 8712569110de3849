// What every feature receives: configuration, the database and the outside services.
import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './infra/logger';
import type { Mailer } from './infra/mail/mailer';
import type { SmsOutbox } from './infra/sms/sms-outbox';
import type { Auth, SessionUser } from './auth/auth';
import type { Readiness } from './infra/http/readiness';
import type { TrustedProxies } from './infra/http/trusted-proxies';

export interface ServerDeps {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  /** The SMS outbox; built from the AT_* settings when absent. */
  sms?: SmsOutbox;
  /** Injectable clock so tests can move time (reservation expiry, peak hours). */
  now?: () => Date;
  /** Optional integrations; features fall back to their defaults when absent. */
  integrations?: Partial<Integrations>;
}

import type { Integrations, LocalFetch } from './wiring/integrations';

export interface ServerContext {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  sms: SmsOutbox;
  auth: Auth;
  now: () => Date;
  integrations: Integrations;
  /** fetch that reaches this very app in-process for PUBLIC_URL addresses (simulator IPNs). */
  localFetch: LocalFetch;
  /** Serving, or stopping after SIGTERM (GET /api/ready; src/server/shutdown.ts). */
  readiness: Readiness;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    user: SessionUser | null;
    /** TRUSTED_PROXIES, for the client's address (infra/http/client-address.ts). */
    trustedProxies: TrustedProxies;
  };
};
