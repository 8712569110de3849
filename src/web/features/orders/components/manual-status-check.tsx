import { RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useOrdersText } from '@/web/i18n/orders-text';

/** While a payment is unconfirmed: ask Pesapal now instead of waiting for the next update. */
export function ManualStatusCheck({ checking, onCheck }: { checking: boolean; onCheck: () => void }) {
  const t = useOrdersText();
  return (
    <Card>
      <CardContent className="space-y-3 text-center">
        <h2 className="text-lg font-semibold">{t('paidButWaiting')}</h2>
        <p className="text-sm text-slate-600">{t('confirmationsUsually')}</p>
        <Button variant="outline" onClick={onCheck} disabled={checking}>
          <RefreshCw aria-hidden="true" className={checking ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} />
          {checking ? t('checking') : t('checkPaymentStatus')}
        </Button>
      </CardContent>
    </Card>
  );
}
