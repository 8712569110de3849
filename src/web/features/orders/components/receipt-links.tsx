import { Download, Printer } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { api } from '@/web/lib/api-client';
import { useOrdersText } from '@/web/i18n/orders-text';
import { orderParam } from '../order-api';

const receiptUrl = (id: string) => api.orders[':id'].receipt.$path(orderParam(id));
const receiptPdfUrl = (id: string) => api.orders[':id']['receipt.pdf'].$path(orderParam(id));

/** The paid order's receipt: the PDF to keep, and the page to print. */
export function ReceiptLinks({ orderId, describedBy }: { orderId: string; describedBy?: string }) {
  const t = useOrdersText();
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
        {t('downloadReceipt')}
      </a>
      <a href={receiptUrl(orderId)} target="_blank" rel="noopener" className={buttonClasses('ghost')} aria-describedby={describedBy}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        {t('printReceipt')}
        <span className="sr-only"> {t('opensInNewTab')}</span>
      </a>
    </>
  );
}
