import { Skeleton } from '@/web/components/ui/skeleton';

export function OrdersSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading your orders">
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
