import { Link } from 'react-router';

/** The small 'Privacy notice' link under a form that collects personal data (sign-up, checkout) and in the footer. */
export function PrivacyNoticeLink({ className = 'text-slate-600' }: { className?: string }) {
  return (
    <p className={`text-xs ${className}`}>
      <Link className="tap underline hover:no-underline" to="/privacy">
        Privacy notice
      </Link>
    </p>
  );
}
