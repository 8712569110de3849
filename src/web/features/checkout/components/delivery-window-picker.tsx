// 'Delivery window': the windows of the address's zone (today's remaining ones, then the next days),
// the soonest free one chosen; a full window is shown as full and cannot be chosen. Outside opening
// hours it says when the shop opens and when the next delivery is.
import { CalendarClock } from 'lucide-react';
import type { DeliveryWindowsState } from '../use-delivery-windows';

export function DeliveryWindowPicker({ windows, error }: { windows: DeliveryWindowsState; error?: string }) {
  if (windows.status === 'idle') return null;
  const { slots, chosen, closedNotice } = windows;
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-4" aria-describedby={error ? 'delivery-window-error' : undefined}>
      <legend className="flex items-center gap-2 px-1 text-lg font-semibold">
        <CalendarClock aria-hidden="true" className="h-5 w-5 text-brand-700" /> Delivery window
      </legend>
      {closedNotice && (
        <p data-testid="closed-notice" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {closedNotice}
        </p>
      )}
      {windows.status === 'loading' && <p className="text-sm text-slate-600">Finding delivery windows…</p>}
      {windows.status === 'error' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          We could not load the delivery windows. Please try again.
        </p>
      )}
      {windows.status === 'ready' && slots.length === 0 && (
        <p className="text-sm text-slate-600">We deliver to this area as soon as your order is packed.</p>
      )}
      {slots.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="delivery-windows">
          {slots.map((s) => {
            const id = `window-${s.windowId}-${s.date}`;
            const checked = chosen?.windowId === s.windowId && chosen.date === s.date;
            return (
              <li key={id}>
                <label
                  htmlFor={id}
                  className={`tap flex items-center gap-2 rounded-md border p-2 text-sm ${
                    s.full ? 'border-slate-200 text-slate-600' : checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300'
                  }`}
                >
                  <input
                    id={id}
                    type="radio"
                    name="delivery-window"
                    value={`${s.windowId}|${s.date}`}
                    checked={checked}
                    disabled={s.full}
                    onChange={() => windows.choose({ windowId: s.windowId, date: s.date })}
                  />
                  <span>{s.label}</span>
                  {s.full && <span className="ml-auto font-medium">Full</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id="delivery-window-error" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
