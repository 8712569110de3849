// A message with markup ('<0>Sign in</0> to see your orders'): Lingui's <Trans>, on the page's own
// Lingui context (i18n-context.ts). Lingui's context-free component keeps its markup formatter in the
// chunks of the pages that show such a message, out of the first download.
import { TransNoContext, type TransProps } from '@lingui/react/server';
import { useI18n } from './i18n-context';

export function Trans(props: TransProps) {
  const lingui = useI18n();
  return <TransNoContext {...props} lingui={lingui} />;
}
