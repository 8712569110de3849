import { Download, Printer } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';

export const receiptUrl = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/receipt`;

/** The paid order's receipt: the PDF to keep, and the page to print. */
export function ReceiptLinks({ orderId, describedBy }: { orderId: string; describedBy?: string }) {
  return (
    <>
      <a href={`${receiptUrl(orderId)}.pdf`} download className={buttonClasses('outline')} aria-describedby={describedBy} data-testid="receipt-pdf">
        <Download aria-hidden="true" className="h-4 w-4" />
        Download receipt
      </a>
      <a href={receiptUrl(orderId)} target="_blank" rel="noopener" className={buttonClasses('ghost')} aria-describedby={describedBy}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        Print receipt
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </>
  );
}
