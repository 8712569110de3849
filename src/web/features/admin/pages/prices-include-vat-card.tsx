// On /admin/shop-details: 'Prices include VAT', the Kenyan retail convention. With it on, prices and
// delivery fees are entered with VAT in them and fees round up to the whole shilling, so totals have
// no cents (M-Pesa moves whole shillings); orders already placed keep the way they were priced.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, CardContent } from '@/web/components/ui/card';
import { toast } from '@/web/lib/toast';
import { adminApi } from '../admin-api';

export function PricesIncludeVatCard({ on }: { on: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (next: boolean) => adminApi.savePricesIncludeVat({ on: next }),
    onSuccess: async ({ pricesIncludeVat }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'shop-details'] }),
        queryClient.invalidateQueries({ queryKey: ['content', 'shop-details'] }),
      ]);
      toast.success(pricesIncludeVat ? 'Prices now include VAT.' : 'VAT is now added on top of prices.');
    },
    onError: () => toast.error('The VAT setting could not be saved. Please try again.'),
  });
  return (
    <Card className="mt-6 max-w-2xl">
      <CardContent className="space-y-2">
        <h2 className="text-lg font-semibold">Prices and VAT</h2>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5"
            checked={on}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
          />
          <span>
            <span className="block font-medium">Prices include VAT</span>
            <span className="block text-sm text-slate-700">
              Product prices and delivery fees already hold their VAT, and delivery fees round up to the whole shilling, so a cart of
              whole-shilling prices totals whole shillings for M-Pesa. Off: VAT is added on top, and totals can have cents.
            </span>
          </span>
        </label>
      </CardContent>
    </Card>
  );
}
