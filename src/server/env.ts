/* The only reader of process.env: every setting the shop understands, validated once at start. */
import { z } from 'zod';
import { PARTIAL_REFUND_SIGNS, REFUNDS_PER_PAYMENT } from '../domain/pesapal-refunds';
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from './infra/http/trusted-proxies';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const POSTGRES_URL_MESSAGE = 'must be a PostgreSQL URL, e.g. postgres://user:password@db-host:5432/shop';

function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//.test(value) && URL.canParse(value);
}

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optional,
  // The proxies whose X-Forwarded-For is believed (docs/deploy.md): addresses, CIDR blocks, loopback,
  // private or none. The default trusts a proxy on this machine only.
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : DEFAULT_TRUSTED_PROXIES))
    .superRefine((v, ctx) => {
      const parsed = parseTrustedProxies(v);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
    }),
  // Shutdown on SIGTERM (docs/deploy.md): how long the instance keeps serving while /api/ready says
  // 503 (for load balancers that check readiness), and the most the whole drain may take before the
  // process exits anyway (container platforms kill at 30 s).
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(0),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  // The same database reached directly, not through a connection pooler in transaction mode
  // (docs/connection-pooler.md): LISTEN, session advisory locks, migrations and pg_dump use it.
  DATABASE_DIRECT_URL: optional.refine((v) => v === undefined || isPostgresUrl(v), POSTGRES_URL_MESSAGE),
  // Connections of each of an instance's PostgreSQL pools (queries; with DATABASE_DIRECT_URL also its session pool).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  AUTH_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_MAPS_API_KEY: optional,
  // Any Google Maps-compatible web-service API (a test double); default https://maps.googleapis.com/maps/api.
  GOOGLE_MAPS_API_URL: optional,
  PESAPAL_CONSUMER_KEY: optional,
  PESAPAL_CONSUMER_SECRET: optional,
  PESAPAL_BASE_URL: optional,
  PESAPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  // What the shop assumes of Pesapal's refunds (docs/pesapal.md, decision 049): whether it takes one
  // refund per payment or several, and how it shows a partial refund it made (the payment REVERSED,
  // or still COMPLETED with its amount lowered). Neither is documented by Pesapal.
  PESAPAL_REFUNDS_PER_PAYMENT: z.enum(REFUNDS_PER_PAYMENT).default('one'),
  PESAPAL_PARTIAL_REFUND_SIGN: z.enum(PARTIAL_REFUND_SIGNS).default('reversed'),
  // M-Pesa Express (Safaricom Daraja, docs/mpesa.md): off (the default), the built-in simulator, or
  // Safaricom's sandbox or production with the Daraja app's keys and the till's or paybill's settings.
  MPESA_ENV: z.enum(['off', 'simulator', 'sandbox', 'production']).default('off'),
  MPESA_BASE_URL: optional,
  MPESA_CONSUMER_KEY: optional,
  MPESA_CONSUMER_SECRET: optional,
  MPESA_PASSKEY: optional,
  // The go-live shortcode: the paybill, or a till's store (head-office) number; MPESA_PARTY_B is the till number.
  MPESA_SHORTCODE: optional.refine((v) => v === undefined || /^\d{5,7}$/.test(v), 'must be the 5 to 7 digit shortcode'),
  MPESA_SHORTCODE_TYPE: z.enum(['till', 'paybill']).default('till'),
  MPESA_PARTY_B: optional.refine((v) => v === undefined || /^\d{5,8}$/.test(v), 'must be the till or paybill number'),
  // The secret part of the callback's address (Daraja does not sign callbacks); at least 24 characters.
  MPESA_CALLBACK_TOKEN: optional.refine((v) => v === undefined || v.length >= 24, 'must be at least 24 random characters'),
  // Callers allowed to post callbacks (comma-separated IPs; unconfirmed list), and whether others are only logged or refused.
  MPESA_CALLBACK_IPS: optional,
  MPESA_CALLBACK_IP_MODE: z.enum(['off', 'log', 'enforce']).default('log'),
  // How long a prompt waits on the phone before M-Pesa ends it (unconfirmed: about 60 s to 3 minutes).
  MPESA_PROMPT_SECONDS: z.coerce.number().int().min(20).max(600).default(60),
  // Refunds by Daraja's Reversal API (docs/decisions/067): the API operator ('initiator') of the
  // M-PESA org portal with the 'Org Reversals Initiator' role, and its password as Safaricom's
  // certificate encrypts it (given already encrypted, kept as it is). Both or neither; without them
  // an M-Pesa Express payment is refunded by hand.
  MPESA_INITIATOR_NAME: optional,
  MPESA_SECURITY_CREDENTIAL: optional,
  // The reversal's RecieverIdentifierType: '11' on the portal, '4' in older documents (unconfirmed).
  MPESA_REVERSAL_IDENTIFIER_TYPE: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'must be the identifier type Daraja names, e.g. 11 or 4')
    .default('11'),
  // The reversal's ReceiverParty: MPESA_SHORTCODE unless set (for a till, the store or the till number is unconfirmed).
  MPESA_REVERSAL_RECEIVER_PARTY: optional.refine((v) => v === undefined || /^\d{5,8}$/.test(v), 'must be the shortcode or till number'),
  // KRA eTIMS (OSCU): the taxpayer PIN, branch and the device serial KRA issued; unset: the built-in simulator.
  ETIMS_PIN: optional,
  ETIMS_BRANCH_ID: z
    .string()
    .trim()
    .regex(/^\d{2}$/, 'must be two digits, e.g. 00 for the head office')
    .default('00'),
  ETIMS_DEVICE_SERIAL: optional,
  ETIMS_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  // 'legacy': KRA's direct OSCU host (flat paths); 'integrator': the GavaConnect/Apigee gateway with OAuth.
  ETIMS_GATEWAY: z.enum(['legacy', 'integrator']).default('legacy'),
  // Any OSCU-compatible API (a test double, or a host KRA names); default by ETIMS_ENV and ETIMS_GATEWAY.
  ETIMS_BASE_URL: optional,
  // OAuth client credentials for the integrator gateway (optional on the legacy host).
  ETIMS_CONSUMER_KEY: optional,
  ETIMS_CONSUMER_SECRET: optional,
  ETIMS_TOKEN_URL: optional,
  ETIMS_APIGEE_APP_ID: optional,
  // 1: the OAuth Bearer token goes with every call, to KRA's legacy direct host too (whether it needs
  // one is unconfirmed); needs ETIMS_CONSUMER_KEY and ETIMS_CONSUMER_SECRET (the simulator issues its own).
  ETIMS_SEND_TOKEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() === '1' || v?.trim().toLowerCase() === 'true'),
  // The oldest lastReqDt KRA takes, in days (reported 7, unconfirmed): when KRA refuses an older one
  // (the first pull asks from 2018), the shop asks again from this many days ago.
  ETIMS_LAST_REQ_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  // How long one call to KRA may take before it counts as a timeout (KRA is often congested).
  ETIMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // The back office warns when the oldest invoice still waiting for KRA is older than this many minutes.
  ETIMS_LATE_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // KRA item classes by product category ('fish=50121500,chicken=50112000,delivery=78102200,default=50000000'):
  // KRA's own codes for fresh fish and chicken are to be read from its list; these defaults are the simulator's.
  ETIMS_ITEM_CLASSES: optional,
  // The band of the delivery fee line (A exempt, B 16 %, C zero-rated, D non-VAT, E 8 %); the fee carries no VAT today.
  // 1: no tax invoices at all (production without eTIMS, chosen deliberately).
  ETIMS_DISABLED: z
    .string()
    .optional()
    .transform((v) => v?.trim() === '1' || v?.trim().toLowerCase() === 'true'),
  SHOP_NAME: z.string().default('Lake Victoria Aquaculture'),
  ADMIN_EMAILS: optional,
  // Africa's Talking SMS: the account's username ('sandbox' for its sandbox) and API key.
  AT_USERNAME: optional,
  AT_API_KEY: optional,
  AT_SENDER_ID: optional,
  // Any Africa's Talking-compatible API (a test double); default by AT_USERNAME.
  AT_API_URL: optional,
  // The secret last part of the incoming-messages callback's address (SMS replies such as STOP); at least 24 characters.
  AT_CALLBACK_TOKEN: optional.refine((v) => v === undefined || v.length >= 24, 'must be at least 24 random characters'),
  // Ceilings on SMS sign-in codes (each one is billed to the merchant): shop-wide, per client network
  // (an IPv6 /48, an IPv4 address) and per number, per hour and per day (windows of 60 minutes and 24 hours).
  SMS_CODES_PER_HOUR: z.coerce.number().int().min(1).default(200),
  SMS_CODES_PER_DAY: z.coerce.number().int().min(1).default(1000),
  SMS_CODES_PER_NETWORK_HOUR: z.coerce.number().int().min(1).default(30),
  SMS_CODES_PER_NETWORK_DAY: z.coerce.number().int().min(1).default(100),
  SMS_CODES_PER_NUMBER_DAY: z.coerce.number().int().min(1).default(10),
  SMS_WRONG_CODES_PER_NUMBER_DAY: z.coerce.number().int().min(1).default(15),
  // 1: no SMS at all (production without an SMS account, chosen deliberately).
  SMS_DISABLED: z
    .string()
    .optional()
    .transform((v) => v?.trim() === '1' || v?.trim().toLowerCase() === 'true'),
  // 1: the development tools (/dev/mail, the simulator's switches) answer any address, not only loopback.
  DEV_TOOLS_OPEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() === '1' || v?.trim().toLowerCase() === 'true'),
  // Nightly backups of the embedded database: the hour (0-23, Nairobi time) and how many to keep (0: none).
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  BACKUP_KEEP: z.coerce.number().int().min(0).default(14),
  // The share of each delivery window's places (percent) unpaid orders may hold; the rest go to whoever pays first.
  UNPAID_WINDOW_SHARE: z.coerce.number().int().min(0).max(100).default(50),
  // The share of each variant's units left to sell (percent) unpaid orders may hold; the rest go to whoever pays first.
  UNPAID_STOCK_SHARE: z.coerce.number().int().min(0).max(100).default(50),
  // The most a backup archive may unpack to when restored (all its files together), in MB.
  RESTORE_MAX_MB: z.coerce.number().int().min(1).default(1024),
  // How often each open back-office live stream's session and role are checked again (ended if gone).
  ADMIN_LIVE_RECHECK_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  // Data protection (docs/privacy.md): how long a deleted customer's orders and tax invoices keep
  // her business PIN and name (years; Kenya's Tax Procedures Act keeps records 5 years), and whether
  // those orders keep the delivery address ('1') or lose it with the rest of her details (the default).
  PRIVACY_TAX_RECORDS_YEARS: z.coerce.number().int().min(1).max(30).default(5),
  PRIVACY_KEEP_DELIVERY_ADDRESS: z
    .string()
    .optional()
    .transform((v) => v?.trim() === '1' || v?.trim().toLowerCase() === 'true'),
  // The retention job (docs/privacy.md): days after which it deletes used-up sign-in codes (after
  // their expiry), ended sessions (after their expiry), sent SMS and mail, carts left untouched, and
  // blanks the personal details of back-office log entries.
  RETENTION_VERIFICATION_DAYS: z.coerce.number().int().min(0).max(3650).default(1),
  RETENTION_SESSION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  RETENTION_MESSAGE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  RETENTION_SAVED_CART_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  RETENTION_AUDIT_DETAIL_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  // The bearer token GET /metrics asks for; unset, the metrics answer only this machine (a loopback
  // socket with no proxy's forwarding header). At least 24 characters.
  METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 24, 'must be at least 24 random characters'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // For tests only: lets the Google sign-in flow run against a local OpenID Connect server.
  GOOGLE_OIDC_ISSUER: optional,
  // Outside production only: the shop's clock starts at this ISO time (browser journeys) and moves by /dev/clock.
  SHOP_TEST_CLOCK: optional,
});

