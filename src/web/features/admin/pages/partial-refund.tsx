// 'Refund part of this order': the merchant ticks the lines to refund (and the delivery fee), each
// with an amount (what is left of it to start with), says why, and whether the items go back in
// stock. The same rules as the server (src/domain/partial-refund.ts) check it first; the server
// decides: Pesapal asked (a card), or the owner to refund by M-Pesa by hand (the outcome says which).
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { partialRefundSchema } from '@/domain/back-office-forms';
import { centsToDecimalString, formatKES, typedAmountToCents } from '@/domain/money';
import { checkPartialRefund, type RefundableLine, type RequestedRefundLine } from '@/domain/partial-refund';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminOrderDetail } from '../admin-api';
import { CheckboxField, TextArea, TextInput } from '../components/form-field';
import { useAdminAction } from '../hooks/use-admin-action';

type Refunding = AdminOrderDetail['refunding'];
type Line = Refunding['lines'][number];
type Outcome = Awaited<ReturnType<typeof adminApi.refundPart>>;

interface LineState {
  chosen: boolean;
  amount: string;
  units: string;
}

const keyOf = (line: Pick<Line, 'orderItemId'>) => line.orderItemId ?? 'delivery';

const PARTIAL_REFUND_TEXT = {
  open: 'Refund part of this order',
  restock: 'Put the items back in stock',
  restockHint: 'Once the refund is made, the units below go back on the shelf.',
  amountTyped: 'Enter the amount in KES, like 95 or 95.50.',
  units: 'Enter a whole number of units, 0 or more.',
} as const;

/** The lines as the shared rule reads them, from what the order page knows. */
function asRefundable(line: Line): RefundableLine {
  return {
    orderItemId: line.orderItemId,
    name: line.name,
    band: 'B',
    rateBp: 0,
    paidCents: line.paidCents,
    refundedCents: line.paidCents - line.remainingCents,
    quantity: line.quantity,
    soldQuantity: line.restockable,
    restockedQuantity: 0,
  };
}

function startState(lines: readonly Line[]): Record<string, LineState> {
  return Object.fromEntries(
    lines.map((l) => [keyOf(l), { chosen: false, amount: centsToDecimalString(l.remainingCents), units: String(l.restockable) }]),
  );
}

interface Checked {
  lines: RequestedRefundLine[];
  errors: Record<string, string>;
  problem: string | null;
}

/** The form as the API takes it, or what is wrong with it. */
function readForm(refunding: Refunding, state: Record<string, LineState>, restock: boolean): Checked {
  const errors: Record<string, string> = {};
  const lines: RequestedRefundLine[] = [];
  for (const line of refunding.lines) {
    const s = state[keyOf(line)];
    if (!s?.chosen) continue;
    const amountCents = typedAmountToCents(s.amount);
    if (amountCents === null) errors[`amount-${keyOf(line)}`] = PARTIAL_REFUND_TEXT.amountTyped;
    const units = restock && line.orderItemId !== null && line.restockable > 0 ? s.units.trim() : '0';
    const restockQuantity = /^\d+$/.test(units) ? Number(units) : Number.NaN;
    if (Number.isNaN(restockQuantity)) errors[`units-${keyOf(line)}`] = PARTIAL_REFUND_TEXT.units;
    lines.push({ orderItemId: line.orderItemId, amountCents: amountCents ?? 0, restockQuantity });
  }
  if (Object.keys(errors).length > 0) return { lines, errors, problem: null };
  const check = checkPartialRefund(refunding.lines.map(asRefundable), lines, refunding.paymentLeftCents);
  return { lines, errors, problem: check.ok ? null : check.message };
}

function LineFields({
  line,
  state,
  restock,
  errors,
  onChange,
}: {
  line: Line;
  state: LineState;
  restock: boolean;
  errors: Record<string, string>;
  onChange(next: LineState): void;
}) {
  const key = keyOf(line);
  const left = line.remainingCents;
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="refund-line">
      <CheckboxField
        id={`refund-line-${key}`}
        label={line.name}
        hint={
          left === line.paidCents
            ? `Paid ${formatKES(line.paidCents)}`
            : `Paid ${formatKES(line.paidCents)}; ${formatKES(left)} left to refund`
        }
        checked={state.chosen}
        onChange={(e) => onChange({ ...state, chosen: e.currentTarget.checked })}
      />
      {state.chosen && (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <TextInput
            id={`refund-amount-${key}`}
            label={`Amount for ${line.name} (KES)`}
            inputMode="decimal"
            autoComplete="off"
            value={state.amount}
            error={errors[`amount-${key}`]}
            onChange={(e) => onChange({ ...state, amount: e.currentTarget.value })}
          />
          {restock && line.orderItemId !== null && line.restockable > 0 && (
            <TextInput
              id={`refund-units-${key}`}
              label={`Units of ${line.name} back in stock`}
              inputMode="numeric"
              autoComplete="off"
              value={state.units}
              hint={`At most ${line.restockable}`}
              error={errors[`units-${key}`]}
              onChange={(e) => onChange({ ...state, units: e.currentTarget.value })}
            />
          )}
        </div>
      )}
    </li>
  );
}

