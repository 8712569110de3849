// A phone number as a call link, with a WhatsApp chat link beside it.
import { formatPhone } from '../../../domain/phone';
import { telHref } from '../../../domain/shop-details';
import { whatsAppHref } from '../../../domain/whatsapp';

export function PhoneLinks({ phone, who }: { phone: string; who: string }) {
  const chat = whatsAppHref(phone);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <a href={telHref(phone)} className="text-brand-700 underline" data-testid="phone-call">
        {formatPhone(phone)}
        <span className="sr-only"> (call {who})</span>
      </a>
      {chat && (
        <a href={chat} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline" data-testid="phone-whatsapp">
          WhatsApp<span className="sr-only"> {who} (opens in a new tab)</span>
        </a>
      )}
    </span>
  );
}
