// The browser's language: the one the server rendered the page in (<html lang>), until the customer
// switches. A switch loads the new language's catalogues first, so the page changes in one step, and
// remembers the choice in a cookie the server reads for the next page (LOCALE_COOKIE).
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@/domain/locale';
import { loadCatalogues } from './catalogue';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

function documentLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

let current: Locale = documentLocale();
const listeners = new Set<() => void>();

export function currentLocale(): Locale {
  return current;
}

export function useLocale(): Locale {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}

/** Shows the storefront in `next` from now on, here and on the next visit. */
export async function switchLocale(next: Locale): Promise<void> {
  await loadCatalogues(next);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${next}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
  document.documentElement.lang = next;
  current = next;
  for (const listener of listeners) listener();
}
