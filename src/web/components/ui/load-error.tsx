import { useShellText } from '@/web/i18n/shell-text';
import { Alert } from './alert';
import { Button } from './button';

/** A list or page that could not load: what went wrong, and a button that asks again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  const t = useShellText();
  return (
    <Alert tone="error" className="flex flex-col items-start gap-3">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </Alert>
  );
}
