import { RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';

/** While a payment is unconfirmed: ask Pesapal now instead of waiting for the next update. */
export function ManualStatusCheck({ checking, onCheck }: { checking: boolean; onCheck: () => void }) {
  return (
    <Card>
      <CardContent className="space-y-3 text-center">
        <h2 className="text-lg font-semibold">Paid but still waiting?</h2>
        <p className="text-sm text-slate-600">
          Confirmations usually arrive within seconds. If you have paid and this page has not changed, check the payment status now.
        </p>
        <Button variant="outline" onClick={onCheck} disabled={checking}>
          <RefreshCw aria-hidden="true" className={checking ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} />
          {checking ? 'Checking...' : 'Check Payment Status'}
        </Button>
      </CardContent>
    </Card>
  );
}
