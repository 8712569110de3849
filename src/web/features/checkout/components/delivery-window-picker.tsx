// 'Delivery window': days first (a row of day tabs, 'Today', 'Tomorrow', 'Wed 2 Dec' …), then that
// day's times as radios, so a week of windows fits one phone screen. The day shown is the chosen
// window's until the customer picks another; a full window is shown as full and cannot be chosen.
// Arrow keys move between days (tabs) and between times (native radios). Outside opening hours it
// says when the shop opens and when the next delivery is.
import { Trans } from '../../../i18n/trans';
import { CalendarClock } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { slotDays, slotTime } from '@/domain/delivery-slot-days';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import type { DeliveryWindowsState } from '../use-delivery-windows';

export function DeliveryWindowPicker({
  windows,
  error,
  now = new Date(),
  pickup = false,
}: {
  windows: DeliveryWindowsState;
  error?: string;
  now?: Date;
  /** The shop's pick-up windows rather than the zone's delivery windows. */
  pickup?: boolean;
}) {
  const t = useCheckoutText();
  // The domain names the next two days in English ('Today', 'Tomorrow'); other days by their date.
  const dayName = (name: string) => (name === 'Today' ? t('today') : name === 'Tomorrow' ? t('tomorrow') : name);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (windows.status === 'idle') return null;
  const { slots, chosen, closedNotice } = windows;
  const days = slotDays(slots, now);
  const shown = days.find((d) => d.date === pickedDay) ?? days.find((d) => d.date === chosen?.date) ?? days[0];
  const chosenSlot = chosen ? slots.find((s) => s.windowId === chosen.windowId && s.date === chosen.date) : undefined;
  const showDay = (index: number) => {
    const day = days[(index + days.length) % days.length];
    if (!day) return;
    setPickedDay(day.date);
    tabs.current[(index + days.length) % days.length]?.focus();
  };
  const onTabKey = (e: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: days.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    showDay(to);
  };
  return (
    <fieldset
      className="space-y-2 rounded-lg border border-slate-200 p-3"
      aria-describedby={error ? 'delivery-window-error' : undefined}
      data-testid="delivery-window-picker"
    >
      <legend className="flex items-center gap-2 px-1 text-lg font-semibold">
        <CalendarClock aria-hidden="true" className="h-5 w-5 text-brand-700" /> {pickup ? t('pickupWindow') : t('deliveryWindow')}
      </legend>
      {closedNotice && (
        <p data-testid="closed-notice" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {closedNotice}
        </p>
      )}
      {windows.status === 'loading' && (
        <p className="text-sm text-slate-600">{pickup ? t('findingPickupWindows') : t('findingDeliveryWindows')}</p>
      )}
      {windows.status === 'error' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {pickup ? t('pickupWindowsFailed') : t('deliveryWindowsFailed')}
        </p>
      )}
      {windows.status === 'ready' && slots.length === 0 && (
        <p className="text-sm text-slate-600">{pickup ? t('pickupWhenReady') : t('deliverWhenPacked')}</p>
      )}
      {shown && (
        <>
          <div
            role="tablist"
            aria-label={pickup ? t('pickupDay') : t('deliveryDay')}
            className="flex flex-wrap gap-1.5"
            data-testid="delivery-days"
          >
            {days.map((d, i) => {
              const selected = d.date === shown.date;
              return (
                <button
                  key={d.date}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`delivery-day-${d.date}`}
                  aria-selected={selected}
                  aria-controls="delivery-day-times"
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setPickedDay(d.date)}
                  onKeyDown={(e) => onTabKey(e, i)}
                  className={`tap rounded-md border px-2.5 py-1.5 text-sm ${
                    selected ? 'border-brand-700 bg-brand-700 font-semibold text-white' : 'border-slate-300 bg-white text-slate-800'
                  }`}
                >
                  {d.full ? t('dayFull', { day: dayName(d.name) }) : dayName(d.name)}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id="delivery-day-times" aria-labelledby={`delivery-day-${shown.date}`}>
            <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-4" data-testid="delivery-windows">
              {shown.slots.map((s) => {
                const id = `window-${s.windowId}-${s.date}`;
                const checked = chosen?.windowId === s.windowId && chosen.date === s.date;
                return (
                  <li key={id}>
                    <label
                      htmlFor={id}
                      className={`tap flex w-full items-center gap-2 rounded-md border p-2 text-sm ${
                        s.full ? 'border-slate-200 text-slate-600' : checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300'
                      }`}
                    >
                      <input
                        id={id}
                        aria-label={s.full ? t('windowFull', { window: s.label }) : s.label}
                        type="radio"
                        name="delivery-window"
                        value={`${s.windowId}|${s.date}`}
                        checked={checked}
                        disabled={s.full}
                        onChange={() => windows.choose({ windowId: s.windowId, date: s.date })}
                      />
                      {/* The whole label in the text too (as the order's records name it); the day shows on its tab. */}
                      <span>
                        <span className="sr-only">{s.label.slice(0, s.label.length - slotTime(s).length)}</span>
                        {slotTime(s)}
                      </span>
                      {s.full && <span className="ml-auto font-medium">{t('full')}</span>}
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
          {chosenSlot && (
            <p className="text-sm text-slate-700" data-testid="chosen-window">
              <Trans id={t.id('yourWindow')} values={{ window: chosenSlot.label }} components={{ 0: <strong /> }} />
            </p>
          )}
        </>
      )}
      {error && (
        <p id="delivery-window-error" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
