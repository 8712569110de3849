// One zone's exceptions to the shop's week of delivery windows: weekdays it is not served, windows it
// is not served, its own places or cut-off in a window (blank: the week's), and its own closed dates.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { clock24, WEEKDAY_NAMES } from '@/domain/business-hours';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { adminApi, type DeliveryWindowSettings } from '../admin-api';
import { CheckboxField, SelectInput, TextArea } from '../components/form-field';
import { datesText, MONDAY_FIRST, WINDOWS_SETTINGS_KEY } from './delivery-windows-shared';

type Zone = DeliveryWindowSettings['zones'][number];
type WeekWindow = DeliveryWindowSettings['week'][number];

interface Row {
  served: boolean;
  capacity: string;
  cutoffMinutes: string;
}

const CELL =
  'h-10 w-24 rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:opacity-60';

const windowName = (w: WeekWindow) => `${WEEKDAY_NAMES[w.weekday]!} ${clock24(w.startMinute)}–${clock24(w.endMinute)}`;

export function ZoneExceptionsForm({ week, zones }: { week: WeekWindow[]; zones: Zone[] }) {
  const [zoneId, setZoneId] = useState(zones[0]?.zoneId ?? '');
  const zone = zones.find((z) => z.zoneId === zoneId);
  return (
    <div className="space-y-4">
      <SelectInput id="windows-zone" label="Zone" value={zoneId} onChange={(e) => setZoneId(e.target.value)}>
        {zones.map((z) => (
          <option key={z.zoneId} value={z.zoneId}>
            {z.zoneName}
          </option>
        ))}
      </SelectInput>
      {zone && <OneZoneForm key={zone.zoneId} zone={zone} week={week} />}
    </div>
  );
}

/** A typed number, null when blank (the week's), NaN when not a number. */
const numberOrUsual = (text: string) => (text.trim() === '' ? null : Number(text));

function OneZoneForm({ zone, week }: { zone: Zone; week: WeekWindow[] }) {
  const queryClient = useQueryClient();
  const [daysOff, setDaysOff] = useState(() => new Set(zone.daysOff));
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      week.map((w) => {
        const e = zone.exceptions.find((x) => x.windowId === w.id);
        return [
          w.id,
          { served: e?.served ?? true, capacity: e?.capacity?.toString() ?? '', cutoffMinutes: e?.cutoffMinutes?.toString() ?? '' },
        ];
      }),
    ),
  );
  const [closed, setClosed] = useState(zone.closedDates.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (id: string, patch: Partial<Row>) => setRows((all) => ({ ...all, [id]: { ...all[id]!, ...patch } }));
  const toggleDay = (day: number, off: boolean) =>
    setDaysOff((all) => {
      const next = new Set(all);
      if (off) next.add(day);
      else next.delete(day);
      return next;
    });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const exceptions = week.map((w) => {
      const r = rows[w.id]!;
      return { windowId: w.id, served: r.served, capacity: numberOrUsual(r.capacity), cutoffMinutes: numberOrUsual(r.cutoffMinutes) };
    });
    const typo = exceptions.find((x) => Number.isNaN(x.capacity) || Number.isNaN(x.cutoffMinutes));
    if (typo) {
      setError(
        `${windowName(week.find((w) => w.id === typo.windowId)!)}: type the orders and cut-off as whole numbers, or leave them blank.`,
      );
      return;
    }
    setBusy(true);
    try {
      await adminApi.saveZoneWindows(zone.zoneId, { daysOff: [...daysOff], exceptions, closedDates: datesText(closed) });
      await queryClient.invalidateQueries({ queryKey: WINDOWS_SETTINGS_KEY });
      toast.success(`Exceptions of ${zone.zoneName} saved.`);
    } catch (err) {
      setError(errorMessage(err, 'The exceptions could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const ordered = [...week].sort((a, b) => MONDAY_FIRST.indexOf(a.weekday) - MONDAY_FIRST.indexOf(b.weekday));
  return (
    <form noValidate aria-label={`Exceptions of ${zone.zoneName}`} className="space-y-3" onSubmit={(e) => void save(e)}>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Days {zone.zoneName} is not served</legend>
        {MONDAY_FIRST.map((d) => (
          <CheckboxField
            key={d}
            id={`zone-off-${d}`}
            label={WEEKDAY_NAMES[d]!}
            checked={daysOff.has(d)}
            onChange={(e) => toggleDay(d, e.target.checked)}
          />
        ))}
      </fieldset>
      {/* Positioned, so the screen-reader text of its buttons scrolls with it instead of widening the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[30rem] text-sm">
          <caption className="sr-only">Windows of {zone.zoneName}</caption>
          <thead>
            <tr className="text-left text-slate-700">
              <th scope="col" className="p-1">
                Window
              </th>
              <th scope="col" className="p-1">
                Served
              </th>
              <th scope="col" className="p-1">
                Orders
              </th>
              <th scope="col" className="p-1">
                Cut-off (min)
              </th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((w) => {
              const r = rows[w.id]!;
              const name = windowName(w);
              const off = daysOff.has(w.weekday) || !r.served;
              return (
                <tr key={w.id}>
                  <th scope="row" className="p-1 text-left font-normal">
                    {name}
                  </th>
                  <td className="p-1">
                    <input
                      type="checkbox"
                      aria-label={`${name} served`}
                      className="h-5 w-5"
                      checked={r.served && !daysOff.has(w.weekday)}
                      disabled={daysOff.has(w.weekday)}
                      onChange={(e) => set(w.id, { served: e.target.checked })}
                    />
                  </td>
                  <td className="p-1">
                    <input
                      aria-label={`${name} orders`}
                      type="number"
                      min={1}
                      className={CELL}
                      placeholder={String(w.capacity)}
                      value={r.capacity}
                      disabled={off}
                      onChange={(e) => set(w.id, { capacity: e.target.value })}
                    />
                  </td>
                  <td className="p-1">
                    <input
                      aria-label={`${name} cut-off in minutes`}
                      type="number"
                      min={0}
                      className={CELL}
                      placeholder={String(w.cutoffMinutes)}
                      value={r.cutoffMinutes}
                      disabled={off}
                      onChange={(e) => set(w.id, { cutoffMinutes: e.target.value })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <TextArea
        id="windows-zone-closed"
        label={`Closed dates of ${zone.zoneName}`}
        hint="One date a line, as YYYY-MM-DD: no deliveries to this zone then, besides the shop's closed dates."
        value={closed}
        onChange={(e) => setClosed(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : `Save exceptions of ${zone.zoneName}`}
      </Button>
    </form>
  );
}
