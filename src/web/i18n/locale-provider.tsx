import { LinguiContext } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import type { Locale } from '@/domain/locale';
import { i18nFor } from './catalogue';

/**
 * The page's language: the server renders each page in the visitor's, the browser keeps it until
 * she switches. Each language is its own Lingui instance whose catalogues are loaded before a page
 * using them renders (catalogue.ts), so the context changes only with the language, and Lingui's
 * own provider (which follows an instance's every change) is not needed on the first download.
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => {
    const i18n = i18nFor(locale);
    return { i18n, _: i18n._.bind(i18n), defaultComponent: undefined };
  }, [locale]);
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}
