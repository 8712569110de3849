import { Share2 } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { useContentText } from '../../../i18n/content-text';

/** Native sharing where the device has it; otherwise the link goes to the clipboard (on /blog/{slug}). */
export function ShareButton({ title }: { title: string }) {
  const t = useContentText();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // The customer closed the share sheet: nothing to do.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('linkCopied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={share}>
      <Share2 aria-hidden="true" className="h-4 w-4" />
      {t('share')}
    </Button>
  );
}
