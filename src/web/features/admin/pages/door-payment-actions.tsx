// What the rider does at the door of an order to be paid on delivery: send an M-Pesa prompt to the
// customer's phone (and wait for her PIN, the list refreshing until the order shows paid), type the
// code of her own M-Pesa payment to the till, take cash, or record that she refused the order (it is
// cancelled and its goods go back in stock). Each control is a finger's 44 px and names its stop.
import { useState } from 'react';
import { doorCodeSchema, doorPromptSchema, refusedAtDoorSchema } from '@/domain/back-office-forms';
import { formatKES } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { TextField } from '@/web/components/ui/text-field';
import { adminApi, type DeliveryStopView } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import { useAdminAction } from '../hooks/use-admin-action';
import { ForStop } from './delivery-stop';

/** One text field in a confirm dialog, checked with the API's own schema before it is sent. */
function FieldDialog({
  stop,
  trigger,
  title,
  description,
  confirmLabel,
  label,
  hint,
  type,
  initial,
  check,
  onSubmit,
}: {
  stop: DeliveryStopView;
  trigger: string;
  title: string;
  description: string;
  confirmLabel: string;
  label: string;
  hint: string;
  type: 'tel' | 'text';
  initial: string;
  check(text: string): { ok: true; value: string } | { ok: false; message: string };
  onSubmit(value: string): Promise<boolean>;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const id = `${trigger.toLowerCase().replace(/[^a-z]+/g, '-')}-${stop.orderId}`;
  return (
    <ConfirmDialog
      trigger={
        <Button size="tall" variant="secondary" className="w-full">
          <ForStop label={trigger} stop={stop} />
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      confirmVariant="default"
      cancelLabel="Back"
      onConfirm={async () => {
        const checked = check(text);
        if (!checked.ok) {
          setError(checked.message);
          return false;
        }
        setError(undefined);
        return onSubmit(checked.value);
      }}
    >
      <TextField
        id={id}
        label={label}
        hint={hint}
        type={type}
        value={text}
        error={error}
        autoComplete="off"
        onChange={(e) => setText(e.currentTarget.value)}
      />
    </ConfirmDialog>
  );
}

function checked<T extends Record<string, string>>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  field: keyof T & string,
) {
  return (text: string) => {
    const parsed = schema.safeParse({ [field]: text });
    return parsed.success
      ? ({ ok: true, value: parsed.data[field] } as const)
      : ({ ok: false, message: parsed.error.issues[0]?.message ?? '' } as const);
  };
}

export function DoorPaymentActions({ stop, onPrompted }: { stop: DeliveryStopView; onPrompted(): void }) {
  const run = useAdminAction();
  const order = `#${stop.orderNumber}`;
  const amount = formatKES(stop.collectCents ?? stop.paidCents);
  return (
    <div className="col-span-2 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-base font-semibold text-amber-900">Collect {amount}: M-Pesa or cash</p>
      <div className="grid grid-cols-2 gap-2">
        <FieldDialog
          stop={stop}
          trigger="Send M-Pesa prompt"
          title={`M-Pesa prompt for order ${order}`}
          description={`The customer gets the prompt for ${amount} on this phone and enters her M-Pesa PIN.`}
          confirmLabel="Send prompt"
          label="M-Pesa number"
          hint="The customer's phone, or the number she gives you."
          type="tel"
          initial={stop.phone}
          check={checked(doorPromptSchema, 'phone')}
          onSubmit={async (phone) => {
            const sent = await run(
              () => adminApi.doorPrompt(stop.orderId, phone),
              (p) => `Prompt sent to ${p.phoneDisplay}. Wait for the customer's PIN.`,
            );
            if (sent) onPrompted();
            return sent;
          }}
        />
        <FieldDialog
          stop={stop}
          trigger="Paid by M-Pesa code"
          title={`M-Pesa payment for order ${order}`}
          description={`The customer paid ${amount} to the shop's till. Type the code from her M-Pesa message.`}
          confirmLabel="Record payment"
          label="M-Pesa code"
          hint="10 letters and digits, like QGH7XK2P1L."
          type="text"
          initial=""
          check={checked(doorCodeSchema, 'code')}
          onSubmit={(code) =>
            run(() => adminApi.paidAtDoor(stop.orderId, { method: 'mpesa_code', code }), `Order ${order} paid by M-Pesa.`)
          }
        />
        <ConfirmDialog
          trigger={
            <Button size="tall" variant="secondary" className="w-full">
              <ForStop label="Paid in cash" stop={stop} />
            </Button>
          }
          title={`${amount} in cash for order ${order}?`}
          description="Keep the cash for the cash-up at the end of the day."
          confirmLabel="Yes, cash received"
          confirmVariant="default"
          cancelLabel="Back"
          onConfirm={() => run(() => adminApi.paidAtDoor(stop.orderId, { method: 'cash' }), `Order ${order} paid in cash.`)}
        />
        <ReasonDialog
          trigger={
            <Button size="tall" variant="outline" className="w-full">
              <ForStop label="Refused at the door" stop={stop} />
            </Button>
          }
          title={`Order ${order} refused?`}
          description="The order is cancelled and the goods go back into stock: bring them back to the shop."
          confirmLabel="Order refused"
          cancelLabel="Back"
          field="reason"
          schema={refusedAtDoorSchema}
          id={`refused-${stop.orderId}`}
          label="Why?"
          hint="For example: did not want it, could not pay."
          onSubmit={(reason) =>
            run(() => adminApi.refusedAtDoor(stop.orderId, reason), `Order ${order} cancelled; the goods go back into stock.`)
          }
        />
      </div>
    </div>
  );
}
