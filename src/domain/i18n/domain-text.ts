// Messages the server writes to customers (SMS, mail), in English and Kiswahili: the same ICU
// catalogues and Lingui as the storefront (docs/i18n.md), compiled as they are first read (the
// server carries the message parser; the browser's catalogues are compiled at build).
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, type Locale } from '../locale';

type Values = Record<string, string | number>;
type Catalogue = Record<string, string>;

/** The text of one area in one language; a key the English catalogue lacks does not compile. */
export type DomainText<K extends string> = (key: K, values?: Values) => string;

/** An area's messages in each language: `text(locale)` reads them. */
export function domainCatalogue<K extends string>(byLocale: { en: Record<K, string> } & Record<Locale, Catalogue>) {
  const instances = new Map<Locale, I18n>();
  const instance = (locale: Locale): I18n => {
    let i18n = instances.get(locale);
    if (!i18n) {
      // Kiswahili starts from the English, so a message not yet translated reads in English.
      const messages: Messages = { ...byLocale.en, ...byLocale[locale] };
      i18n = setupI18n({ locale, messages: { [locale]: messages } });
      i18n.setMessagesCompiler(compileMessage);
      instances.set(locale, i18n);
    }
    return i18n;
  };
  return (locale: Locale): DomainText<K> =>
    (key, values) =>
      instance(LOCALES.includes(locale) ? locale : 'en')._(key, values);
}
