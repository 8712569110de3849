// A tax invoice's state at KRA and its kind, worded the same on the tax-invoice screen and the order page.
import { Badge, type BadgeTone } from '@/web/components/ui/badge';

const STATUSES: Record<string, { tone: BadgeTone; label: string }> = {
  queued: { tone: 'neutral', label: 'Waiting to be sent' },
  failed: { tone: 'warning', label: 'Failed, will retry' },
  sent: { tone: 'success', label: 'Signed by KRA' },
  refused: { tone: 'danger', label: 'Refused by KRA' },
};

export function TaxInvoiceBadge({ status }: { status: string }) {
  const shown = STATUSES[status];
  return <Badge tone={shown?.tone ?? 'neutral'}>{shown?.label ?? status}</Badge>;
}

export const taxInvoiceKind = (kind: string) => (kind === 'credit_note' ? 'Credit note' : 'Sale');