export type Env = Omit<z.infer<typeof schema>, 'PUBLIC_URL' | 'MAIL_FROM'> & {
  PUBLIC_URL: string;
  /** MAIL_FROM, or '<shop name> <no-reply@<PUBLIC_URL host>>' outside production. */
  MAIL_FROM: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** The placeholder shown in .env.example and the README: public, so never a real secret. */
export const EXAMPLE_AUTH_SECRET = 'replace-with-the-output-of-openssl-rand-base64-32';
const MIN_AUTH_SECRET_BYTES = 32;
const MAKE_SECRET = 'make one with: openssl rand -base64 32';
const MIN_AUTH_SECRET_DISTINCT = 10;
const MIN_AUTH_SECRET_BITS = 128;
const MAKE_RANDOM_SECRET =
  "make a random one with: openssl rand -base64 48, or node -e \"console.log(require('crypto').randomBytes(48).toString('base64'))\"";

/** The length of the shortest unit the secret repeats ('abcabcab' → 3), else its whole length. */
function repeatingUnit(secret: string): number {
  for (let unit = 1; unit <= secret.length / 2; unit++) {
    let repeats = true;
    for (let i = unit; i < secret.length && repeats; i++) repeats = secret[i] === secret[i - unit];
    if (repeats) return unit;
  }
  return secret.length;
}

/**
 * Length alone lets 'aaaa…' or 'abcabc…' through; a rough entropy estimate (the non-repeating
 * part's length × log2 of its distinct characters) refuses what a person typed rather than a generator made.
 */
function predictableAuthSecret(secret: string): string | null {
  const chars = [...secret];
  const distinct = new Set(chars).size;
  const bits = Math.floor(repeatingUnit(secret) * Math.log2(distinct));
  if (distinct < MIN_AUTH_SECRET_DISTINCT || bits < MIN_AUTH_SECRET_BITS) {
    return (
      `AUTH_SECRET is too predictable (${distinct} distinct characters, about ${bits} bits; ` +
      `it needs at least ${MIN_AUTH_SECRET_DISTINCT} distinct characters and ${MIN_AUTH_SECRET_BITS} bits, no repeated pattern); ` +
      MAKE_RANDOM_SECRET
    );
  }
  return null;
}

/** Why a production AUTH_SECRET is unusable, or null when it is strong enough. */
export function weakAuthSecret(secret: string | undefined): string | null {
  if (!secret) return `AUTH_SECRET (session signing; ${MAKE_SECRET})`;
  if (secret === EXAMPLE_AUTH_SECRET) return `AUTH_SECRET is the documented example value, which everyone knows; ${MAKE_SECRET}`;
  if (Buffer.byteLength(secret, 'utf8') < MIN_AUTH_SECRET_BYTES)
    return `AUTH_SECRET must be at least ${MIN_AUTH_SECRET_BYTES} bytes long; ${MAKE_SECRET}`;
  return predictableAuthSecret(secret);
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  if (isProduction) {
    const missing: string[] = [];
    const secretProblem = weakAuthSecret(env.AUTH_SECRET);
    if (secretProblem) missing.push(secretProblem);
    if (!env.SMTP_URL) missing.push('SMTP_URL (the development mailbox is refused in production)');
    if (!env.MAIL_FROM) missing.push('MAIL_FROM (the sender customers see and reply to)');
    if (!env.PESAPAL_CONSUMER_KEY || !env.PESAPAL_CONSUMER_SECRET)
      missing.push('PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET (the simulator is refused in production)');
    if (!env.GOOGLE_MAPS_API_KEY) missing.push('GOOGLE_MAPS_API_KEY (the offline gazetteer is refused in production)');
    if ((!env.AT_USERNAME || !env.AT_API_KEY) && !env.SMS_DISABLED)
      missing.push(
        "AT_USERNAME and AT_API_KEY (Africa's Talking SMS; the development SMS box is refused in production), or SMS_DISABLED=1",
      );
    if ((!env.ETIMS_PIN || !env.ETIMS_DEVICE_SERIAL) && !env.ETIMS_DISABLED)
      missing.push(
        'ETIMS_PIN and ETIMS_DEVICE_SERIAL (KRA eTIMS tax invoices; the eTIMS simulator is refused in production), or ETIMS_DISABLED=1',
      );
    if (env.MPESA_ENV === 'simulator') missing.push('MPESA_ENV other than simulator (the M-Pesa simulator is refused in production)');
    if (env.GOOGLE_OIDC_ISSUER) missing.push('GOOGLE_OIDC_ISSUER must not be set in production');
    if (env.SHOP_TEST_CLOCK) missing.push('SHOP_TEST_CLOCK must not be set in production');
    if (missing.length > 0) {
      throw new ConfigError(`NODE_ENV=production needs:\n  ${missing.join('\n  ')}`);
    }
  }
  if (env.ETIMS_SEND_TOKEN && env.ETIMS_PIN && env.ETIMS_DEVICE_SERIAL && (!env.ETIMS_CONSUMER_KEY || !env.ETIMS_CONSUMER_SECRET))
    throw new ConfigError(
      'ETIMS_SEND_TOKEN=1 sends an OAuth token on every call to KRA: set ETIMS_CONSUMER_KEY and ETIMS_CONSUMER_SECRET (the client credentials KRA issued), or unset ETIMS_SEND_TOKEN',
    );
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL)
    throw new ConfigError(
      'DATABASE_DIRECT_URL is the direct address of the PostgreSQL server the shop reaches through a pooler at DATABASE_URL: set DATABASE_URL too, or unset DATABASE_DIRECT_URL',
    );
  if (env.SHUTDOWN_DELAY_SECONDS >= env.SHUTDOWN_GRACE_SECONDS)
    throw new ConfigError(
      `SHUTDOWN_DELAY_SECONDS (${env.SHUTDOWN_DELAY_SECONDS}) must be shorter than SHUTDOWN_GRACE_SECONDS (${env.SHUTDOWN_GRACE_SECONDS}): the delay is part of the drain the grace period bounds`,
    );
  const mpesaMissing = missingMpesaSettings(env);
  if (mpesaMissing) throw new ConfigError(mpesaMissing);
  const mailFrom = env.MAIL_FROM ?? `${env.SHOP_NAME} <no-reply@${new URL(publicUrl).hostname}>`;
  return { ...env, PUBLIC_URL: publicUrl, MAIL_FROM: mailFrom, isProduction };
}

