// Stock adjustments with a reason, and the ledger (every change, newest first): the product's, or
// one variant's for a product with options (its stock is counted per variant). A product keeping its
// stock in kg is restocked and counted in kg (up to 3 decimals, sent as grams); each ledger row
// shows its own unit, so rows from before a switch of unit still read right.
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from '../../../components/ui/link';
import { toast } from '@/web/lib/toast';
import type { z } from 'zod';
import { stockAdjustmentFormSchemaFor } from '@/domain/back-office-forms';
import { formatGrams, formatStock, formatStockChange, type StockUnit } from '@/domain/stock-units';
import { MERCHANT_STOCK_CAUSES, STOCK_CAUSES } from '@/domain/kra-stock-types';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { shortOrderId } from '@/domain/order-status';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi, type AdminProduct, type StockAdjustmentBody, type StockMovementView } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { SelectInput, TextInput } from '../components/form-field';
import { EmptyState, ListState } from '../components/list-states';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';

/** The form's own values (the quantity as typed); the schema turns them into the API's body. */
type StockFormValues = z.input<ReturnType<typeof stockAdjustmentFormSchemaFor>>;

const FIELDS = ['kind', 'cause', 'quantity', 'reason'] as const;

const KIND_LABELS: Record<string, string> = {
  reservation: 'Reserved (order)',
  release: 'Released (order)',
  sale: 'Sold',
  restock: 'Restock',
  adjustment: 'Adjustment',
  substitution: 'Substitute (packing)',
};

const COLUMNS: Column<StockMovementView>[] = [
  { header: 'When', className: 'whitespace-nowrap', cell: (m) => formatNairobiDateTime(m.createdAt) },
  { header: 'Change', cell: (m) => KIND_LABELS[m.kind] ?? m.kind },
  { header: 'Quantity', className: 'text-right tabular-nums', cell: (m) => formatStockChange(m.unit, m.quantity) },
  { header: 'Stock after', className: 'text-right tabular-nums', cell: (m) => formatStock(m.unit, m.stockAfter) },
  {
    header: 'Reason',
    className: 'text-slate-700',
    cell: (m) => (
      <>
        {m.reason}
        {m.orderId && (
          <>
            {m.reason ? ' · ' : ''}
            <Link to={`/admin/orders/${m.orderId}`} className="text-brand-700 underline">
              Order #{shortOrderId(m.orderId)}
            </Link>
          </>
        )}
        {m.actorEmail && <span className="text-slate-600"> · {m.actorEmail}</span>}
      </>
    ),
  },
];

/** The variant whose stock the panel counts (a product with options). */
export interface StockVariant {
  id: string;
  name: string;
  stock: number;
}

/** Stock as the panel says it: '12', or '14.2 kg (14,200 g)'. */
const stockText = (unit: StockUnit, stock: number) =>
  unit === 'kg' ? `${formatStock(unit, stock)} (${formatGrams(stock)})` : String(stock);

function AdjustStockForm({ product, variant, onSaved }: { product: AdminProduct; variant?: StockVariant; onSaved(): void }) {
  const queryClient = useQueryClient();
  const unit = product.stockUnit;
  const form = useForm<StockFormValues, unknown, StockAdjustmentBody>({
    resolver: zodResolver(stockAdjustmentFormSchemaFor(unit)),
    defaultValues: { kind: 'restock', cause: '', quantity: '', reason: '' },
  });
  const field = fieldBinder(form, 'stock');
  // The causes KRA is told of are the kind's (src/domain/kra-stock-types.ts); '' is its first.
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [firstCause, ...otherCauses] = MERCHANT_STOCK_CAUSES[kind];
  useEffect(() => form.setValue('cause', ''), [form, kind]);
  const save = async (values: StockFormValues, body: StockAdjustmentBody) => {
    const saved = await adminApi.adjustStock(product.id, variant ? { ...body, variantId: variant.id } : body);
    toast.success(`Stock is now ${stockText(unit, saved.stock)}.`);
    form.reset({ kind: values.kind, cause: values.cause, quantity: '', reason: '' });
    onSaved();
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
  const busy = form.formState.isSubmitting;
  return (
    <form
      noValidate
      aria-label={variant ? `Adjust stock of ${variant.name}` : 'Adjust stock'}
      className="grid gap-3 sm:grid-cols-[10rem_12rem_8rem_1fr_auto] sm:items-start"
      onSubmit={adminSubmit(form, FIELDS, save, 'The stock could not be changed. Please try again.')}
    >
      <SelectInput label="Change" {...field('kind')}>
        <option value="restock">Restock (+)</option>
        <option value="adjustment">Adjustment (±)</option>
      </SelectInput>
      <SelectInput label="Cause" hint="As KRA is told" {...field('cause')}>
        <option value="">{STOCK_CAUSES[firstCause].label}</option>
        {otherCauses.map((cause) => (
          <option key={cause} value={cause}>
            {STOCK_CAUSES[cause].label}
          </option>
        ))}
      </SelectInput>
      {unit === 'kg' ? (
        <TextInput label="Quantity (kg)" inputMode="decimal" placeholder="e.g. 12.5 or -0.75" {...field('quantity')} />
      ) : (
        <TextInput label="Quantity" inputMode="numeric" placeholder="e.g. 10 or -2" {...field('quantity')} />
      )}
      <TextInput label="Reason" placeholder="e.g. Morning catch delivered" {...field('reason')} />
      <Button type="submit" className="sm:mt-6" disabled={busy}>
        {busy ? 'Saving…' : 'Record change'}
      </Button>
    </form>
  );
}

export function StockPanel({ product, variant }: { product: AdminProduct; variant?: StockVariant }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['admin', 'stock', product.id, variant?.id ?? '', page],
    queryFn: () => adminApi.stockHistory(product.id, page, variant?.id),
    placeholderData: keepPreviousData,
  });
  return (
    <Card>
      <CardContent className="space-y-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{variant ? `Stock of ${variant.name}` : 'Stock'}</h2>
          <p className="text-slate-800">
            In stock now:{' '}
            <strong data-testid="current-stock">{stockText(product.stockUnit, variant ? variant.stock : product.stock)}</strong>
          </p>
        </div>
        <AdjustStockForm key={`${variant?.id ?? ''}:${product.stockUnit}`} product={product} variant={variant} onSaved={() => setPage(1)} />
        <section aria-labelledby="ledger-heading">
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="ledger-heading" className="font-semibold text-slate-900">
              Stock history
            </h3>
            <a href={adminApi.stockCsvUrl(product.id, variant?.id)} download className="text-sm text-brand-700 underline">
              Download stock history{variant ? ` of ${variant.name}` : ''} (CSV)
            </a>
          </div>
          <ListState
            query={history}
            what="the stock history"
            rows={3}
            onPage={setPage}
            pagerLabel="Stock history pages"
            empty={<EmptyState title="No stock changes yet" />}
          >
            {(items) => (
              <DataTable
                label="Stock changes"
                caption="Stock history, newest first"
                columns={COLUMNS}
                rows={items}
                rowKey={(m) => m.id}
                bordered={false}
              />
            )}
          </ListState>
        </section>
      </CardContent>
    </Card>
  );
}
