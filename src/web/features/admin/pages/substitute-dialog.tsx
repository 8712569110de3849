// 'Substitute…': what may go in place of a line that has run out, the same product's other sizes
// first, with the customer's 'If unavailable' choice and note in view (she may have asked to be
// called, or to have it removed), each candidate's price and what she would get back.
import { useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ifUnavailableText } from '@/domain/line-choices';
import { formatKES } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { adminApi, type PickLineView } from '../admin-api';

export function SubstituteDialog({
  line,
  disabled,
  onChoose,
}: {
  line: PickLineView;
  disabled: boolean;
  /** Records the choice; resolves whether it worked (the dialog then closes). */
  onChoose(variantId: string): Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['admin', 'packing', 'substitutes', line.id],
    queryFn: () => adminApi.substitutes(line.id),
    enabled: open,
  });
  const choose = async (variantId: string) => {
    setBusy(true);
    const ok = await onChoose(variantId);
    setBusy(false);
    if (ok) setOpen(false);
  };
  const title = `${line.quantity} × ${line.name}`;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="tall" disabled={disabled}>
          Substitute…
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-md flex-col rounded-lg bg-white p-4 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Substitute for {title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-1 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">{ifUnavailableText(line.ifUnavailable)}</p>
              {line.note && <p>Note: {line.note}</p>}
              <p>At most {formatKES(line.paidCents)}, what the customer paid for it.</p>
            </div>
          </Dialog.Description>
          <div className="mt-3 min-h-0 flex-1 overflow-y-auto">
            {query.isPending && <p role="status">Finding substitutes…</p>}
            {query.isError && <p role="alert">{errorMessage(query.error, 'Could not load the substitutes. Please try again.')}</p>}
            {query.data && query.data.candidates.length === 0 && (
              <p>Nothing in stock of this kind costs {formatKES(line.paidCents)} or less: mark it unavailable.</p>
            )}
            {query.data && query.data.candidates.length > 0 && (
              <ul className="space-y-2" aria-label="Substitutes">
                {query.data.candidates.map((c) => (
                  <li key={c.variantId}>
                    <Button
                      variant="outline"
                      className="h-auto min-h-11 w-full flex-col items-start py-2 text-left"
                      disabled={busy}
                      onClick={() => void choose(c.variantId)}
                    >
                      <span className="text-base">{c.name}</span>
                      <span className="font-normal text-slate-700">
                        {formatKES(c.grossCents)}
                        {c.owedCents > 0 ? ` · ${formatKES(c.owedCents)} back` : ''} · {c.stock} in stock
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Dialog.Close asChild>
            <Button variant="outline" size="tall" className="mt-3" disabled={busy}>
              Back
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
