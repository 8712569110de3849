import { Skeleton } from '@/web/components/ui/skeleton';
import { useOrdersText } from '@/web/i18n/orders-text';

export function OrdersSkeleton() {
  const t = useOrdersText();
  return (
    <div className="space-y-4" aria-busy="true" aria-label={t('loadingYourOrders')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-3 rounded-lg border border-slate-200 p-4 sm:p-6">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-5 w-24" />
          </div>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ))}
    </div>
  );
}
