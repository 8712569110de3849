// The storefront's words in English and Kiswahili (docs/decisions/068-kiswahili-and-data-rights.md).
// Each area of the storefront (the shell, the cart, checkout, …) has two catalogue files,
// catalogues/<area>.en.json and catalogues/<area>.sw.json, with the same keys and ICU messages
// ('{count, plural, one {# item} other {# items}}'). An area's English comes with the code that uses
// it; its Kiswahili is a chunk of its own, loaded only for a customer reading Kiswahili, before the
// page that needs it renders (loadCatalogues). Lingui formats the messages: a build compiles them
// (scripts/vite-compiled-messages.ts), so the browser carries no message parser.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useMemo } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/domain/locale';
import { useI18n } from './i18n-context';

type Loader = () => Promise<{ default: Messages }>;

interface Area {
  /** Each language but English (which comes with the code). */
  loaders: Partial<Record<Locale, Loader>>;
  loaded: Map<Locale, Promise<void>>;
}

const areas = new Map<string, Area>();

/** One Lingui instance per language, never switched: the server renders pages in both at once. */
const instances: Record<Locale, I18n> = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;

export function i18nFor(locale: Locale): I18n {
  return instances[locale];
}

const prefixed = (area: string, messages: Messages): Messages =>
  Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${area}.${key}`, message]));

function register(area: string, en: Messages, loaders: Area['loaders']): void {
  if (areas.has(area)) return;
  areas.set(area, { loaders, loaded: new Map() });
  // Every language starts from the English, so a message not yet translated (or a chunk that
  // failed to load) reads in English rather than as its key.
  for (const locale of LOCALES) instances[locale].load(locale, prefixed(area, en));
}

/**
 * Loads the catalogues of every area known so far in this language (those of code loaded later are
 * loaded by the lazy page that brings them: src/web/lib/lazy-page.ts). English needs nothing.
 */
export async function loadCatalogues(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE) return;
  await Promise.all(
    [...areas].map(([name, area]) => {
      const kept = area.loaded.get(locale);
      if (kept) return kept;
      const load = area.loaders[locale];
      if (!load) return undefined;
      const loading = load()
        .then((m) => instances[locale].load(locale, prefixed(name, m.default)))
        // A chunk that did not come (a dropped connection) leaves the English; the next page asks again.
        .catch(() => void area.loaded.delete(locale));
      area.loaded.set(locale, loading);
      return loading;
    }),
  );
}

type Values = Record<string, string | number>;

export interface Text<K extends string> {
  (key: K, values?: Values): string;
  /**
   * A message's full id, for one with markup ('<0>Sign in</0> to see your orders'), rendered by
   * <Trans id={t.id('signInHint')} components={{ 0: <Link … /> }} /> (./trans.tsx).
   */
  id(key: K): string;
  locale: Locale;
}

/**
 * Declares an area's catalogue and returns the hook its components read it with: the keys are
 * the English file's, so a key that does not exist does not compile.
 */
export function catalogue<K extends string>(area: string, en: Record<K, string>, sw: Loader): () => Text<K> {
  register(area, en, { sw });
  return function useText(): Text<K> {
    const { i18n } = useI18n();
    return useMemo(() => {
      const text = ((key: K, values?: Values) => i18n._(`${area}.${key}`, values)) as Text<K>;
      text.id = (key) => `${area}.${key}`;
      text.locale = i18n.locale as Locale;
      return text;
    }, [i18n]);
  };
}
