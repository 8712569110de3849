// The shop's opening hours and its week of delivery windows (day, start, end, places per zone,
// cut-off), set once for every zone, with the whole shop's closed dates. The server checks that
// windows lie inside opening hours, end after they start, do not overlap and have a place, and says
// why not.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { clock24, WEEKDAY_NAMES } from '@/domain/business-hours';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { adminApi, type DeliveryWindowSettings } from '../admin-api';
import { CheckboxField, TextArea, TextInput } from '../components/form-field';
import { datesText, MONDAY_FIRST, WINDOWS_SETTINGS_KEY as SETTINGS_KEY } from './delivery-windows-shared';

export function OpeningHoursForm({ hours }: { hours: DeliveryWindowSettings['hours'] }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(() =>
    hours.map((h) => ({ open: h !== null, opens: clock24(h?.opens ?? 540), closes: clock24(h?.closes ?? 1080) })),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (day: number, patch: Partial<(typeof days)[number]>) =>
    setDays((all) => all.map((d, i) => (i === day ? { ...d, ...patch } : d)));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminApi.saveOpeningHours({ days });
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      await queryClient.invalidateQueries({ queryKey: ['content', 'opening-hours'] });
      toast.success('Opening hours saved.');
    } catch (err) {
      setError(errorMessage(err, 'The opening hours could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate aria-label="Opening hours" className="space-y-3" onSubmit={(e) => void save(e)}>
      {MONDAY_FIRST.map((day) => {
        const d = days[day]!;
        const name = WEEKDAY_NAMES[day]!;
        return (
          // On a phone the day's name takes a row of its own, above its two times (a fieldset is as wide as its content).
          <fieldset key={day} className="grid min-w-0 grid-cols-2 items-end gap-2 sm:grid-cols-[7rem_1fr_1fr]">
            <legend className="sr-only">{name}</legend>
            <div className="col-span-2 sm:col-span-1">
              <CheckboxField
                id={`hours-${day}-open`}
                label={name}
                checked={d.open}
                onChange={(e) => set(day, { open: e.target.checked })}
              />
            </div>
            <TextInput
              id={`hours-${day}-opens`}
              label="Opens"
              type="time"
              value={d.opens}
              disabled={!d.open}
              onChange={(e) => set(day, { opens: e.target.value })}
            />
            <TextInput
              id={`hours-${day}-closes`}
              label="Closes"
              type="time"
              value={d.closes}
              disabled={!d.open}
              onChange={(e) => set(day, { closes: e.target.value })}
            />
          </fieldset>
        );
      })}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save opening hours'}
      </Button>
    </form>
  );
}

export interface WindowRow {
  key: string;
  id?: string;
  weekday: number;
  start: string;
  end: string;
  capacity: string;
  cutoffMinutes: string;
}

type WeekWindow = DeliveryWindowSettings['week'][number];

export const rowOf = (w: Pick<WeekWindow, 'id' | 'weekday' | 'startMinute' | 'endMinute' | 'capacity' | 'cutoffMinutes'>): WindowRow => ({
  key: w.id,
  id: w.id,
  weekday: w.weekday,
  start: clock24(w.startMinute),
  end: clock24(w.endMinute),
  capacity: String(w.capacity),
  cutoffMinutes: String(w.cutoffMinutes),
});

/** A row as the server takes it. */
export const windowBody = (r: WindowRow) => ({
  ...(r.id ? { id: r.id } : {}),
  weekday: r.weekday,
  start: r.start,
  end: r.end,
  capacity: Number(r.capacity),
  cutoffMinutes: Number(r.cutoffMinutes),
});

const CELL =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** The week's windows, the same for every zone, and the whole shop's closed dates. */
export function WeekWindowsForm({ week, closedDates }: { week: WeekWindow[]; closedDates: string[] }) {
  const queryClient = useQueryClient();
  // Monday first as the owner reads a week; a new row stays where it was added while it is edited.
  const [rows, setRows] = useState(() =>
    [...week].sort((a, b) => MONDAY_FIRST.indexOf(a.weekday) - MONDAY_FIRST.indexOf(b.weekday)).map(rowOf),
  );
  const [closed, setClosed] = useState(closedDates.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminApi.saveWeekWindows({
        windows: rows.map(windowBody),
        closedDates: datesText(closed),
      });
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      toast.success('Delivery windows saved for every zone.');
    } catch (err) {
      setError(errorMessage(err, 'The windows could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate aria-label="The week's delivery windows" className="space-y-3" onSubmit={(e) => void save(e)}>
      <p className="text-sm text-slate-600">Every zone gets these windows; the places are for each zone. Set a zone's exceptions below.</p>
      <WindowRowsEditor rows={rows} onChange={setRows} caption="Delivery windows of the week" capacityLabel="Orders per zone" />
      <TextArea
        id="windows-shop-closed"
        label="Closed dates of the whole shop"
        hint="One date a line, as YYYY-MM-DD (public holidays): no deliveries to any zone then."
        value={closed}
        onChange={(e) => setClosed(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save windows'}
      </Button>
    </form>
  );
}

/** A week of windows as a table (day, from and to as time pickers, places, cut-off), rows added and removed. */
export function WindowRowsEditor({
  rows,
  onChange,
  caption,
  capacityLabel,
}: {
  rows: WindowRow[];
  onChange(rows: WindowRow[]): void;
  caption: string;
  capacityLabel: string;
}) {
  const set = (key: string, patch: Partial<WindowRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <>
      {/* Positioned, so the screen-reader text of its buttons scrolls with it instead of widening the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-left text-slate-700">
              <th scope="col" className="p-1">
                Day
              </th>
              <th scope="col" className="p-1">
                From
              </th>
              <th scope="col" className="p-1">
                To
              </th>
              <th scope="col" className="p-1">
                {capacityLabel}
              </th>
              <th scope="col" className="p-1">
                Cut-off (min)
              </th>
              <th scope="col" className="p-1">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const name = `Window ${i + 1}`;
              return (
                <tr key={r.key}>
                  <td className="p-1">
                    <select
                      aria-label={`${name} day`}
                      className={CELL}
                      value={r.weekday}
                      onChange={(e) => set(r.key, { weekday: Number(e.target.value) })}
                    >
                      {MONDAY_FIRST.map((d) => (
                        <option key={d} value={d}>
                          {WEEKDAY_NAMES[d]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="p-1">
                    <input
                      aria-label={`${name} from`}
                      type="time"
                      className={CELL}
                      value={r.start}
                      onChange={(e) => set(r.key, { start: e.target.value })}
                    />
                  </td>
                  <td className="p-1">
                    <input
                      aria-label={`${name} to`}
                      type="time"
                      className={CELL}
                      value={r.end}
                      onChange={(e) => set(r.key, { end: e.target.value })}
                    />
                  </td>
                  <td className="p-1">
                    <input
                      aria-label={`${name} ${capacityLabel.toLowerCase()}`}
                      type="number"
                      min={1}
                      className={CELL}
                      value={r.capacity}
                      onChange={(e) => set(r.key, { capacity: e.target.value })}
                    />
                  </td>
                  <td className="p-1">
                    <input
                      aria-label={`${name} cut-off in minutes`}
                      type="number"
                      min={0}
                      className={CELL}
                      value={r.cutoffMinutes}
                      onChange={(e) => set(r.key, { cutoffMinutes: e.target.value })}
                    />
                  </td>
                  <td className="p-1">
                    <Button type="button" variant="outline" onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
                      Remove<span className="sr-only"> {name.toLowerCase()}</span>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          onChange([...rows, { key: crypto.randomUUID(), weekday: 1, start: '10:00', end: '12:00', capacity: '10', cutoffMinutes: '60' }])
        }
      >
        Add window
      </Button>
    </>
  );
}
