// 'Chat on WhatsApp': how Nairobi shoppers ask a shop a quick question ('is the tilapia fresh
// today?'). Opens the shop's chat with a first message naming what it is about; hidden until the
// merchant has saved a WhatsApp number in the shop details.
import { MessageCircle } from 'lucide-react';
import { whatsAppChatHref } from '@/domain/whatsapp';
import { cn } from '@/web/lib/cn';
import { useShopDetails } from '../use-shop-details';
import { useContentText } from '../../../i18n/content-text';

export function ChatOnWhatsApp({ text, className }: { text: string; className?: string }) {
  const t = useContentText();
  const { details, ready } = useShopDetails();
  const href = ready ? whatsAppChatHref(details.whatsapp, text) : null;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="chat-on-whatsapp"
      className={cn(
        'inline-flex min-h-11 w-fit items-center gap-2 rounded-md border border-green-700 px-4 text-sm font-semibold text-green-800 hover:bg-green-50',
        className,
      )}
    >
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      {t('chatOnWhatsApp')}
      <span className="sr-only"> {t('opensInNewTab')}</span>
    </a>
  );
}
