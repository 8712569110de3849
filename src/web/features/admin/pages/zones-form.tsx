// The delivery zones table: edited as a whole (fees typed in KES, sent in cents) and checked with
// src/domain's zoneTableProblems (no overlapping bands, at least one active zone, a minimum and fee
// for the zone's small-order rule) before it is sent; the server checks the same again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import type { z } from 'zod';
import { zonesFormSchema, zoneTableProblems } from '@/domain/back-office-forms';
import { centsToDecimalString } from '@/domain/money';
import { PAY_ON_DELIVERY_CHOICES, PAY_ON_DELIVERY_LABELS } from '@/domain/pay-on-delivery';
import { SMALL_ORDER_RULES, type SmallOrderRule } from '@/domain/small-order';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { ApiError, errorMessage } from '@/web/lib/api';
import { adminApi, type DeliveryZone } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CheckboxField, SelectInput, TextInput } from '../components/form-field';
import { fieldBinder } from '../hooks/admin-form';

type ZonesInput = z.input<typeof zonesFormSchema>;

/** What each rule does, as the owner chooses it for a zone. */
const SMALL_ORDER_RULE_CHOICES: Readonly<Record<SmallOrderRule, string>> = {
  none: 'No minimum',
  minimum: 'Refuse the order (minimum order)',
  fee: 'Add a small-order fee',
};
/** The body of PUT /api/admin/delivery/zones. */
type ZonesOutput = z.output<typeof zonesFormSchema>;

const toRow = (z: DeliveryZone) => ({
  id: z.id,
  name: z.name,
  minKm: String(z.minKm),
  maxKm: String(z.maxKm),
  baseFee: centsToDecimalString(z.baseFeeCents),
  perKmRate: centsToDecimalString(z.perKmRateCents),
  estimatedMinutes: String(z.estimatedMinutes),
  active: z.active,
  smallOrderRule: z.smallOrder?.rule ?? 'none',
  minimumOrder: z.smallOrder?.minimumCents ? centsToDecimalString(z.smallOrder.minimumCents) : '',
  smallOrderFee: z.smallOrder?.feeCents ? centsToDecimalString(z.smallOrder.feeCents) : '',
  // A zone saved before pay on delivery existed has no choice: it is not offered there.
  payOnDelivery: z.payOnDelivery ?? 'off',
});

/** Read when the dialog opens, so it names the zone as typed so far. */
function RemoveZoneText({ control, index }: { control: Control<ZonesInput, unknown, ZonesOutput>; index: number }) {
  const name = useWatch({ control, name: `zones.${index}.name` });
  return (
    <>
      Zone {index + 1}
      {name ? ` (${name})` : ''} is taken out of the table. Checkout keeps the saved zones until you press Save zones, and the zones must
      still run from 0 km without gaps.
    </>
  );
}

export function ZonesForm({ zones }: { zones: DeliveryZone[] }) {
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<ZonesInput, unknown, ZonesOutput>({
    resolver: zodResolver(zonesFormSchema),
    defaultValues: { zones: zones.map(toRow) },
  });
  const rows = useFieldArray({ control: form.control, name: 'zones' });
  const bind = fieldBinder(form, 'delivery');
  const { isSubmitting } = form.formState;
  // The removed zone's button is gone with it: focus goes to Add zone rather than the page's top.
  const addZone = useRef<HTMLButtonElement>(null);
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals > 0) addZone.current?.focus();
  }, [removals]);

  const onValid = async (values: ZonesOutput) => {
    const found = zoneTableProblems(values.zones);
    setProblems(found);
    if (found.length > 0) return;
    try {
      const saved = await adminApi.saveZones(values);
      form.reset({ zones: saved.zones.map(toRow) });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'delivery'] });
      toast.success('Delivery zones saved. Checkout uses them from now on.');
    } catch (err) {
      const fromServer = err instanceof ApiError ? err.fields?.zones?.split('\n') : undefined;
      setProblems(fromServer ?? [errorMessage(err, 'The zones could not be saved. Please try again.')]);
    }
  };

  return (
    <form
      noValidate
      aria-label="Delivery zones"
      className="space-y-4"
      onSubmit={form.handleSubmit(onValid, () => toast.error('Some zone fields need fixing.'))}
    >
      {problems.length > 0 && (
        <Alert tone="error" title="The zones cannot be saved yet">
          <ul className="list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
      <ol className="space-y-3">
        {rows.fields.map((row, i) => {
          const zone = (name: keyof ZonesInput['zones'][number]) => bind(`zones.${i}.${name}`);
          return (
            <li key={row.id} className="rounded-lg border border-slate-200 p-4">
              <fieldset>
                <legend className="mb-3 font-semibold text-slate-900">Zone {i + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <div className="sm:col-span-2">
                    <TextInput label="Name" {...zone('name')} />
                  </div>
                  <TextInput label="From (km)" inputMode="decimal" {...zone('minKm')} />
                  <TextInput label="To (km)" inputMode="decimal" {...zone('maxKm')} />
                  <TextInput label="Base fee (KES)" inputMode="decimal" {...zone('baseFee')} />
                  <TextInput label="Per km (KES)" inputMode="decimal" {...zone('perKmRate')} />
                  <TextInput label="Estimated minutes" inputMode="numeric" {...zone('estimatedMinutes')} />
                  <SelectInput label="Below the minimum order" {...zone('smallOrderRule')}>
                    {SMALL_ORDER_RULES.map((rule) => (
                      <option key={rule} value={rule}>
                        {SMALL_ORDER_RULE_CHOICES[rule]}
                      </option>
                    ))}
                  </SelectInput>
                  <TextInput
                    label="Minimum order (KES)"
                    inputMode="decimal"
                    hint="The goods' subtotal, before delivery"
                    {...zone('minimumOrder')}
                  />
                  <TextInput
                    label="Small-order fee (KES)"
                    inputMode="decimal"
                    hint="Only with 'Add a small-order fee'"
                    {...zone('smallOrderFee')}
                  />
                  <SelectInput label="Pay on delivery" hint="Who may pay the rider at the door" {...zone('payOnDelivery')}>
                    {PAY_ON_DELIVERY_CHOICES.map((choice) => (
                      <option key={choice} value={choice}>
                        {PAY_ON_DELIVERY_LABELS[choice]}
                      </option>
                    ))}
                  </SelectInput>
                  <div className="flex items-end justify-between gap-3">
                    <CheckboxField id={`zone-${i}-active`} label="Active" {...form.register(`zones.${i}.active`)} />
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm">
                          Remove<span className="sr-only"> zone {i + 1}</span>
                        </Button>
                      }
                      title={`Remove zone ${i + 1}?`}
                      description={<RemoveZoneText control={form.control} index={i} />}
                      confirmLabel="Remove zone"
                      onConfirm={() => {
                        rows.remove(i);
                        setRemovals((n) => n + 1);
                        return true;
                      }}
                    />
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={addZone}
          variant="outline"
          onClick={() => {
            const last = form.getValues('zones').at(-1);
            rows.append({
              name: '',
              minKm: String(last?.maxKm ?? '0'),
              maxKm: '',
              baseFee: '',
              perKmRate: '',
              estimatedMinutes: '30',
              active: true,
              smallOrderRule: 'none',
              minimumOrder: '',
              smallOrderFee: '',
              payOnDelivery: 'off',
            });
          }}
        >
          Add zone
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save zones'}
        </Button>
      </div>
    </form>
  );
}
