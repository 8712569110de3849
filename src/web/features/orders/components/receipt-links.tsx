import { Download, Printer } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { api } from '@/web/lib/api-client';
import { orderParam } from '../order-api';

const receiptUrl = (id: string) => api.orders[':id'].receipt.$path(orderParam(id));
const receiptPdfUrl = (id: string) => api.orders[':id']['receipt.pdf'].$path(orderParam(id));

/** The paid order's receipt: the PDF to keep, and the page to print. */
export function ReceiptLinks({ orderId, describedBy }: { orderId: string; describedBy?: string }) {
  return (
    <>
      <a
        href={receiptPdfUrl(orderId)}
        download
        className={buttonClasses('outline')}
        aria-describedby={describedBy}
        data-testid="receipt-pdf"
      >
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
