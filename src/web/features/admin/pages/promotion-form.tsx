// Create and edit a promotion: a code (or none: an automatic offer), what it gives, the minimum
// spend, first order only, the limits, the window in Nairobi time, the Nairobi weekdays and what it
// applies to. Checked with the rules the API checks again (src/domain/promotion-forms.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { centsToDecimalString } from '@/domain/money';
import { WEEKDAY_LABELS, isoToNairobiLocal, promotionFormSchema, type PromotionFormValues } from '@/domain/promotion-forms';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/label';
import type { AdminPromotion, PromotionBody, PromotionChoices } from '../admin-api';
import { CheckboxField, SelectInput, TextInput } from '../components/form-field';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';

const FIELDS = [
  'code',
  'name',
  'kind',
  'value',
  'minimumSpend',
  'perCustomerLimit',
  'totalLimit',
  'startsAt',
  'endsAt',
  'weekdays',
  'scope',
  'scopeIds',
] as const;

const SCOPE_LABELS = { all: 'Everything in the cart', categories: 'Categories', products: 'Products', variants: 'Variants' } as const;

function defaults(p: AdminPromotion | null): PromotionFormValues {
  return {
    code: p?.code ?? '',
    name: p?.name ?? '',
    kind: p?.kind ?? 'percent',
    value: !p || p.kind === 'free_delivery' ? '' : p.kind === 'fixed' ? centsToDecimalString(p.value) : String(p.value),
    minimumSpend: p && p.minimumSpendCents > 0 ? centsToDecimalString(p.minimumSpendCents) : '',
    firstOrderOnly: p?.firstOrderOnly ?? false,
    perCustomerLimit: p?.perCustomerLimit === null || !p ? '' : String(p.perCustomerLimit),
    totalLimit: p?.totalLimit === null || !p ? '' : String(p.totalLimit),
    startsAt: isoToNairobiLocal(p?.startsAt ?? null),
    endsAt: isoToNairobiLocal(p?.endsAt ?? null),
    weekdays: (p?.weekdays ?? []).map(String),
    scope: p?.scope ?? 'all',
    scopeIds: p?.scopeIds ?? [],
  };
}

/** The choices of a scope: categories by name, products and variants by id with their names. */
function scopeOptions(scope: string, choices: PromotionChoices | undefined): { id: string; label: string }[] {
  if (!choices) return [];
  if (scope === 'categories') return choices.categories.map((c) => ({ id: c, label: c }));
  if (scope === 'products') return choices.products.map((p) => ({ id: p.id, label: `${p.name} (${p.category})` }));
  if (scope === 'variants') return choices.variants.map((v) => ({ id: v.id, label: v.name }));
  return [];
}

export function PromotionForm({
  promotion,
  choices,
  onSave,
  submitLabel,
}: {
  promotion: AdminPromotion | null;
  choices: PromotionChoices | undefined;
  /** Gets the API's body; resolves when saved, throws an ApiError whose field messages go under the fields. */
  onSave(body: PromotionBody): Promise<unknown>;
  submitLabel: string;
}) {
  const form = useForm<PromotionFormValues, unknown, PromotionBody>({
    resolver: zodResolver(promotionFormSchema),
    mode: 'onTouched',
    defaultValues: defaults(promotion),
  });
  const field = fieldBinder(form, 'promotion');
  const kind = form.watch('kind');
  const scope = form.watch('scope') ?? 'all';
  const weekdaysError = form.formState.errors.weekdays?.message;
  const scopeIdsError = form.formState.errors.scopeIds?.message;

  return (
    <form
      noValidate
      aria-label={promotion ? 'Edit promotion' : 'New promotion'}
      className="space-y-5"
      onSubmit={adminSubmit(form, FIELDS, (_, body) => onSave(body), 'The promotion could not be saved. Please try again.', {
        minimumSpendCents: 'minimumSpend',
      })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Code"
          autoCapitalize="characters"
          hint="What the customer types, e.g. FISHFRIDAY. Leave it empty for an automatic offer (no code needed)."
          {...field('code')}
        />
        <TextInput label="Name" hint="What the back office and, for an automatic offer, the customer read." {...field('name')} />
        <SelectInput label="Gives" {...field('kind')}>
          <option value="percent">A percentage off</option>
          <option value="fixed">A fixed amount off (KES)</option>
          <option value="free_delivery">Free delivery</option>
        </SelectInput>
        {kind !== 'free_delivery' && (
          <TextInput
            label={kind === 'fixed' ? 'Amount off (KES)' : 'Percentage off'}
            inputMode={kind === 'fixed' ? 'decimal' : 'numeric'}
            hint={kind === 'fixed' ? 'Never more than what the lines it applies to cost.' : 'A whole number from 1 to 100.'}
            {...field('value')}
          />
        )}
        <TextInput
          label="Minimum spend (KES)"
          inputMode="decimal"
          hint="The goods in the cart, before the discount. Empty for none."
          {...field('minimumSpend')}
        />
        <TextInput label="Uses per customer" inputMode="numeric" hint="Empty for no limit." {...field('perCustomerLimit')} />
        <TextInput label="Uses in all" inputMode="numeric" hint="Empty for no limit." {...field('totalLimit')} />
        <TextInput label="Starts (Nairobi time)" type="datetime-local" hint="Empty: from now." {...field('startsAt')} />
        <TextInput label="Ends (Nairobi time)" type="datetime-local" hint="Empty: no end." {...field('endsAt')} />
      </div>
      <CheckboxField
        id="promotion-firstOrderOnly"
        label="First order only"
        hint="Only for a customer who has never paid for an order."
        {...form.register('firstOrderOnly')}
      />
      <fieldset aria-describedby={weekdaysError ? 'promotion-weekdays-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Days (Nairobi)</legend>
        <p className="text-xs text-slate-600">None ticked: every day.</p>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAY_LABELS.map((day, i) => (
            <CheckboxField key={day} id={`promotion-weekday-${i}`} label={day} value={String(i)} {...form.register('weekdays')} />
          ))}
        </div>
        <FieldError id="promotion-weekdays-error" message={weekdaysError} />
      </fieldset>
      <SelectInput label="Applies to" {...field('scope')}>
        {Object.entries(SCOPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectInput>
      {scope !== 'all' && (
        <fieldset aria-describedby={scopeIdsError ? 'promotion-scopeIds-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            Choose {SCOPE_LABELS[scope as keyof typeof SCOPE_LABELS]?.toLowerCase()}
          </legend>
          <div className="mt-2 grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
            {scopeOptions(scope, choices).map((o) => (
              <CheckboxField key={o.id} id={`promotion-scope-${o.id}`} label={o.label} value={o.id} {...form.register('scopeIds')} />
            ))}
          </div>
          <FieldError id="promotion-scopeIds-error" message={scopeIdsError} />
        </fieldset>
      )}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
