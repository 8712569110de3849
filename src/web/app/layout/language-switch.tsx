import { useState } from 'react';
import type { Locale } from '@/domain/locale';
import { useShellText } from '../../i18n/shell-text';
import { switchLocale, useLocale } from '../../i18n/locale-store';
import { cn } from '../../lib/cn';

/** Each language named in itself, as a reader of it looks for it. */
const OTHER: Record<Locale, { locale: Locale; name: string }> = {
  en: { locale: 'sw', name: 'Kiswahili' },
  sw: { locale: 'en', name: 'English' },
};

/**
 * The header's switch to the other language: the page changes in place once its words have come,
 * and the choice is remembered for the next visit (and, signed in, for her SMS and mail).
 */
export function LanguageSwitch({ className, onSwitched }: { className?: string; onSwitched?: (locale: Locale) => void }) {
  const t = useShellText();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const other = OTHER[locale];
  return (
    <button
      type="button"
      lang={other.locale}
      title={t('languageSwitch')}
      disabled={busy}
      className={cn('whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100', className)}
      onClick={() => {
        setBusy(true);
        void switchLocale(other.locale)
          .then(() => onSwitched?.(other.locale))
          .finally(() => setBusy(false));
      }}
    >
      {other.name}
    </button>
  );
}
