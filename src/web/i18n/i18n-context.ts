// The page's Lingui instance, for the catalogues' hooks and <Trans>. The context is the app's own,
// not `@lingui/react`'s provider: that one follows an instance's every change (our instances change
// only by loading a page's catalogues before it renders), and its module brings a React 17 shim into
// the first download.
import type { I18n } from '@lingui/core';
import { createContext, useContext } from 'react';

export interface I18nContextValue {
  i18n: I18n;
  _: I18n['_'];
  defaultComponent?: undefined;
}

export const I18nContext = createContext<I18nContextValue | null>(null);

export function useI18n(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside the LocaleProvider');
  return value;
}
