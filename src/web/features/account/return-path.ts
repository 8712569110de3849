// Where to go after signing in: the protected page RequireAuth sent the visitor from, else /shop.
// Only same-site paths are accepted, so a crafted link cannot send a signed-in visitor elsewhere.
const DEFAULT_RETURN_PATH = '/shop';
const STORAGE_KEY = 'shop:auth-return';

export function isSafeReturnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/^\/auth(\/|\?|#|$)/.test(path);
}

/** The path in react-router's location.state.from, or /shop. */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string') return DEFAULT_RETURN_PATH;
  const path = from.pathname + text(from.search) + text(from.hash);
  return isSafeReturnPath(path) ? path : DEFAULT_RETURN_PATH;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Google sign-in leaves the app; the origin waits in sessionStorage for /auth/callback. */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, path);
  } catch {
    // storage disabled: the callback falls back to /shop
  }
}

export function takeReturnPath(): string {
  try {
    const path = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return path && isSafeReturnPath(path) ? path : DEFAULT_RETURN_PATH;
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}
