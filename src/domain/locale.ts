// The shop's languages: English (the default, and the back office's) and Kiswahili.
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers the language a visitor chose (set by the header's switch). */
export const LOCALE_COOKIE = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the shop's languages an Accept-Language header asks for, by its weights ('sw-KE,
 * sw;q=0.9, en;q=0.8' is Kiswahili); English when it names neither or is missing.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const asked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((a) => a.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const a of asked) if (isLocale(a.language)) return a.language;
  return DEFAULT_LOCALE;
}

/** A request's language: the visitor's own choice (the cookie), else the browser's first guess. */
export function requestLocale(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return localeFromAcceptLanguage(acceptLanguage);
}
