// A product's option kinds and their values: rename a kind, move kinds and values up or down, add a
// value, disable or enable one (a disabled value's variants are no longer sold).
import { useState, type FormEvent } from 'react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminOption } from '../../admin-api';
import { TextInput } from '../../components/form-field';
import { useAdminAction } from '../../hooks/use-admin-action';
import { apiFields } from './field-errors';

/** The ids with the one at `from` moved by `by` places (a new order to send). */
const moved = (ids: readonly string[], from: number, by: -1 | 1): string[] => {
  const out = [...ids];
  const [id] = out.splice(from, 1);
  out.splice(from + by, 0, id!);
  return out;
};

/** A one-field form (rename a kind, add a value) with the API's message under its field. */
function OneFieldForm({
  id,
  label,
  initial,
  submitLabel,
  save,
}: {
  id: string;
  label: string;
  initial: string;
  submitLabel: string;
  save(text: string): Promise<unknown>;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const run = useAdminAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let message: string | undefined;
    const ok = await run(
      () =>
        save(text).catch((err: unknown) => {
          message = Object.values(apiFields(err))[0];
          throw err;
        }),
      'Saved.',
    );
    setError(ok ? undefined : message);
    if (ok && initial === '') setText('');
  };
  return (
    <form noValidate aria-label={label} className="flex flex-wrap items-start gap-2" onSubmit={submit}>
      <div className="min-w-48 flex-1">
        <TextInput id={id} label={label} value={text} error={error} onChange={(e) => setText(e.target.value)} />
      </div>
      <Button type="submit" variant="outline" className="mt-6">
        {submitLabel}
      </Button>
    </form>
  );
}

/** 'Move X up' and 'Move X down' for one item of a list (the first cannot go up, the last down). */
function MoveButtons(props: { name: string; index: number; count: number; variant: 'outline' | 'ghost'; move: (by: -1 | 1) => void }) {
  const { name, index, count, variant, move } = props;
  return (
    <>
      <Button size="sm" variant={variant} disabled={index === 0} onClick={() => move(-1)}>
        Move {name} up
      </Button>
      <Button size="sm" variant={variant} disabled={index === count - 1} onClick={() => move(1)}>
        Move {name} down
      </Button>
    </>
  );
}

function OptionCard({ productId, option, index, allIds }: { productId: string; option: AdminOption; index: number; allIds: string[] }) {
  const run = useAdminAction();
  const valueIds = option.values.map((v) => v.id);
  return (
    <section aria-labelledby={`option-${option.id}-heading`} className="space-y-3 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`option-${option.id}-heading`} className="font-semibold text-slate-900">
          {option.name}
        </h4>
        <div className="flex gap-2">
          <MoveButtons
            name={option.name}
            index={index}
            count={allIds.length}
            variant="outline"
            move={(by) =>
              run(() => adminApi.reorderOptions(productId, moved(allIds, index, by)), `${option.name} moved ${by < 0 ? 'up' : 'down'}.`)
            }
          />
        </div>
      </div>
      <OneFieldForm
        key={option.name}
        id={`option-${option.id}-name`}
        label={`Name of the option ${option.name}`}
        initial={option.name}
        submitLabel="Rename"
        save={(name) => adminApi.renameOption(productId, option.id, name)}
      />
      <ul aria-label={`Values of ${option.name}`} className="divide-y divide-slate-100">
        {option.values.map((v, i) => (
          <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
            <details className="min-w-48 flex-1">
              <summary className="cursor-pointer text-slate-900">
                {v.value} {!v.enabled && <Badge tone="danger">Not sold</Badge>}
                <span className="sr-only"> (rename)</span>
              </summary>
              <OneFieldForm
                key={v.value}
                id={`value-${v.id}-name`}
                label={`New name of ${v.value}`}
                initial={v.value}
                submitLabel="Rename"
                save={(value) => adminApi.updateOptionValue(productId, option.id, v.id, { value })}
              />
            </details>
            <span className="flex flex-wrap gap-2">
              <MoveButtons
                name={v.value}
                index={i}
                count={valueIds.length}
                variant="ghost"
                move={(by) =>
                  run(
                    () => adminApi.reorderOptionValues(productId, option.id, moved(valueIds, i, by)),
                    `${v.value} moved ${by < 0 ? 'up' : 'down'}.`,
                  )
                }
              />
              <Button
                size="sm"
                variant={v.enabled ? 'outline' : 'secondary'}
                onClick={() =>
                  run(
                    () => adminApi.updateOptionValue(productId, option.id, v.id, { enabled: !v.enabled }),
                    v.enabled
                      ? `${v.value} is disabled: its variants are no longer sold.`
                      : `${v.value} is enabled: enable the variants to sell below.`,
                  )
                }
              >
                {v.enabled ? `Disable ${v.value}` : `Enable ${v.value}`}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <OneFieldForm
        id={`option-${option.id}-new-value`}
        label={`New value of ${option.name}`}
        initial=""
        submitLabel="Add value"
        save={(value) => adminApi.addOptionValue(productId, option.id, value)}
      />
    </section>
  );
}

export function OptionsEditor({ productId, options }: { productId: string; options: readonly AdminOption[] }) {
  const allIds = options.map((o) => o.id);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      {options.map((o, i) => (
        <OptionCard key={o.id} productId={productId} option={o} index={i} allIds={allIds} />
      ))}
    </div>
  );
}
