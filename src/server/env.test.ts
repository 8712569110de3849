import { describe, expect, it } from 'vitest';
import { ConfigError, EXAMPLE_AUTH_SECRET, loadEnv, loadEnvToCheck } from './env';

// A secret as openssl rand -base64 48 makes it: production accepts it.
const STRONG_SECRET = 'Vb6m3k8yYt4m7S0o2m0VQp4r8h6y2T9aEq1Xv0mZ0c3Ln5Wj7Hd2Gs9Fk4Ru1Pe8Ix6Bz3Na';

describe('loadEnv', () => {
  it('has the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.PESAPAL_ENV).toBe('sandbox');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.isProduction).toBe(false);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'https://shop.example/' }).PUBLIC_URL).toBe('https://shop.example');
  });

  it("reads the M-Pesa reversal's operator as a pair, and its identifier type (default 11)", () => {
    expect(loadEnv({ MPESA_ENV: 'simulator' }).MPESA_REVERSAL_IDENTIFIER_TYPE).toBe('11');
    const both = loadEnv({
      MPESA_ENV: 'simulator',
      MPESA_INITIATOR_NAME: 'shopapi',
      MPESA_SECURITY_CREDENTIAL: 'b64==',
      MPESA_REVERSAL_IDENTIFIER_TYPE: '4',
    });
    expect(both).toMatchObject({
      MPESA_INITIATOR_NAME: 'shopapi',
      MPESA_SECURITY_CREDENTIAL: 'b64==',
      MPESA_REVERSAL_IDENTIFIER_TYPE: '4',
    });
    expect(() => loadEnv({ MPESA_ENV: 'simulator', MPESA_INITIATOR_NAME: 'shopapi' })).toThrow(
      'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL go together',
    );
    expect(() => loadEnv({ MPESA_REVERSAL_IDENTIFIER_TYPE: 'eleven' })).toThrow(/MPESA_REVERSAL_IDENTIFIER_TYPE/);
    expect(() => loadEnv({ MPESA_REVERSAL_RECEIVER_PARTY: 'till' })).toThrow(/MPESA_REVERSAL_RECEIVER_PARTY/);
    // Ignored while M-Pesa Express is off.
    expect(() => loadEnv({ MPESA_SECURITY_CREDENTIAL: 'b64==' })).not.toThrow();
  });

  it('reads a direct URL beside a pooled DATABASE_URL, and the pool size (default 10)', () => {
    const pooled = 'postgres://shop@pooler:6432/shop';
    const direct = 'postgresql://shop:secret@db-host:5432/shop';
    const unset = loadEnv({});
    expect(unset.DATABASE_DIRECT_URL).toBeUndefined();
    expect(unset.DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: ` ${direct} `, DATABASE_POOL_SIZE: '4' })).toMatchObject({
      DATABASE_URL: pooled,
      DATABASE_DIRECT_URL: direct,
      DATABASE_POOL_SIZE: 4,
    });
    expect(() => loadEnv({ DATABASE_DIRECT_URL: direct })).toThrow(
      'DATABASE_DIRECT_URL is the direct address of the PostgreSQL server the shop reaches through a pooler at DATABASE_URL',
    );
    expect(() => loadEnv({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'db-host:5432/shop' })).toThrow(
      'DATABASE_DIRECT_URL: must be a PostgreSQL URL, e.g. postgres://user:password@db-host:5432/shop',
    );
    expect(() => loadEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('trusts a proxy on this machine unless TRUSTED_PROXIES names others, and says which entry it cannot read', () => {
    expect(loadEnv({}).TRUSTED_PROXIES).toBe('loopback');
    expect(loadEnv({ TRUSTED_PROXIES: ' ' }).TRUSTED_PROXIES).toBe('loopback');
    expect(loadEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' }).TRUSTED_PROXIES).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadEnv({ TRUSTED_PROXIES: 'none' }).TRUSTED_PROXIES).toBe('none');
    expect(() => loadEnv({ TRUSTED_PROXIES: 'loopback, nginx' })).toThrow(
      'TRUSTED_PROXIES: "nginx" is not an address, a CIDR block (such as 10.0.0.0/8 or fd00::/8) or one of loopback, private, none',
    );
  });

  it('drains for at most 25 s after SIGTERM, with no delay unless set; the delay fits inside the grace period', () => {
    expect(loadEnv({})).toMatchObject({ SHUTDOWN_GRACE_SECONDS: 25, SHUTDOWN_DELAY_SECONDS: 0 });
    expect(loadEnv({ SHUTDOWN_GRACE_SECONDS: '50', SHUTDOWN_DELAY_SECONDS: '10' })).toMatchObject({
      SHUTDOWN_GRACE_SECONDS: 50,
      SHUTDOWN_DELAY_SECONDS: 10,
    });
    expect(() => loadEnv({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
    expect(() => loadEnv({ SHUTDOWN_DELAY_SECONDS: 'soon' })).toThrow(/SHUTDOWN_DELAY_SECONDS/);
    expect(() => loadEnv({ SHUTDOWN_DELAY_SECONDS: '25' })).toThrow(
      'SHUTDOWN_DELAY_SECONDS (25) must be shorter than SHUTDOWN_GRACE_SECONDS (25): the delay is part of the drain the grace period bounds',
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATABASE_URL: '  ', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PESAPAL_ENV: 'prod' }, /PESAPAL_ENV/],
  ])('rejects bad values with a readable message: %o', (source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('takes a metrics token of at least 24 characters, and leaves the metrics to this machine without one', () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: ' scrape-token-0123456789-abcdef ' }).METRICS_TOKEN).toBe('scrape-token-0123456789-abcdef');
    expect(() => loadEnv({ METRICS_TOKEN: 'short-token' })).toThrow(ConfigError);
    expect(() => loadEnv({ METRICS_TOKEN: 'short-token' })).toThrow('METRICS_TOKEN: must be at least 24 random characters');
  });

  it('refuses every development stand-in in production', () => {
    let error: unknown;
    try {
      loadEnv({ NODE_ENV: 'production' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('AUTH_SECRET');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('MAIL_FROM');
    expect(message).toContain('PESAPAL_CONSUMER_KEY');
    expect(message).toContain('GOOGLE_MAPS_API_KEY');
    expect(message).toContain('AT_USERNAME and AT_API_KEY');
    expect(message).toContain('ETIMS_PIN and ETIMS_DEVICE_SERIAL');
  });

  describe('KRA eTIMS in production', () => {
    const ready = {
      NODE_ENV: 'production',
      AUTH_SECRET: STRONG_SECRET,
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Shop <orders@shop.example>',
      PESAPAL_CONSUMER_KEY: 'key',
      PESAPAL_CONSUMER_SECRET: 'secret',
      GOOGLE_MAPS_API_KEY: 'maps-key',
      SMS_DISABLED: '1',
    };
    const refusal =
      'NODE_ENV=production needs:\n  ETIMS_PIN and ETIMS_DEVICE_SERIAL (KRA eTIMS tax invoices; the eTIMS simulator is refused in production), or ETIMS_DISABLED=1';

    it.each([
      ['no eTIMS settings', {}],
      ['a PIN without its device serial', { ETIMS_PIN: 'P051234567X' }],
      ['ETIMS_DISABLED=0', { ETIMS_DISABLED: '0' }],
    ])('refuses %s, naming only that', (_name, extra) => {
      expect(() => loadEnv({ ...ready, ...extra })).toThrow(refusal);
    });

    it('starts with a KRA device, or with tax invoices switched off deliberately', () => {
      const env = loadEnv({ ...ready, ETIMS_PIN: 'P051234567X', ETIMS_DEVICE_SERIAL: 'SN-1', ETIMS_ENV: 'production' });
      expect(env).toMatchObject({ ETIMS_PIN: 'P051234567X', ETIMS_BRANCH_ID: '00', ETIMS_ENV: 'production', ETIMS_GATEWAY: 'legacy' });
      expect(loadEnv({ ...ready, ETIMS_DISABLED: '1' }).ETIMS_DISABLED).toBe(true);
    });

    it('refuses a branch id that is not two digits', () => {
      expect(() => loadEnv({ ETIMS_BRANCH_ID: 'HQ' })).toThrow(/ETIMS_BRANCH_ID: must be two digits/);
    });

    it('sends a token on every call only with the client credentials to get one; the lastReqDt limit is 7 days unless set', () => {
      const device = { ETIMS_PIN: 'P051234567X', ETIMS_DEVICE_SERIAL: 'SN-1', ETIMS_SEND_TOKEN: '1' };
      expect(() => loadEnv({ ...ready, ...device })).toThrow(
        'ETIMS_SEND_TOKEN=1 sends an OAuth token on every call to KRA: set ETIMS_CONSUMER_KEY and ETIMS_CONSUMER_SECRET',
      );
      const env = loadEnv({ ...ready, ...device, ETIMS_CONSUMER_KEY: 'ck', ETIMS_CONSUMER_SECRET: 'cs' });
      expect(env).toMatchObject({ ETIMS_SEND_TOKEN: true, ETIMS_LAST_REQ_MAX_DAYS: 7 });
      expect(loadEnv({ ETIMS_SEND_TOKEN: '1' }).ETIMS_SEND_TOKEN).toBe(true); // the simulator issues its own
      expect(loadEnv({ ETIMS_LAST_REQ_MAX_DAYS: '30' }).ETIMS_LAST_REQ_MAX_DAYS).toBe(30);
      expect(() => loadEnv({ ETIMS_LAST_REQ_MAX_DAYS: '0' })).toThrow(/ETIMS_LAST_REQ_MAX_DAYS/);
    });
  });

  describe('SMS in production', () => {
    const ready = {
      NODE_ENV: 'production',
      AUTH_SECRET: STRONG_SECRET,
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Shop <orders@shop.example>',
      PESAPAL_CONSUMER_KEY: 'key',
      PESAPAL_CONSUMER_SECRET: 'secret',
      GOOGLE_MAPS_API_KEY: 'maps-key',
      ETIMS_DISABLED: '1',
    };
    const refusal =
      "NODE_ENV=production needs:\n  AT_USERNAME and AT_API_KEY (Africa's Talking SMS; the development SMS box is refused in production), or SMS_DISABLED=1";

    it.each([
      ['no account', {}],
      ['a username without its key', { AT_USERNAME: 'freshcatch' }],
      ['SMS_DISABLED=0', { SMS_DISABLED: '0' }],
    ])('refuses %s, naming only that', (_name, extra) => {
      expect(() => loadEnv({ ...ready, ...extra })).toThrow(refusal);
    });

    it("starts with Africa's Talking, or with SMS switched off deliberately", () => {
      expect(loadEnv({ ...ready, AT_USERNAME: 'freshcatch', AT_API_KEY: 'k' }).AT_USERNAME).toBe('freshcatch');
      expect(loadEnv({ ...ready, SMS_DISABLED: '1' }).SMS_DISABLED).toBe(true);
    });
  });

  it('starts in production when every real service is configured', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: STRONG_SECRET,
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Shop <orders@shop.example>',
      PESAPAL_CONSUMER_KEY: 'key',
      PESAPAL_CONSUMER_SECRET: 'secret',
      GOOGLE_MAPS_API_KEY: 'maps-key',
      AT_USERNAME: 'freshcatch',
      AT_API_KEY: 'at-key',
      ETIMS_PIN: 'P051234567X',
      ETIMS_DEVICE_SERIAL: 'SN-1',
      PUBLIC_URL: 'https://shop.example',
    });
    expect(env.isProduction).toBe(true);
    expect(env.MAIL_FROM).toBe('Shop <orders@shop.example>');
  });

  it('leaves missing production settings to the go-live check, which reports each on its line', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const env = loadEnvToCheck({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
    expect(env.PUBLIC_URL).toBe('https://shop.example');
    expect(env.PESAPAL_CONSUMER_KEY).toBeUndefined();
    expect(() => loadEnvToCheck({ NODE_ENV: 'production', ETIMS_BRANCH_ID: 'HQ' })).toThrow(/ETIMS_BRANCH_ID: must be two digits/);
  });

  it('refuses production without MAIL_FROM, and names only that', () => {
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: STRONG_SECRET,
        SMTP_URL: 'smtp://mail.example:587',
        PESAPAL_CONSUMER_KEY: 'key',
        PESAPAL_CONSUMER_SECRET: 'secret',
        GOOGLE_MAPS_API_KEY: 'maps-key',
        AT_USERNAME: 'freshcatch',
        AT_API_KEY: 'at-key',
        ETIMS_DISABLED: '1',
      }),
    ).toThrow('NODE_ENV=production needs:\n  MAIL_FROM (the sender customers see and reply to)');
  });

  it.each([
    [{}, 'Lake Victoria Aquaculture <no-reply@localhost>'],
    [{ PUBLIC_URL: 'https://shop.example.co.ke/' }, 'Lake Victoria Aquaculture <no-reply@shop.example.co.ke>'],
    [{ PUBLIC_URL: 'http://192.168.1.5:3000', SHOP_NAME: 'LVA' }, 'LVA <no-reply@192.168.1.5>'],
    [{ MAIL_FROM: 'Orders <orders@lva.co.ke>' }, 'Orders <orders@lva.co.ke>'],
  ])('sends mail from MAIL_FROM, else no-reply at the public host: %o', (source, from) => {
    expect(loadEnv(source).MAIL_FROM).toBe(from);
  });

  it('refuses the test-only OpenID issuer override in production', () => {
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: STRONG_SECRET,
        SMTP_URL: 'smtp://mail.example:587',
        MAIL_FROM: 'Shop <orders@shop.example>',
        PESAPAL_CONSUMER_KEY: 'key',
        PESAPAL_CONSUMER_SECRET: 'secret',
        GOOGLE_MAPS_API_KEY: 'maps-key',
        SMS_DISABLED: '1',
        GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:9999',
      }),
    ).toThrow(/GOOGLE_OIDC_ISSUER/);
  });

  describe('AUTH_SECRET in production', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Shop <orders@shop.example>',
      PESAPAL_CONSUMER_KEY: 'key',
      PESAPAL_CONSUMER_SECRET: 'secret',
      GOOGLE_MAPS_API_KEY: 'maps-key',
      AT_USERNAME: 'freshcatch',
      AT_API_KEY: 'at-key',
      ETIMS_PIN: 'P051234567X',
      ETIMS_DEVICE_SERIAL: 'SN-1',
    };

    it('refuses a secret shorter than 32 bytes and says how to make one', () => {
      const load = () => loadEnv({ ...production, AUTH_SECRET: 'short-but-not-empty-31-bytes-xx' });
      expect(() => load()).toThrow(ConfigError);
      expect(() => load()).toThrow(/AUTH_SECRET must be at least 32 bytes/);
      expect(() => load()).toThrow(/openssl rand -base64 32/);
    });

    it('refuses the example value from .env.example and the README', () => {
      expect(EXAMPLE_AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(() => loadEnv({ ...production, AUTH_SECRET: EXAMPLE_AUTH_SECRET })).toThrow(/example value/);
    });

    it('says how to make one when it is missing', () => {
      expect(() => loadEnv(production)).toThrow(/openssl rand -base64 32/);
    });

    it.each([
      ['one character repeated', 'a'.repeat(32)],
      ['one character repeated, longer', 'x'.repeat(64)],
      ['a short pattern repeated', 'abc'.repeat(16)],
      ['a word repeated', 'password'.repeat(5)],
      ['a longer pattern repeated', 'abcdefghijklmnop'.repeat(3)],
      ['few distinct characters', '0110100110010110011010010110100110010110'],
    ])('refuses a low-entropy secret (%s) and says how to make one', (_name, secret) => {
      const load = () => loadEnv({ ...production, AUTH_SECRET: secret });
      expect(() => load()).toThrow(ConfigError);
      expect(() => load()).toThrow(/AUTH_SECRET is too predictable/);
      expect(() => load()).toThrow(/openssl rand -base64 48/);
      expect(() => load()).toThrow(/randomBytes\(48\)/);
    });

    it('accepts hex and base64url secrets from a random generator', () => {
      const hex = '9f2c4e7a1b0d8e3f5a6c7b2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f';
      const base64url = 'Zk3mQ9x_T2vB8nL-4rW7yH1sJ6dF0gK5pC2aE9uN3oI8bV1t';
      expect(loadEnv({ ...production, AUTH_SECRET: hex }).isProduction).toBe(true);
      expect(loadEnv({ ...production, AUTH_SECRET: base64url }).isProduction).toBe(true);
    });

    it('keeps development and test secrets working, however weak', () => {
      expect(loadEnv({ AUTH_SECRET: 'a'.repeat(32) }).AUTH_SECRET).toBe('a'.repeat(32));
      expect(loadEnv({ NODE_ENV: 'test', AUTH_SECRET: 'abc'.repeat(16) }).isProduction).toBe(false);
    });

    it('accepts 32 bytes made by openssl rand -base64 32, and anything in development', () => {
      expect(loadEnv({ ...production, AUTH_SECRET: 'q1Xv0mZ0c3Vb6m3k8yYt4m7S0o2m0VQp4r8h6y2T9aE=' }).isProduction).toBe(true);
      expect(loadEnv({ AUTH_SECRET: 'dev' }).AUTH_SECRET).toBe('dev');
    });
  });
});
