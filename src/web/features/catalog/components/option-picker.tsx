import { useRef, type KeyboardEvent } from 'react';
import { variantFor } from '@/domain/product-variants';
import { cn } from '@/web/lib/cn';
import type { ProductPageDto, ProductVariantDto } from '../api';

interface OptionPickerProps {
  options: ProductPageDto['options'];
  variants: ProductVariantDto[];
  chosen: ProductVariantDto;
  onChoose: (variant: ProductVariantDto) => void;
}

/**
 * A product's options as radio groups of buttons (arrow keys move within a group, as radios do).
 * Picking a value keeps the other choices when that combination is sold, else takes the first
 * variant sold with the new value.
 */
export function OptionPicker({ options, variants, chosen, onChoose }: OptionPickerProps) {
  const pick = (kind: number, valueId: string) => {
    const wanted = chosen.optionValueIds.map((id, i) => (i === kind ? valueId : id));
    const next = variantFor(variants, wanted) ?? variants.find((v) => v.optionValueIds[kind] === valueId);
    if (next) onChoose(next);
  };
  return (
    <div className="flex flex-col gap-4">
      {options.map((option, kind) => (
        <OptionGroup
          key={option.id}
          name={option.name}
          values={option.values.filter((value) => variants.some((v) => v.optionValueIds[kind] === value.id))}
          chosenId={chosen.optionValueIds[kind] ?? ''}
          onPick={(valueId) => pick(kind, valueId)}
        />
      ))}
    </div>
  );
}

function OptionGroup({
  name,
  values,
  chosenId,
  onPick,
}: {
  name: string;
  values: { id: string; value: string }[];
  chosenId: string;
  onPick: (valueId: string) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = values.find((v) => v.id === chosenId);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = (index + step + values.length) % values.length;
    onPick(values[next]!.id);
    buttons.current[next]?.focus();
  };
  const labelId = `option-${name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div>
      <p id={labelId} className="mb-2 text-sm font-medium text-slate-800">
        {name}: <span className="font-semibold">{chosen?.value}</span>
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {values.map((value, index) => {
          const on = value.id === chosenId;
          return (
            <button
              key={value.id}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="radio"
              aria-checked={on}
              tabIndex={on || (!chosen && index === 0) ? 0 : -1}
              onClick={() => onPick(value.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={cn(
                'min-h-11 rounded-md border px-4 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
              )}
            >
              {value.value}
            </button>
          );
        })}
      </div>
    </div>
  );
}
