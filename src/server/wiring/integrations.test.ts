import { describe, expect, it } from 'vitest';
import { loadEnv, type Env } from '../env';
import { createLogger } from '../infra/logger';
import { createIntegrations, createLocalFetch } from './integrations';

const BASE = { PUBLIC_URL: 'https://shop.example', GOOGLE_MAPS_API_KEY: 'maps-key', LOG_LEVEL: 'silent' } as const;

function build(env: Env) {
  return createIntegrations(env, createLogger('silent'), createLocalFetch(env.PUBLIC_URL));
}

describe('createIntegrations', () => {
  it('uses the built-in simulator without keys outside production', () => {
    const integrations = build(loadEnv({ ...BASE, NODE_ENV: 'development' }));
    expect(integrations.pesapalSimulator).not.toBeNull();
  });

  it('uses the real client, and no simulator, with keys', () => {
    const env = loadEnv({
      ...BASE,
      NODE_ENV: 'development',
      PESAPAL_CONSUMER_KEY: 'key',
      PESAPAL_CONSUMER_SECRET: 'secret',
      ETIMS_PIN: 'P051234567X',
      ETIMS_DEVICE_SERIAL: 'SN-1',
    });
    expect(build(env).pesapalSimulator).toBeNull();
    expect(build({ ...env, isProduction: true }).pesapalSimulator).toBeNull();
  });

  it('refuses the simulator in production even if the configuration check was bypassed', () => {
    // loadEnv already refuses this configuration; this is the second lock on the same door.
    const env: Env = { ...loadEnv({ ...BASE, NODE_ENV: 'development' }), NODE_ENV: 'production', isProduction: true };
    expect(() => build(env)).toThrow('The Pesapal simulator is refused in production: set PESAPAL_CONSUMER_KEY');
  });

  describe('KRA eTIMS', () => {
    it('declares to the built-in simulator without ETIMS settings, with the simulator’s device', () => {
      const integrations = build(loadEnv({ ...BASE, NODE_ENV: 'development' }));
      expect(integrations.etimsSimulator).not.toBeNull();
      expect(integrations.etims?.device).toEqual({ tin: 'P000000000S', bhfId: '00', dvcSrlNo: 'SIMULATOR-OSCU-1' });
    });

    it('declares to KRA, with no simulator, with a PIN and device serial; to nobody with ETIMS_DISABLED', () => {
      const env = loadEnv({
        ...BASE,
        NODE_ENV: 'development',
        ETIMS_PIN: 'P051234567X',
        ETIMS_DEVICE_SERIAL: 'SN-1',
        ETIMS_BRANCH_ID: '01',
      });
      const integrations = build(env);
      expect(integrations.etimsSimulator).toBeNull();
      expect(integrations.etims?.device).toEqual({ tin: 'P051234567X', bhfId: '01', dvcSrlNo: 'SN-1' });
      expect(build(loadEnv({ ...BASE, NODE_ENV: 'development', ETIMS_DISABLED: '1' })).etims).toBeNull();
    });

    it('refuses the eTIMS simulator in production even if the configuration check was bypassed', () => {
      const env: Env = {
        ...loadEnv({ ...BASE, NODE_ENV: 'development', PESAPAL_CONSUMER_KEY: 'key', PESAPAL_CONSUMER_SECRET: 'secret' }),
        NODE_ENV: 'production',
        isProduction: true,
      };
      expect(() => build(env)).toThrow(
        'The eTIMS simulator is refused in production: set ETIMS_PIN and ETIMS_DEVICE_SERIAL, or ETIMS_DISABLED=1',
      );
    });
  });

  describe('M-Pesa Express', () => {
    const ETIMS_AND_PESAPAL = { PESAPAL_CONSUMER_KEY: 'key', PESAPAL_CONSUMER_SECRET: 'secret', ETIMS_DISABLED: '1' };

    it('is off unless MPESA_ENV says otherwise', () => {
      const integrations = build(loadEnv({ ...BASE, NODE_ENV: 'development' }));
      expect(integrations.mpesa).toBeNull();
      expect(integrations.mpesaSimulator).toBeNull();
    });

    it('prompts through the built-in simulator with MPESA_ENV=simulator', async () => {
      const env = loadEnv({ ...BASE, NODE_ENV: 'development', MPESA_ENV: 'simulator' });
      const local = createLocalFetch(env.PUBLIC_URL);
      const integrations = createIntegrations(env, createLogger('silent'), local);
      // The client reaches the simulator in process, as the shop does once its app is bound.
      local.bind((req) => integrations.mpesaSimulator!.app.request(req.url.replace(`${env.PUBLIC_URL}/mpesa-sim`, ''), req));
      const accepted = await integrations.mpesa!.stkPush({
        amountShillings: 1330,
        phone: '254712345678',
        callbackUrl: `${env.PUBLIC_URL}/callback`,
        accountReference: '1042',
        description: 'Order 1042',
      });
      expect(integrations.mpesaSimulator!.core.prompts.get(accepted.checkoutRequestId)).toMatchObject({
        amount: 1330,
        phone: '254712345678',
      });
      integrations.mpesaSimulator!.stop();
    });

    it('talks to Safaricom, with no simulator, with the Daraja settings; says which are missing', () => {
      const daraja = {
        MPESA_ENV: 'sandbox',
        MPESA_CONSUMER_KEY: 'k',
        MPESA_CONSUMER_SECRET: 's',
        MPESA_PASSKEY: 'p',
        MPESA_SHORTCODE: '174379',
        MPESA_PARTY_B: '174379',
        MPESA_CALLBACK_TOKEN: 'a-long-random-callback-token-0001',
      };
      const integrations = build(loadEnv({ ...BASE, NODE_ENV: 'development', ...daraja }));
      expect(integrations.mpesa).not.toBeNull();
      expect(integrations.mpesaSimulator).toBeNull();
      expect(() => loadEnv({ ...BASE, NODE_ENV: 'development', ...daraja, MPESA_PASSKEY: '', MPESA_CALLBACK_TOKEN: '' })).toThrow(
        'MPESA_ENV=sandbox needs MPESA_PASSKEY, MPESA_CALLBACK_TOKEN (docs/mpesa.md)',
      );
    });

    it('refuses the M-Pesa simulator in production, in the settings and again when building', () => {
      expect(() => loadEnv({ ...BASE, ...ETIMS_AND_PESAPAL, NODE_ENV: 'production', MPESA_ENV: 'simulator' })).toThrow(
        'MPESA_ENV other than simulator (the M-Pesa simulator is refused in production)',
      );
      const env: Env = {
        ...loadEnv({ ...BASE, ...ETIMS_AND_PESAPAL, NODE_ENV: 'development', MPESA_ENV: 'simulator' }),
        NODE_ENV: 'production',
        isProduction: true,
      };
      expect(() => build(env)).toThrow('The M-Pesa simulator is refused in production: set MPESA_ENV to sandbox, production or off');
    });
  });
});
