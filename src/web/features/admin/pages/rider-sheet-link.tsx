// A link to one rider's route sheet (PDF) for a day: from the deliveries screen per rider, and from
// the rider's own page.
import { buttonClasses } from '@/web/components/ui/button-classes';
import { api } from '@/web/lib/api-client';

function riderSheetUrl(q: { day: string; riderId?: string }): string {
  const path = q.riderId ? api.admin.deliveries['rider-sheet.pdf'].$path() : api.admin.rider['sheet.pdf'].$path();
  return `${path}?${new URLSearchParams({ day: q.day, ...(q.riderId ? { riderId: q.riderId } : {}) }).toString()}`;
}

export function RiderSheetLink({ label, day, riderId, tall }: { label: string; day: string; riderId?: string; tall?: boolean }) {
  return (
    <a
      href={riderSheetUrl({ day, riderId })}
      target="_blank"
      rel="noreferrer"
      className={buttonClasses('outline', tall ? 'tall' : 'default')}
    >
      {label}
      <span className="sr-only"> (PDF, opens in a new tab)</span>
    </a>
  );
}
