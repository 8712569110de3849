// 'Download my data': everything the shop keeps about her as a JSON file, and her orders as a
// spreadsheet. Buttons (not links) so a refusal, such as too many downloads in an hour, is said in
// words instead of saved as a file.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { downloadMyData } from '../api';
import { useAccountText } from '@/web/i18n/account-text';

/** Hands the file to the browser's downloads. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function DataDownload() {
  const t = useAccountText();
  const [busy, setBusy] = useState<'json' | 'orders-csv' | null>(null);
  const download = async (what: 'json' | 'orders-csv') => {
    setBusy(what);
    try {
      const { blob, filename } = await downloadMyData(what);
      save(blob, filename);
    } catch (err) {
      toast.error(errorMessage(err, t('downloadFailed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="my-data-heading" className="mt-8">
      <h2 id="my-data-heading" className="text-xl font-semibold text-slate-900">
        {t('dataTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dataLead')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="outline" disabled={busy !== null} onClick={() => void download('json')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {busy === 'json' ? t('preparing') : t('downloadData')}
        </Button>
        <Button variant="outline" disabled={busy !== null} onClick={() => void download('orders-csv')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {busy === 'orders-csv' ? t('preparing') : t('downloadOrders')}
        </Button>
      </div>
    </section>
  );
}
