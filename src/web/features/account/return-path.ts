// Where to go after signing in: the page that sent the visitor to /auth, else /shop. The rule of
// which paths are safe lives in src/domain/return-path.ts (the server applies the same one).
import { DEFAULT_RETURN_PATH, isSafeReturnPath, safeReturnPath } from '@/domain/return-path';

const STORAGE_KEY = 'shop:auth-return';

/** The path in react-router's location.state.from, or /shop. */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string') return DEFAULT_RETURN_PATH;
  const path = from.pathname + text(from.search) + text(from.hash);
  return isSafeReturnPath(path) ? path : DEFAULT_RETURN_PATH;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** location.state for /auth that brings the visitor back to `path` afterwards. */
export const returnState = (path: string) => ({ from: { pathname: path } });

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
    return safeReturnPath(path);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}
