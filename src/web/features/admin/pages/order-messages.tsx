// The SMS and mail the customer was sent about this order, with the failures plain to see and
// 'Send again' for one that did not get through.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { isOrderUpdateStep, ORDER_UPDATE_STEP_LABELS } from '@/domain/order-sms';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminOrderMessage } from '../admin-api';
import { useAdminAction } from '../hooks/use-admin-action';

const STATUS_LABELS: Record<string, string> = {
  stored: 'In the development box',
  queued: 'Waiting to be sent',
  failed: 'Failed, will retry',
  sent: 'Sent',
  abandoned: 'Failed, gave up',
};

function statusText(m: AdminOrderMessage): string {
  const base = STATUS_LABELS[m.status] ?? m.status;
  if (m.deliveryStatus)
    return `${base} · delivery report: ${m.deliveryStatus}${m.deliveryFailureReason ? ` (${m.deliveryFailureReason})` : ''}`;
  return base;
}

function failed(m: AdminOrderMessage): boolean {
  return m.status === 'failed' || m.status === 'abandoned' || m.canResend;
}

function ResendButton({ orderId, message }: { orderId: string; message: AdminOrderMessage }) {
  const run = useAdminAction();
  const [busy, setBusy] = useState(false);
  const what = message.channel === 'sms' ? 'SMS' : 'mail';
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await run(
          () => adminApi.resendOrderMessage(orderId, message.channel, message.id),
          (r) =>
            r.message.status === 'sent'
              ? `The ${what} was sent again.`
              : `The ${what} is queued again: ${statusText(r.message).toLowerCase()}.`,
        );
        setBusy(false);
      }}
    >
      {busy ? 'Sending…' : 'Send again'}
      <span className="sr-only">
        {' '}
        ({what}: {isOrderUpdateStep(message.step) ? ORDER_UPDATE_STEP_LABELS[message.step] : message.summary})
      </span>
    </Button>
  );
}

export function OrderMessages({ orderId }: { orderId: string }) {
  const query = useQuery({
    queryKey: ['admin', 'order', orderId, 'messages'],
    queryFn: () => adminApi.orderMessages(orderId),
    refetchInterval: 15_000,
  });
  if (query.isPending) return <p className="text-sm text-slate-700">Loading messages…</p>;
  if (query.isError) return <p className="text-sm text-red-700">The messages could not be loaded.</p>;
  const { messages } = query.data;
  if (messages.length === 0) return <p className="text-sm text-slate-700">No SMS or mail was sent about this order yet.</p>;
  return (
    <ul className="space-y-3">
      {messages.map((m) => (
        <li key={m.id} data-testid="order-message" className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">
              {m.channel === 'sms' ? 'SMS' : 'Mail'}
              {isOrderUpdateStep(m.step) && ` · ${ORDER_UPDATE_STEP_LABELS[m.step]}`}
            </span>
            <span className={failed(m) ? 'font-semibold text-red-700' : 'text-slate-700'} data-testid="order-message-status">
              {statusText(m)}
            </span>
            {m.canResend && (
              <span className="ml-auto">
                <ResendButton orderId={orderId} message={m} />
              </span>
            )}
          </div>
          <p className="mt-1 text-slate-700">
            To {m.to} · {formatNairobiDateTime(m.createdAt)}
            {m.attempts > 1 && ` · ${m.attempts} tries`}
          </p>
          <p className="mt-1 break-words text-slate-900">{m.summary}</p>
          {m.error && <p className="mt-1 break-words text-red-700">{m.error}</p>}
        </li>
      ))}
    </ul>
  );
}
