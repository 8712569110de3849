// Compiles the catalogues' ICU messages at build time (src/web/i18n/catalogue.ts): the built
// browser code and server rendering get Lingui's compiled form, and Lingui's production build then
// needs no message parser. In development and tests Lingui compiles them itself as they are read.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /\/i18n\/catalogues\/[^/]+\.json$/;

export function compiledMessages(): Plugin {
  return {
    name: 'compiled-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessageOrThrow(message)]));
      // Still JSON: Vite's own JSON step turns it into a module as it does any catalogue.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
