// One order on the packing screen: who and when, the customer's note for the shop, its lines to
// pick, and 'Finish packing', which first shows what the customer will be owed back and the changes
// she will be told of. Once finished: who finished it, what was paid and sent, and packing's refund
// with where it stands (requested, refunded, needs a manual refund, withdrawn).
import { useQueryClient } from '@tanstack/react-query';
import { formatKES } from '@/domain/money';
import { packingRefundState, packingRefundStateText } from '@/domain/packing-settlement';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { adminApi, type PickOrderView } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useAdminAction } from '../hooks/use-admin-action';
import { PackingLine, type LineChange } from './packing-line';

function FinishPacking({ order }: { order: PickOrderView }) {
  const run = useAdminAction();
  const ref = `#${order.orderNumber}`;
  const owed = order.owedCents ?? 0;
  return (
    <ConfirmDialog
      trigger={
        <Button size="lg" className="w-full sm:w-auto">
          Finish packing
        </Button>
      }
      title={`Finish packing order ${ref}?`}
      description={
        <>
          <p className="text-base font-semibold text-slate-900" data-testid="owed-total">
            {owed > 0 ? `${formatKES(owed)} to refund to ${order.customerName}` : 'Nothing to refund'}
          </p>
          {order.changes.length > 0 ? (
            <>
              <p className="mt-2">They are told by SMS and mail:</p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {order.changes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2">Everything was packed as ordered.</p>
          )}
        </>
      }
      confirmLabel="Finish packing"
      confirmVariant="default"
      cancelLabel="Not yet"
      onConfirm={() =>
        run(
          () => adminApi.finishPacking(order.orderId),
          (r) => `Order ${ref} packed.${r.refundCents > 0 ? ` ${formatKES(r.refundCents)} to refund.` : ''}`,
        )
      }
    />
  );
}

/** What finishing settled: paid, sent, and packing's refund with where it stands. */
function Settlement({ finished, refundState }: { finished: NonNullable<PickOrderView['finished']>; refundState: string }) {
  const rows: [string, string][] = [
    ['Paid', formatKES(finished.paidCents)],
    ['Sent', formatKES(finished.sentCents)],
    ...(finished.refundCents > 0 ? ([['Refund', `${formatKES(finished.refundCents)} · ${refundState}`]] as [string, string][]) : []),
  ];
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="packing-settlement">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PackingOrderCard({ order }: { order: PickOrderView }) {
  const queryClient = useQueryClient();
  const finished = order.finished !== null;
  const change =
    (itemId: string): LineChange =>
    async (body) => {
      try {
        await adminApi.recordPacking(itemId, body);
        return null;
      } catch (err) {
        return errorMessage(err, 'That did not work. Please try again.');
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['admin', 'packing'] });
      }
    };
  const headingId = `packing-order-${order.orderId}`;
  const refund = order.finished?.refund ?? null;
  const refundState = packingRefundStateText(packingRefundState(refund?.status ?? null), refund?.method ?? null);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          #{order.orderNumber} · {order.customerName}
        </h2>
        {finished ? <Badge tone="success">Packed</Badge> : <Badge tone="warning">{order.undecided} to pack</Badge>}
      </div>
      <p className="text-sm text-slate-700">
        {order.expected} · {order.zoneName}
      </p>
      {order.note && <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900">Note for the shop: {order.note}</p>}
      <ul className="mt-2">
        {order.lines.map((line) => (
          <PackingLine
            key={line.id}
            line={line}
            finished={finished}
            change={change(line.id)}
            refundState={finished ? refundState : undefined}
          />
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-3">
        {order.finished ? (
          <>
            <p className="text-sm font-semibold text-slate-900" data-testid="packing-finished">
              Packed{order.finished.by ? ` by ${order.finished.by}` : ''} ·{' '}
              {order.finished.refundCents > 0 ? `${formatKES(order.finished.refundCents)} to refund` : 'nothing to refund'}
            </p>
            <Settlement finished={order.finished} refundState={refundState} />
          </>
        ) : order.undecided > 0 ? (
          <p className="text-sm text-slate-700">
            {order.undecided === 1 ? '1 item' : `${order.undecided} items`} still to pack before finishing.
          </p>
        ) : (
          <FinishPacking order={order} />
        )}
      </div>
    </li>
  );
}
