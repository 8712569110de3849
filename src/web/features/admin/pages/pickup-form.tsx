// Pick-up at the shop on /admin/delivery: offered or not, where and how customers collect (shown at
// checkout and in the 'ready for pick-up' SMS), and the pick-up windows with places of their own,
// set like the delivery week. The shop's closed dates apply to them too. The server checks it all.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PICKUP_INSTRUCTIONS_MAX } from '@/domain/pickup';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { adminApi } from '../admin-api';
import { CheckboxField, TextArea } from '../components/form-field';
import { QueryState } from '../components/list-states';
import { MONDAY_FIRST } from './delivery-windows-shared';
import { rowOf, windowBody, WindowRowsEditor } from './delivery-windows-form';

const PICKUP_KEY = ['admin', 'delivery', 'pickup'];

type PickupView = Awaited<ReturnType<typeof adminApi.pickupSettings>>;

function PickupForm({ settings }: { settings: PickupView }) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [instructions, setInstructions] = useState(settings.instructions);
  const [rows, setRows] = useState(() =>
    [...settings.windows].sort((a, b) => MONDAY_FIRST.indexOf(a.weekday) - MONDAY_FIRST.indexOf(b.weekday)).map(rowOf),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminApi.savePickupSettings({ enabled, instructions, windows: rows.map(windowBody) });
      await queryClient.invalidateQueries({ queryKey: PICKUP_KEY });
      toast.success(
        enabled ? 'Pick-up at the shop saved: customers can choose it at checkout.' : 'Pick-up at the shop saved: not offered.',
      );
    } catch (err) {
      setError(errorMessage(err, 'Pick-up could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate aria-label="Pick-up at the shop" className="space-y-3" onSubmit={(e) => void save(e)}>
      <CheckboxField
        id="pickup-enabled"
        label="Offer pick-up at the shop at checkout"
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
      />
      <TextArea
        id="pickup-instructions"
        label="Pick-up address and instructions"
        hint={`Shown at checkout and in the SMS when an order is ready (at most ${PICKUP_INSTRUCTIONS_MAX} characters).`}
        maxLength={PICKUP_INSTRUCTIONS_MAX}
        value={instructions}
        onChange={(e) => setInstructions(e.target.value)}
      />
      <WindowRowsEditor rows={rows} onChange={setRows} caption="Pick-up windows of the week" capacityLabel="Orders" />
      <p className="text-sm text-slate-600">The shop's closed dates (above) apply to pick-up too.</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save pick-up'}
      </Button>
    </form>
  );
}

export function PickupSection() {
  const query = useQuery({ queryKey: PICKUP_KEY, queryFn: adminApi.pickupSettings });
  return (
    <QueryState query={query} what="pick-up at the shop">
      {(settings) => <PickupForm key={settings.windows.map((w) => w.id).join()} settings={settings} />}
    </QueryState>
  );
}
