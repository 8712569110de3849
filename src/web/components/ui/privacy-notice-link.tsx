import { Link } from './link';
import { useShellText } from '@/web/i18n/shell-text';

/** The small 'Privacy notice' link under a form that collects personal data (sign-up, checkout) and in the footer. */
export function PrivacyNoticeLink({ className = 'text-slate-600' }: { className?: string }) {
  const t = useShellText();
  return (
    <p className={`text-xs ${className}`}>
      <Link className="tap underline hover:no-underline" to="/privacy">
        {t('privacyNotice')}
      </Link>
    </p>
  );
}
