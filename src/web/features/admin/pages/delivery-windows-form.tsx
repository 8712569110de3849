// The shop's opening hours and each zone's delivery windows (day, start, end, capacity, cut-off)
// with its closed dates. The server checks that windows lie inside opening hours and says why not.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { clock24, WEEKDAY_NAMES } from '@/domain/business-hours';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { adminApi, type DeliveryWindowSettings } from '../admin-api';
import { CheckboxField, SelectInput, TextArea, TextInput } from '../components/form-field';

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];
const SETTINGS_KEY = ['admin', 'delivery', 'windows'];

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
          <fieldset key={day} className="grid grid-cols-[7rem_1fr_1fr] items-end gap-2">
            <legend className="sr-only">{name}</legend>
            <CheckboxField id={`hours-${day}-open`} label={name} checked={d.open} onChange={(e) => set(day, { open: e.target.checked })} />
            <TextInput
              id={`hours-${day}-opens`}
              label="Opens"
              value={d.opens}
              disabled={!d.open}
              onChange={(e) => set(day, { opens: e.target.value })}
            />
            <TextInput
              id={`hours-${day}-closes`}
              label="Closes"
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

interface WindowRow {
  key: string;
  id?: string;
  weekday: number;
  start: string;
  end: string;
  capacity: string;
  cutoffMinutes: string;
}

type Zone = DeliveryWindowSettings['zones'][number];

const rowsOf = (zone: Zone): WindowRow[] =>
  zone.windows.map((w) => ({
    key: w.id,
    id: w.id,
    weekday: w.weekday,
    start: clock24(w.startMinute),
    end: clock24(w.endMinute),
    capacity: String(w.capacity),
    cutoffMinutes: String(w.cutoffMinutes),
  }));

export function ZoneWindowsForm({ zones }: { zones: Zone[] }) {
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
      {zone && <OneZoneForm key={zone.zoneId} zone={zone} />}
    </div>
  );
}

function OneZoneForm({ zone }: { zone: Zone }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => rowsOf(zone));
  const [closed, setClosed] = useState(zone.closedDates.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: string, patch: Partial<WindowRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminApi.saveZoneWindows(zone.zoneId, {
        windows: rows.map((r) => ({
          ...(r.id ? { id: r.id } : {}),
          weekday: r.weekday,
          start: r.start,
          end: r.end,
          capacity: Number(r.capacity),
          cutoffMinutes: Number(r.cutoffMinutes),
        })),
        closedDates: closed
          .split(/\s+/)
          .map((d) => d.trim())
          .filter((d) => d !== ''),
      });
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      toast.success(`Delivery windows of ${zone.zoneName} saved.`);
    } catch (err) {
      setError(errorMessage(err, 'The windows could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate aria-label={`Delivery windows of ${zone.zoneName}`} className="space-y-3" onSubmit={(e) => void save(e)}>
      <ul className="space-y-3">
        {rows.map((r, i) => (
          <li key={r.key}>
            <fieldset className="grid grid-cols-2 items-end gap-2 sm:grid-cols-6">
              <legend className="sr-only">Window {i + 1}</legend>
              <SelectInput
                id={`w-${r.key}-day`}
                label="Day"
                value={r.weekday}
                onChange={(e) => set(r.key, { weekday: Number(e.target.value) })}
              >
                {MONDAY_FIRST.map((d) => (
                  <option key={d} value={d}>
                    {WEEKDAY_NAMES[d]}
                  </option>
                ))}
              </SelectInput>
              <TextInput id={`w-${r.key}-start`} label="From" value={r.start} onChange={(e) => set(r.key, { start: e.target.value })} />
              <TextInput id={`w-${r.key}-end`} label="To" value={r.end} onChange={(e) => set(r.key, { end: e.target.value })} />
              <TextInput
                id={`w-${r.key}-capacity`}
                label="Orders"
                inputMode="numeric"
                value={r.capacity}
                onChange={(e) => set(r.key, { capacity: e.target.value })}
              />
              <TextInput
                id={`w-${r.key}-cutoff`}
                label="Cut-off (min)"
                inputMode="numeric"
                value={r.cutoffMinutes}
                onChange={(e) => set(r.key, { cutoffMinutes: e.target.value })}
              />
              <Button type="button" variant="outline" onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}>
                Remove<span className="sr-only"> window {i + 1}</span>
              </Button>
            </fieldset>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          setRows((all) => [
            ...all,
            { key: crypto.randomUUID(), weekday: 1, start: '10:00', end: '12:00', capacity: '10', cutoffMinutes: '60' },
          ])
        }
      >
        Add window
      </Button>
      <TextArea
        id="windows-closed"
        label="Closed dates"
        hint="One date a line, as YYYY-MM-DD (public holidays): no deliveries to this zone then."
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
