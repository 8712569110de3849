// better-auth's JSON answers carry the session token (get-session, list-sessions) and, for linked
// accounts, OAuth tokens. The browser authenticates with the HttpOnly cookie alone, so no script in
// the page needs them: whatever a script can read, an injected script can steal.

const SECRET_KEYS = new Set(['token', 'sessiontoken', 'accesstoken', 'refreshtoken', 'idtoken', 'password', 'secret', 'codeverifier']);

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

/** A copy of a JSON value without any secret-named key, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (!isSecretKey(key)) out[key] = withoutSecrets(v);
    return out;
  }
  return value;
}

/** better-auth's answer as the browser may see it: JSON bodies lose their secrets, the rest is untouched. */
export async function publicAuthAnswer(res: Response): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/json') || res.body === null) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(withoutSecrets(body)), { status: res.status, statusText: res.statusText, headers });
}