export function PartialRefund({ orderId, refunding }: { orderId: string; refunding: Refunding }) {
  const run = useAdminAction();
  const open = refunding.lines.filter((l) => l.remainingCents > 0);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState(() => startState(refunding.lines));
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const reset = () => {
    setState(startState(refunding.lines));
    setRestock(false);
    setReason('');
    setErrors({});
    setProblem(null);
  };
  const typed = readForm(refunding, state, restock);
  const total = typed.lines.reduce((sum, l) => sum + (Number.isSafeInteger(l.amountCents) ? l.amountCents : 0), 0);

  const submit = async () => {
    const checked = readForm(refunding, state, restock);
    const parsed = partialRefundSchema.safeParse({ lines: checked.lines, reason });
    const reasonError = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'reason')?.message;
    setErrors({ ...checked.errors, ...(reasonError ? { reason: reasonError } : {}) });
    const stop = checked.lines.length === 0 ? 'Choose at least one line to refund.' : checked.problem;
    setProblem(stop);
    if (stop || Object.keys(checked.errors).length > 0 || !parsed.success) return;
    setBusy(true);
    let result: Outcome | null = null;
    const done = await run(
      async () => (result = await adminApi.refundPart(orderId, parsed.data)),
      (r) => r.message,
      'The refund could not be made. Please try again.',
    );
    setBusy(false);
    if (!done) return;
    setOutcome(result);
    reset();
    setShown(false);
  };

  if (open.length === 0 && !outcome) return null;
  return (
    <div className="mt-4 space-y-3">
      {open.length > 0 && (
        <Dialog.Root
          open={shown}
          onOpenChange={(next) => {
            if (busy) return;
            setShown(next);
            if (!next) reset();
          }}
        >
          <Dialog.Trigger asChild>
            <Button variant="outline">{PARTIAL_REFUND_TEXT.open}</Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
            <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{PARTIAL_REFUND_TEXT.open}</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-slate-700">
                Tick what to refund and how much. The order goes on. Pesapal is asked to refund a card payment; mobile money, or a second
                refund of a payment, is yours to send by M-Pesa, and you record its code here. At most{' '}
                {formatKES(refunding.paymentLeftCents)} can be refunded.
              </Dialog.Description>
              <form
                className="mt-4 space-y-4"
                aria-label={PARTIAL_REFUND_TEXT.open}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                {problem && (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {problem}
                  </p>
                )}
                <fieldset>
                  <legend className="mb-2 text-sm font-semibold text-slate-900">What to refund</legend>
                  <ul className="space-y-2">
                    {open.map((line) => (
                      <LineFields
                        key={keyOf(line)}
                        line={line}
                        state={state[keyOf(line)] ?? { chosen: false, amount: '', units: '0' }}
                        restock={restock}
                        errors={errors}
                        onChange={(next) => setState((s) => ({ ...s, [keyOf(line)]: next }))}
                      />
                    ))}
                  </ul>
                </fieldset>
                <CheckboxField
                  id="refund-restock"
                  label={PARTIAL_REFUND_TEXT.restock}
                  hint={PARTIAL_REFUND_TEXT.restockHint}
                  checked={restock}
                  onChange={(e) => setRestock(e.currentTarget.checked)}
                />
                <TextArea
                  id="refund-reason"
                  label="Reason"
                  rows={3}
                  value={reason}
                  hint="The customer is told, with the amount."
                  error={errors.reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
                <div className="flex flex-wrap justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="outline" disabled={busy}>
                      Keep it
                    </Button>
                  </Dialog.Close>
                  <Button type="submit" disabled={busy}>
                    {busy ? 'Working…' : total > 0 ? `Refund ${formatKES(total)}` : 'Refund'}
                  </Button>
                </div>
              </form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
      {outcome && (
        <Alert tone={outcome.status === 'manual_needed' ? 'warning' : 'success'} data-testid="partial-refund-outcome">
          {outcome.message}
        </Alert>
      )}
    </div>
  );
}
