// One line of an order's pick list, made for a phone: a big tick box for 'packed' (a line sold by
// the kilo first takes what the scale says, in grams), 'Substitute…' and 'Unavailable'; once decided,
// what was recorded and what it would give back, with 'Undo' until packing is finished; once finished,
// what was paid, what was sent and what goes back.
import { useId, useState } from 'react';
import { ifUnavailableText } from '@/domain/line-choices';
import { formatKES } from '@/domain/money';
import { formatGrams, weightRefusal } from '@/domain/packing';
import { lineSettlement } from '@/domain/packing-settlement';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import type { PackingLineBody, PickLineView } from '../admin-api';
import { SubstituteDialog } from './substitute-dialog';

/** Runs a change of the line; resolves the error message to show, or null when it worked. */
export type LineChange = (body: PackingLineBody) => Promise<string | null>;

function expected(line: PickLineView): string {
  const price = `${formatKES(line.paidCents)} paid`;
  if (line.expectedGrams === null) return price;
  const each = line.quantity > 1 && line.nominalGrams !== null ? ` (${formatGrams(line.nominalGrams)} each)` : '';
  return `About ${formatGrams(line.expectedGrams)}${each} · ${price}`;
}

/** What was recorded, as the packer reads it back. */
function recorded(line: PickLineView): string {
  const p = line.packing!;
  const back = p.owedCents > 0 ? ` · ${formatKES(p.owedCents)} back` : '';
  switch (p.outcome) {
    case 'packed':
      return p.weighedGrams === null ? 'Packed' : `Packed, weighed ${formatGrams(p.weighedGrams)}${back}`;
    case 'substituted':
      return `Replaced by ${p.substitute?.name ?? 'a substitute'}${back}`;
    case 'unavailable':
      return `Unavailable${back}`;
  }
}

/** A finished line's settlement: paid, sent, and what goes back with where its refund stands. */
function Settled({ line, refundState }: { line: PickLineView; refundState: string }) {
  const p = line.packing!;
  const s = lineSettlement({
    outcome: p.outcome,
    quantity: line.quantity,
    paidCents: line.paidCents,
    expectedGrams: line.expectedGrams,
    weighedGrams: p.weighedGrams,
    substituteName: p.substitute?.name ?? null,
    owedCents: p.owedCents,
  });
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-slate-800" data-testid="line-settlement">
      <li>{s.paid}</li>
      <li>{s.sent}</li>
      {s.back && (
        <li className="font-semibold text-slate-900">
          {s.back} · {refundState}
        </li>
      )}
    </ul>
  );
}

export function PackingLine({
  line,
  finished,
  change,
  refundState,
}: {
  line: PickLineView;
  finished: boolean;
  change: LineChange;
  /** Once finished: where packing's refund stands ('Refunded by Pesapal'). */
  refundState?: string;
}) {
  const id = useId();
  const [grams, setGrams] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const weighed = line.nominalGrams !== null;
  const decided = line.packing !== null;
  const title = `${line.quantity} × ${line.name}`;

  const send = async (body: PackingLineBody) => {
    setBusy(true);
    const failed = await change(body);
    setBusy(false);
    setError(failed);
    return failed === null;
  };
  const pack = async (checked: boolean) => {
    if (!checked) return void (await send({ outcome: 'undo' }));
    const weight = weighed ? Number(grams.trim()) : null;
    const refusal = weighed ? weightRefusal(line, grams.trim() === '' || !Number.isFinite(weight) ? null : weight) : null;
    if (refusal) return setError(refusal);
    await send({ outcome: 'packed', weighedGrams: weight });
  };

  return (
    <li className="border-t border-slate-200 py-3 first:border-t-0" aria-label={title}>
      <div className="flex items-start gap-3">
        {(!decided || line.packing?.outcome === 'packed') && (
          <input
            id={`${id}-packed`}
            type="checkbox"
            className="mt-0.5 h-11 w-11 shrink-0 accent-brand-700"
            checked={line.packing?.outcome === 'packed'}
            disabled={busy || finished}
            aria-describedby={`${id}-about`}
            onChange={(e) => void pack(e.currentTarget.checked)}
          />
        )}
        <div className="min-w-0 flex-1">
          {decided && line.packing?.outcome !== 'packed' ? (
            <p className="text-base font-semibold text-slate-900 break-words">{title}</p>
          ) : (
            <label htmlFor={`${id}-packed`} className="block text-base font-semibold text-slate-900 break-words">
              {title}
            </label>
          )}
          <p id={`${id}-about`} className="text-sm text-slate-700">
            {expected(line)}
          </p>
          <p className="text-sm text-slate-700">
            {ifUnavailableText(line.ifUnavailable)}
            {line.note && <> · Note: {line.note}</>}
          </p>
          {decided && (
            <p className="mt-1 text-sm font-semibold text-slate-900" data-testid="packing-state">
              {recorded(line)}
            </p>
          )}
          {decided && finished && refundState !== undefined && <Settled line={line} refundState={refundState} />}
        </div>
      </div>

      {!decided && !finished && (
        <div className="mt-2 flex flex-wrap items-end gap-2 pl-14">
          {weighed && (
            <div className="w-32">
              <Label htmlFor={`${id}-grams`}>Weighed (g)</Label>
              <Input
                id={`${id}-grams`}
                type="number"
                inputMode="numeric"
                min={1}
                max={50_000}
                step={1}
                value={grams}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => setGrams(e.currentTarget.value)}
                onKeyDown={(e) => e.key === 'Enter' && void pack(true)}
              />
            </div>
          )}
          <SubstituteDialog line={line} disabled={busy} onChoose={(variantId) => send({ outcome: 'substituted', variantId })} />
          <Button variant="outline" size="tall" disabled={busy} onClick={() => void send({ outcome: 'unavailable' })}>
            Unavailable
          </Button>
        </div>
      )}
      {decided && !finished && line.packing?.outcome !== 'packed' && (
        <div className="mt-2 pl-14">
          <Button variant="outline" size="tall" disabled={busy} onClick={() => void send({ outcome: 'undo' })}>
            Undo
          </Button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 pl-14 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}
