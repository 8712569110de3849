// 'Promotion code' with 'Apply' at checkout: the server says whether the code applies and what it
// takes off; a refusal is said under the field, an applied code beside a way to remove it.
import { useState } from 'react';
import { formatKES } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { TextField } from '@/web/components/ui/text-field';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import type { PromotionState } from '../use-promotion';

export function PromotionCodeField({ promotion, id = 'checkout-promotion-code' }: { promotion: PromotionState; id?: string }) {
  // A code applied earlier (in the cart) is shown in the field.
  const t = useCheckoutText();
  const [typed, setTyped] = useState(promotion.code);
  const { applied, message, checking } = promotion;
  const apply = () => promotion.apply(typed.trim());
  return (
    <div className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            id={id}
            label={t('promotionCode')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            value={typed}
            error={promotion.code !== '' ? (message ?? undefined) : undefined}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter applies the code rather than sending the whole checkout form.
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
          />
        </div>
        <Button variant="outline" onClick={apply} disabled={checking || typed.trim() === ''}>
          {t('apply')}
        </Button>
      </div>
      {applied && (
        <p role="status" data-testid="promotion-applied" className="flex items-center justify-between gap-2 text-sm text-brand-800">
          <span>
            {applied.freeDelivery
              ? t('promotionFreeDelivery', { label: applied.label })
              : t('promotionDiscount', { label: applied.label, amount: formatKES(applied.discountCents) })}
          </span>
          {promotion.code !== '' && (
            <Button
              variant="link"
              size="sm"
              onClick={() => {
                setTyped('');
                promotion.remove();
              }}
            >
              {t('remove')}
            </Button>
          )}
        </p>
      )}
    </div>
  );
}
