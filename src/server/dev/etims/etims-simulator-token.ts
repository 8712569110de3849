// The simulator's OAuth token endpoint, shaped like KRA's (GET …/v1/token/generate?grant_type=
// client_credentials with HTTP Basic consumer key and secret → { access_token, expires_in }), and the
// check of the Bearer token on each call while the simulator's requireToken switch is on. Whether
// KRA's legacy host wants a token at all is unconfirmed (docs/etims.md): the switch lets the shop be
// tested both ways.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';

/** The consumer key and secret the simulator issues tokens to (the shop uses them with ETIMS_SEND_TOKEN=1). */
export const SIMULATOR_ETIMS_CREDENTIALS = { consumerKey: 'simulator-etims-key', consumerSecret: 'simulator-etims-secret' } as const;
export const SIMULATOR_TOKEN_PATH = '/v1/token/generate';
const LIFETIME_S = 3599;

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function simulatorTokens(now: () => Date) {
  const issued = new Map<string, number>();
  const expected = `Basic ${Buffer.from(`${SIMULATOR_ETIMS_CREDENTIALS.consumerKey}:${SIMULATOR_ETIMS_CREDENTIALS.consumerSecret}`).toString('base64')}`;
  return {
    /** GET …/v1/token/generate: a token for the simulator's own client credentials. */
    generate(c: Context) {
      if (c.req.query('grant_type') !== 'client_credentials') return c.json({ error: 'unsupported_grant_type' }, 400);
      if (!same(c.req.header('authorization') ?? '', expected))
        return c.json({ error: 'invalid_client', error_description: 'Invalid client credentials' }, 401);
      const token = randomBytes(24).toString('base64url');
      issued.set(token, now().getTime() + LIFETIME_S * 1000);
      return c.json({ access_token: token, token_type: 'Bearer', expires_in: String(LIFETIME_S) });
    },
    /** Whether the request carries a token the simulator issued and that has not expired. */
    carriesValidToken(c: Context): boolean {
      const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
      const until = token ? issued.get(token) : undefined;
      return until !== undefined && now().getTime() < until;
    },
    /** The gateway's answer to a call without a valid token (Apigee's fault shape). */
    refuse: (c: Context) =>
      c.json({ fault: { faultstring: 'Invalid access token', detail: { errorcode: 'oauth.v2.InvalidAccessToken' } } }, 401),
    /** Every token issued so far stops working (a test of the client's refresh). */
    revokeAll: () => issued.clear(),
  };
}
