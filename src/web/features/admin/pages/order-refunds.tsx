// The order's refunds on its page: each with its amount, where it stands, how it was made (by
// Pesapal, or by hand by M-Pesa with its code), when, why and what it gave back line by line. A
// refund Pesapal would not make offers 'Record the M-Pesa refund' for the code of the money sent by
// hand, or 'Withdraw this refund' when the shop will not pay it; one waiting for Pesapal offers
// 'Refund was rejected'.
import { useState } from 'react';
import { manualRefundSchema } from '@/domain/back-office-forms';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminOrderDetail } from '../admin-api';
import { TextInput } from '../components/form-field';
import { useAdminAction } from '../hooks/use-admin-action';
import { RefundRejected } from './refund-rejected';
import { WithdrawRefund } from './refund-withdraw';

type Refund = AdminOrderDetail['refunds'][number];

/** Where a refund stands, in the merchant's words. */
function refundStanding(r: Pick<Refund, 'status' | 'method' | 'mpesaCode'>): string {
  const reversal = r.method === 'mpesa_reversal';
  switch (r.status) {
    case 'requested':
      return reversal
        ? 'Waiting for M-Pesa: the reversal was asked for and its result has not come yet.'
        : 'Waiting for Pesapal: the money moves once the refund is approved in its dashboard.';
    case 'refunded':
      if (reversal) return 'Reversed by M-Pesa';
      return r.method === 'manual' ? `Refunded by hand by M-Pesa (code ${r.mpesaCode ?? ''})` : 'Refunded by Pesapal';
    case 'rejected':
      return 'Rejected: the money stays with the shop';
    case 'manual_needed':
      return reversal
        ? 'M-Pesa did not reverse it: refund it by M-Pesa by hand and record its code.'
        : 'Pesapal will not make it: refund it by M-Pesa by hand and record its code.';
    case 'refused':
      return 'Not accepted by Pesapal';
    case 'withdrawn':
      return 'Withdrawn by the owner: no money was sent.';
  }
}

function RecordMpesaRefund({ orderId, refund }: { orderId: string; refund: Refund }) {
  const run = useAdminAction();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `mpesa-code-${refund.id}`;
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      aria-label={`Record the M-Pesa refund of ${formatKES(refund.amountCents)}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = manualRefundSchema.safeParse({ mpesaCode: code });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setBusy(true);
        void run(
          () => adminApi.recordManualRefund(orderId, refund.id, parsed.data.mpesaCode),
          (r) => r.message,
          'The M-Pesa refund could not be recorded. Please try again.',
        ).then((done) => {
          setBusy(false);
          if (done) setCode('');
        });
      }}
    >
      <div className="w-48">
        <TextInput
          id={id}
          label="M-Pesa code"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(undefined);
          }}
        />
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? 'Recording…' : 'Record the M-Pesa refund'}
      </Button>
    </form>
  );
}

export function OrderRefunds({ detail }: { detail: AdminOrderDetail }) {
  return (
    <ul className="space-y-3 text-sm">
      {detail.refunds.map((r) => (
        <li key={r.id} data-testid="refund" className="rounded-md border border-slate-200 p-3">
          <p
            className={
              r.accepted || r.method === 'manual'
                ? 'text-green-800'
                : r.status === 'manual_needed'
                  ? 'text-amber-900'
                  : r.status === 'withdrawn'
                    ? 'text-slate-700'
                    : 'text-red-700'
            }
          >
            {formatNairobiDateTime(r.createdAt)}: {formatKES(r.amountCents)}
            {r.kind === 'partial' ? ' (part of the order)' : ''} —{' '}
            {r.accepted
              ? r.method === 'mpesa_reversal'
                ? 'reversal accepted by M-Pesa'
                : 'accepted by Pesapal'
              : r.status === 'withdrawn'
                ? 'withdrawn'
                : r.method === 'manual' || r.status === 'manual_needed'
                  ? 'to be made by hand'
                  : 'not accepted'}
            {r.message && `: ${r.message}`}
          </p>
          <p className="text-slate-600">
            “{r.remarks}”{r.requestedByEmail && ` · ${r.requestedByEmail}`}
          </p>
          {r.lines.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              {r.lines.map((l) => (
                <li key={l.orderItemId ?? 'delivery'}>
                  {l.name}: {formatKES(l.amountCents)}
                  {l.restockQuantity > 0 && `, ${l.restockQuantity} back in stock`}
                </li>
              ))}
            </ul>
          )}
          {r.status !== 'refused' && (
            <p className="mt-1 text-slate-800" data-testid="refund-standing">
              {refundStanding(r)}
              {r.settledAt && ` (${formatNairobiDateTime(r.settledAt)})`}
            </p>
          )}
          {/* Only Pesapal's merchant can reject a refund; a reversal's result decides itself. */}
          {r.status === 'requested' && r.method === 'pesapal' && (
            <span className="mt-1 block">
              <RefundRejected orderId={detail.order.id} refund={r} />
            </span>
          )}
          {r.status === 'manual_needed' && (
            <>
              <RecordMpesaRefund orderId={detail.order.id} refund={r} />
              <span className="mt-2 block">
                <WithdrawRefund orderId={detail.order.id} refund={r} />
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
