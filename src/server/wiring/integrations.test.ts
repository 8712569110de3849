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
    const env = loadEnv({ ...BASE, NODE_ENV: 'development', PESAPAL_CONSUMER_KEY: 'key', PESAPAL_CONSUMER_SECRET: 'secret' });
    expect(build(env).pesapalSimulator).toBeNull();
    expect(build({ ...env, isProduction: true }).pesapalSimulator).toBeNull();
  });

  it('refuses the simulator in production even if the configuration check was bypassed', () => {
    // loadEnv already refuses this configuration; this is the second lock on the same door.
    const env: Env = { ...loadEnv({ ...BASE, NODE_ENV: 'development' }), NODE_ENV: 'production', isProduction: true };
    expect(() => build(env)).toThrow('The Pesapal simulator is refused in production: set PESAPAL_CONSUMER_KEY');
  });
});
