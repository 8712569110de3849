// The product page's 'Options and variants': a product without options keeps its one stock panel
// and may be given options; a product with options is edited per variant, each with its own stock.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi, type AdminProduct } from '../../admin-api';
import { QueryState } from '../../components/list-states';
import { StockPanel } from '../stock-panel';
import { AddVariantForm } from './add-variant-form';
import { NewOptionsForm } from './new-options-form';
import { OptionsEditor } from './options-editor';
import { VariantsTable } from './variants-table';
import { PricePerKgForm } from './price-per-kg-form';
import { StockUnitForm } from './stock-unit-form';

function PanelCard({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <Card className={wide ? '2xl:col-span-2' : undefined}>
      <CardContent className="space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Options and variants</h2>
        {children}
      </CardContent>
    </Card>
  );
}

export function VariantsPanel({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['admin', 'variants', product.id], queryFn: () => adminApi.variants(product.id) });
  const [stockVariantId, setStockVariantId] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  return (
    <QueryState query={query} what="the options and variants">
      {({ options, variants, pricePerKgCents, stockUnit }) => {
        const perKg = (
          <>
            <PricePerKgForm key={pricePerKgCents} productId={product.id} pricePerKgCents={pricePerKgCents} onSaved={refresh} />
            {/* Stock in kg is for a product sold by the kilo (decision 050). */}
            {(pricePerKgCents !== null || stockUnit === 'kg') && (
              <StockUnitForm key={stockUnit} productId={product.id} stockUnit={stockUnit} onSaved={refresh} />
            )}
          </>
        );
        if (options.length === 0) {
          return (
            <>
              <StockPanel product={product} />
              <PanelCard>
                <NewOptionsForm product={product} onSaved={refresh} />
              </PanelCard>
            </>
          );
        }
        const stockVariant = variants.find((v) => v.id === stockVariantId) ?? variants[0];
        return (
          <>
            <PanelCard wide>
              {perKg}
              <VariantsTable
                stockUnit={stockUnit}
                lowStockThreshold={product.lowStockThreshold}
                productId={product.id}
                variants={variants}
                stockVariantId={stockVariant?.id ?? null}
                onStock={setStockVariantId}
                onSaved={refresh}
              />
              <section aria-labelledby="options-heading" className="space-y-3">
                <h3 id="options-heading" className="font-semibold text-slate-900">
                  Options and their values
                </h3>
                <OptionsEditor productId={product.id} options={options} />
              </section>
              <section aria-labelledby="new-variant-heading" className="space-y-3">
                <h3 id="new-variant-heading" className="font-semibold text-slate-900">
                  Sell another combination
                </h3>
                <AddVariantForm
                  key={`${options.map((o) => o.id).join()}:${stockUnit}`}
                  productId={product.id}
                  options={options}
                  stockUnit={stockUnit}
                  onSaved={refresh}
                />
              </section>
            </PanelCard>
            {stockVariant && <StockPanel key={stockVariant.id} product={product} variant={stockVariant} />}
          </>
        );
      }}
    </QueryState>
  );
}