/** What the M-Pesa settings lack (sandbox and production need the app's), as one message; null when nothing. */
function missingMpesaSettings(env: z.infer<typeof schema>): string | null {
  // Half an API operator would silently leave every refund to be made by hand.
  if (env.MPESA_ENV !== 'off' && Boolean(env.MPESA_INITIATOR_NAME) !== Boolean(env.MPESA_SECURITY_CREDENTIAL))
    return 'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL go together: set both for refunds by M-Pesa reversal, or neither';
  if (env.MPESA_ENV !== 'sandbox' && env.MPESA_ENV !== 'production') return null;
  const needed = {
    MPESA_CONSUMER_KEY: env.MPESA_CONSUMER_KEY,
    MPESA_CONSUMER_SECRET: env.MPESA_CONSUMER_SECRET,
    MPESA_PASSKEY: env.MPESA_PASSKEY,
    MPESA_SHORTCODE: env.MPESA_SHORTCODE,
    MPESA_CALLBACK_TOKEN: env.MPESA_CALLBACK_TOKEN,
    ...(env.MPESA_SHORTCODE_TYPE === 'till' && { MPESA_PARTY_B: env.MPESA_PARTY_B }),
  };
  const missing = Object.entries(needed)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  return missing.length ? `MPESA_ENV=${env.MPESA_ENV} needs ${missing.join(', ')} (docs/mpesa.md)` : null;
}

/**
 * The settings for the go-live check: as loadEnv reads them, except that a production setting that
 * is missing or weak is left for the check to report on its own line instead of refused here.
 */
export function loadEnvToCheck(source: Record<string, string | undefined> = process.env): Env {
  try {
    return loadEnv(source);
  } catch (err) {
    if (!(err instanceof ConfigError) || source.NODE_ENV !== 'production') throw err;
    return loadEnv({ ...source, NODE_ENV: 'go-live-check' });
  }
}

/** This process's environment plus `extra`, for a child process (pg_dump gets its password so). */
export function childProcessEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}
