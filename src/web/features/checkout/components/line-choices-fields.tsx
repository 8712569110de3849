// 'Your items' at checkout: for each line, what the shop does if it has run out when packing (the
// shop's usual choice preselected) and a short note ('cut into 4 pieces'), and one note for the shop.
// maxLength stops typing at the limit; the server checks the same limits again.
import { cartLineKey, type CartLine } from '@/domain/cart';
import { IF_UNAVAILABLE, LINE_CHOICE_LIMITS, type IfUnavailable } from '@/domain/line-choices';
import { Textarea } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { TextField } from '@/web/components/ui/text-field';
import { useCheckoutText } from '@/web/i18n/checkout-text';

export interface LineChoice {
  ifUnavailable: IfUnavailable;
  note: string;
}

export interface LineChoicesFieldsProps {
  lines: readonly CartLine[];
  /** By cart line key; a line without an entry has the shop's usual choice and no note. */
  choices: Readonly<Record<string, LineChoice>>;
  /** The shop's usual choice (Shop details), preselected on every line. */
  shopDefault: IfUnavailable;
  orderNote: string;
  onChoice(key: string, choice: LineChoice): void;
  onOrderNote(text: string): void;
}

// The look of the shop's text inputs (components/ui/input.tsx).
const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 ' +
  'focus:outline-none focus:ring-2 focus:ring-brand-600/30 max-sm:h-11';

export function LineChoicesFields({ lines, choices, shopDefault, orderNote, onChoice, onOrderNote }: LineChoicesFieldsProps) {
  const t = useCheckoutText();
  return (
    <>
      <ul className="space-y-4">
        {lines.map((line, i) => {
          const key = cartLineKey(line);
          const choice = choices[key] ?? { ifUnavailable: shopDefault, note: '' };
          return (
            <li key={key} className="space-y-2 border-b border-slate-200 pb-4 last:border-0 last:pb-0">
              <p className="font-medium text-slate-900">
                {line.name} <span className="text-slate-600">× {line.quantity}</span>
              </p>
              <div>
                <Label htmlFor={`line-${i}-unavailable`}>{t('ifUnavailable')}</Label>
                <select
                  id={`line-${i}-unavailable`}
                  className={selectClass}
                  value={choice.ifUnavailable}
                  onChange={(e) => onChoice(key, { ...choice, ifUnavailable: e.currentTarget.value as IfUnavailable })}
                >
                  {IF_UNAVAILABLE.map((c) => (
                    <option key={c} value={c}>
                      {t(`ifUnavailable_${c}`)}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                id={`line-${i}-note`}
                label={t('lineNote', { name: line.name })}
                placeholder={t('lineNotePlaceholder')}
                maxLength={LINE_CHOICE_LIMITS.lineNote}
                value={choice.note}
                onChange={(e) => onChoice(key, { ...choice, note: e.currentTarget.value })}
              />
            </li>
          );
        })}
      </ul>
      <div>
        <Label htmlFor="checkout-order-note">{t('orderNote')}</Label>
        <Textarea
          id="checkout-order-note"
          rows={2}
          className="min-h-16"
          maxLength={LINE_CHOICE_LIMITS.orderNote}
          value={orderNote}
          onChange={(e) => onOrderNote(e.currentTarget.value)}
        />
      </div>
    </>
  );
}
