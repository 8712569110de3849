// /admin/orders/:id: everything about one order, and what can be done with it.
import { SMALL_ORDER_FEE_LABEL } from '@/domain/small-order';
import { paymentMethodName } from '@/domain/payment-method';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { formatDistance } from '@/domain/delivery-fee';
import { formatAmount, formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { shortOrderId } from '@/domain/order-status';
import { NO_ORDER_EMAIL } from '@/domain/phone-sign-in';
import { Alert } from '@/web/components/ui/alert';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi, type AdminOrderDetail } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { Facts } from '../components/facts';
import { QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { RecordNotFound, retryUnlessMissing } from '../components/record-not-found';
import { FulfilmentBadge, OrderStatusBadge, PaymentStatusBadge } from '../components/status-badges';
import { TaxInvoiceBadge, taxInvoiceKind } from '../components/tax-invoice-badge';
import { OrderActions } from './order-actions';
import { RescheduleStop } from './delivery-reschedule';
import { OrderMessages } from './order-messages';
import { PaymentRefund } from './payment-refund';
import { OrderRefunds } from './order-refunds';
import { PartialRefund } from './partial-refund';
import { ResolveAttention } from './resolve-attention';
import { PhoneLinks } from '@/web/components/ui/phone-links';
import { RIDER_DIRECTION_LABELS } from '@/domain/rider-directions';
import { ifUnavailableText } from '@/domain/line-choices';
import { packedLineText } from '@/domain/packed-line';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

function TaxInvoices({ detail }: { detail: AdminOrderDetail }) {
  if (detail.taxInvoices.length === 0)
    return <p className="text-sm text-slate-700">No tax invoice: one is issued to KRA when the order is paid.</p>;
  return (
    <ul className="space-y-3">
      {detail.taxInvoices.map((t) => (
        <li key={t.id} data-testid="tax-invoice" className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">
              {taxInvoiceKind(t.kind)} {t.reference}
            </span>
            <TaxInvoiceBadge status={t.status} />
            <span className="tabular-nums text-slate-700">{formatKES(t.totalCents)}</span>
          </div>
          {t.cuInvoiceNo && <p className="mt-1 text-slate-700">CU invoice number {t.cuInvoiceNo}</p>}
          {t.kraMessage && (
            <p className="mt-1 break-words text-red-700">
              KRA: {t.kraMessage}{' '}
              <Link to="/admin/tax-invoices?status=refused" className="font-semibold underline">
                Send it again from Tax invoices
              </Link>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

const REFUND_BADGES = {
  requested: { text: 'Refund requested: waiting for Pesapal', className: 'text-amber-800' },
  refunded: { text: 'Refunded by Pesapal', className: 'text-green-800' },
  rejected: { text: 'Refund rejected', className: 'text-red-700' },
  manual_needed: { text: 'Refund to be made by hand', className: 'text-amber-800' },
  withdrawn: { text: 'Refund withdrawn', className: 'text-slate-700' },
} as const;

/** M-Pesa's reversal of an M-Pesa Express payment, where it differs from Pesapal's words. */
const REVERSAL_BADGES: Partial<Record<keyof typeof REFUND_BADGES, string>> = {
  requested: "Refund requested: waiting for M-Pesa's reversal",
  refunded: 'Reversed by M-Pesa',
};

function RefundBadge({ status, reversal }: { status: keyof typeof REFUND_BADGES; reversal: boolean }) {
  const { className } = REFUND_BADGES[status];
  const text = (reversal ? REVERSAL_BADGES[status] : undefined) ?? REFUND_BADGES[status].text;
  return <span className={`text-sm font-semibold ${className}`}>{text}</span>;
}

function Payments({ detail }: { detail: AdminOrderDetail }) {
  if (detail.payments.length === 0) return <p className="text-sm text-slate-700">No payment was started for this order.</p>;
  return (
    <ul className="space-y-4">
      {detail.payments.map((p) => (
        <li key={p.id} data-testid="payment" className="rounded-md border border-slate-200 p-3">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <PaymentStatusBadge status={p.status} />
            {p.amountMismatch && <span className="text-sm font-semibold text-red-700">Amount mismatch</span>}
            {p.settlesOrder && <span className="text-sm text-slate-700">Pays for this order</span>}
            {p.refundStatus && <RefundBadge status={p.refundStatus} reversal={p.refundMethod === 'mpesa_reversal'} />}
            {p.refundable && (
              <span className="ml-auto">
                <PaymentRefund orderId={detail.order.id} payment={p} />
              </span>
            )}
          </div>
          <Facts
            rows={[
              ['Amount', `${p.currency} ${formatAmount(p.amountCents)}`],
              // Mobile money in whole shillings: what came in, and the cents it rounded away.
              ...(p.roundingCents !== 0
                ? ([
                    ['Collected', `${p.currency} ${formatAmount(p.amountCents - p.roundingCents)}`],
                    ['Rounding', `${p.currency} ${formatAmount(p.roundingCents)}`],
                  ] as [string, string][])
                : []),
              ['Method', paymentMethodName(p.paymentMethod) ?? '—'],
              ['Phone', p.phone],
              ['Reference', p.merchantReference],
              ['Tracking id', p.trackingId ?? '—'],
              ['Confirmation', p.confirmationCode || '—'],
              ['Pesapal says', p.statusDescription || '—'],
              ['Last update', formatNairobiDateTime(p.updatedAt)],
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

const ITEM_COLUMNS: Column<AdminOrderDetail['items'][number]>[] = [
  {
    header: 'Product',
    cell: (i) => (
      <>
        {i.productName}
        {i.productArchived && <span className="text-slate-600"> (archived)</span>}
        <span className="block text-sm text-slate-700">{ifUnavailableText(i.ifUnavailable)}</span>
        {i.note && <span className="block text-sm text-slate-700">Note: {i.note}</span>}
        {i.packing && packedLineText(i.packing) && (
          <span className="block text-sm font-medium text-slate-900" data-testid="packed-line">
            Packing: {packedLineText(i.packing)}
          </span>
        )}
      </>
    ),
  },
  { header: 'Qty', className: 'text-right tabular-nums', cell: (i) => i.quantity },
  { header: 'Unit price', className: 'text-right tabular-nums', cell: (i) => formatKES(i.unitPriceCents) },
  { header: 'Line total', className: 'text-right tabular-nums', cell: (i) => formatKES(i.lineTotalCents) },
];

function OrderDetailView({ detail }: { detail: AdminOrderDetail }) {
  const o = detail.order;
  return (
    <>
      <PageHeader
        title={`Order #${shortOrderId(o.id)}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to="/admin/orders" className="text-brand-700 underline">
              Back to orders
            </Link>
            <span>Placed {formatNairobiDateTime(o.createdAt)}</span>
            <OrderStatusBadge status={o.status} />
            {o.status === 'completed' && <FulfilmentBadge status={o.fulfilmentStatus} />}
          </span>
        }
        actions={<OrderActions detail={detail} />}
      />
      {o.needsAttention && (
        <Alert tone="warning" title="Needs attention" className="mb-4">
          <span className="inline-flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {o.attentionReason}
          </span>
          {detail.actions.resolve && (
            <div className="mt-3">
              <ResolveAttention orderId={o.id} />
            </div>
          )}
        </Alert>
      )}
      {o.cancelledReason && (
        <Alert tone="info" title={o.status === 'refund_requested' ? 'Sent for a refund' : 'Cancelled'} className="mb-4">
          {o.cancelledReason}
        </Alert>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <Section title="Items">
          <DataTable
            label="Items in the order"
            caption="Items in the order"
            columns={ITEM_COLUMNS}
            rows={detail.items}
            rowKey={(i) => i.productId}
            bordered={false}
          />
          <div className="mt-4 border-t border-slate-200 pt-3">
            <Facts
              rows={[
                ['Subtotal', formatKES(o.subtotalCents)],
                ...o.vatRows.map((v): [string, string] => [v.label, formatKES(v.taxCents)]),
                ['Delivery', o.deliveryFeeCents === 0 ? 'Free' : formatKES(o.deliveryFeeCents)],
                ...(o.smallOrderFeeCents > 0 ? [[SMALL_ORDER_FEE_LABEL, formatKES(o.smallOrderFeeCents)] as [string, string]] : []),
                ['Total', <strong data-testid="order-total">{formatKES(o.totalCents)}</strong>],
                // Charged less what came back: what the customer paid for in the end.
                ...(o.refundedCents > 0
                  ? ([
                      ['Refunded', `-${formatKES(o.refundedCents)}`],
                      [
                        'Total after refunds',
                        <strong data-testid="order-total-after-refunds">{formatKES(o.totalAfterRefundsCents)}</strong>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
          </div>
        </Section>
        <Section title="Customer and delivery">
          <Facts
            rows={[
              ['Name', o.customerName],
              ['Email', o.customerEmail || NO_ORDER_EMAIL],
              ['Phone', <PhoneLinks phone={o.customerPhone} who={o.customerName || 'the customer'} />],
              [
                'Account',
                <Link to={`/admin/customers/${o.userId}`} className="text-brand-700 underline">
                  {detail.account.email ?? 'View customer'}
                </Link>,
              ],
              ['Address', o.fulfilmentMethod === 'pickup' ? 'Pick-up at the shop' : o.deliveryAddress],
              [RIDER_DIRECTION_LABELS.building, o.deliveryBuilding ?? '—'],
              [RIDER_DIRECTION_LABELS.directions, o.deliveryDirections ?? '—'],
              ['Note for the shop', o.customerNote || '—'],
              [
                'Map',
                <a
                  href={o.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-brand-700 underline"
                >
                  Directions in Google Maps <ExternalLink aria-hidden="true" className="h-3 w-3" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>,
              ],
              ['Distance', o.deliveryDistanceKm === null ? '—' : formatDistance(o.deliveryDistanceKm)],
              ['Zone', o.deliveryZoneName ?? '—'],
              detail.deliveryWindow
                ? [o.fulfilmentMethod === 'pickup' ? 'Pick-up window' : 'Delivery window', detail.deliveryWindow]
                : ['Estimated time', o.estimatedDeliveryMins === null ? '—' : `${o.estimatedDeliveryMins} min`],
            ]}
          />
          {o.deliveryFailedReason !== null && (
            <div className="mt-3 rounded-md bg-amber-50 p-3" data-testid="delivery-failed">
              <p className="text-sm font-medium text-amber-900">
                Could not deliver{o.deliveryFailedReason ? `: ${o.deliveryFailedReason}` : ''}. Give the order a new delivery time.
              </p>
              <RescheduleStop stop={{ orderId: o.id, orderNumber: shortOrderId(o.id) }} />
            </div>
          )}
        </Section>
        <Section title="Payment">
          <Payments detail={detail} />
          {detail.refunding.open && <PartialRefund orderId={o.id} refunding={detail.refunding} />}
          {detail.refunds.length > 0 && (
            <div className="mt-4">
              <h3 className="mb-2 font-semibold text-slate-900">Refunds</h3>
              <OrderRefunds detail={detail} />
            </div>
          )}
        </Section>
        <Section title="Tax invoice (KRA eTIMS)">
          <TaxInvoices detail={detail} />
        </Section>
        <Section title="Messages to the customer">
          <OrderMessages orderId={o.id} />
        </Section>
        <Section title="Timeline">
          <ol className="space-y-2 text-sm">
            {detail.timeline.map((e, i) => (
              <li key={`${e.at}-${i}`} className="flex gap-3">
                <time dateTime={e.at} className="w-36 shrink-0 text-slate-600">
                  {formatNairobiDateTime(e.at)}
                </time>
                <span>
                  <span className="text-slate-900">{e.title}</span>
                  {e.detail && <span className="block text-slate-600">{e.detail}</span>}
                </span>
              </li>
            ))}
          </ol>
        </Section>
      </div>
    </>
  );
}

export default function OrderPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: () => adminApi.order(id),
    retry: retryUnlessMissing,
    // Payments and fulfilment change while the screen is open; an unknown order does not.
    refetchInterval: (q) => (q.state.status === 'error' ? false : 15_000),
  });
  return (
    <QueryState
      query={query}
      what="the order"
      notFound={<RecordNotFound title="Order not found" backTo="/admin/orders" backLabel="Back to orders" />}
    >
      {(detail) => <OrderDetailView detail={detail} />}
    </QueryState>
  );
}
