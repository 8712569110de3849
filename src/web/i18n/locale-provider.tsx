import { useMemo, type ReactNode } from 'react';
import type { Locale } from '@/domain/locale';
import { i18nFor } from './catalogue';
import { I18nContext } from './i18n-context';

/**
 * The page's language: the server renders each page in the visitor's, the browser keeps it until
 * she switches. Each language is its own Lingui instance whose catalogues are loaded before a page
 * using them renders (catalogue.ts), so the context changes only with the language.
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => {
    const i18n = i18nFor(locale);
    return { i18n, _: i18n._.bind(i18n) };
  }, [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
