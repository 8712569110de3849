import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { queryClient } from '../lib/query-client';
import type { Locale } from '@/domain/locale';
import { LocaleProvider } from '../i18n/locale-provider';
import { useLocale } from '../i18n/locale-store';

/**
 * The browser's one query cache, or (server rendering) the cache of the page being rendered; and
 * the page's language: the server's render says which, the browser's follows the customer's switch.
 */
export function Providers({ children, client = queryClient, locale }: { children: ReactNode; client?: QueryClient; locale?: Locale }) {
  const chosen = useLocale();
  return (
    <LocaleProvider locale={locale ?? chosen}>
      <QueryClientProvider client={client}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </LocaleProvider>
  );
}
