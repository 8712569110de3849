// 'Mark resolved' for an order the payments feature flagged: the merchant says how it was dealt
// with; the note goes to the audit log and the order leaves the "needs attention" count.
import { resolveAttentionSchema } from '@/domain/back-office-forms';
import { Button } from '@/web/components/ui/button';
import { adminApi } from '../admin-api';
import { ReasonDialog } from '../components/reason-dialog';
import { useAdminAction } from '../hooks/use-admin-action';

export function ResolveAttention({ orderId }: { orderId: string }) {
  const run = useAdminAction();
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" size="sm">
          Mark resolved
        </Button>
      }
      title="Mark this order resolved?"
      description="The warning is cleared and the order no longer counts as needing attention. Say what was done; the note is kept in the audit log."
      confirmLabel="Mark resolved"
      confirmVariant="default"
      field="note"
      schema={resolveAttentionSchema}
      id="resolve-note"
      label="How was it resolved?"
      onSubmit={(note) =>
        run(() => adminApi.resolveAttention(orderId, note), 'Marked resolved.', 'The order could not be updated. Please try again.')
      }
    />
  );
}
