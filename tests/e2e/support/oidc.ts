// A local OpenID Connect server standing in for Google (oauth2-mock-server): discovery, an
// authorisation endpoint that approves at once, the token endpoint with PKCE, and signed ID tokens
// carrying the person the test chooses.
import { OAuth2Server } from 'oauth2-mock-server';
import { freePort } from './shop-server';

interface OidcPerson {
  sub: string;
  email: string;
  name: string;
}

export interface TestOidcServer {
  issuer: string;
  /** Who the next sign-ins are. */
  signInAs(person: OidcPerson): void;
  stop(): Promise<void>;
}

export async function startOidcServer(): Promise<TestOidcServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let person: OidcPerson = { sub: 'google-user-1', email: 'google.user@example.test', name: 'Google User' };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { sub: person.sub, email: person.email, email_verified: true, name: person.name });
  });
  server.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
    res.body = { sub: person.sub, email: person.email, email_verified: true, name: person.name };
  });
  const port = await freePort();
  await server.start(port, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the OpenID Connect server has no issuer URL');
  return {
    issuer,
    signInAs(next) {
      person = next;
    },
    stop: () => server.stop(),
  };
}
