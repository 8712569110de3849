// Checkout's compact window picker: days first as tabs ('Today', 'Tomorrow', 'Wed 2 Dec'), then that
// day's times as radios; a full window is disabled with 'Full'; arrow keys move between days (between
// times the browser's own radios do it: the browser test); the window the customer chose is shown
// again when she comes back to checkout.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ZONE_WINDOWS, upcomingSlots } from '@/domain/delivery-slots';
import { axeViolations } from '../../../test-support/axe';
import { fakeApi } from '../../../test-support/fake-api';
import { renderPage } from '../../../test-support/render-page';
import { useDeliveryWindows } from '../use-delivery-windows';
import { DeliveryWindowPicker } from './delivery-window-picker';

// Monday 30 November 2026, 08:00 in Nairobi: all four of today's windows still open.
const NOW = new Date('2026-11-30T05:00:00Z');
const windows = DEFAULT_ZONE_WINDOWS.map((w, i) => ({ ...w, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
// Today's 10:00 window is full.
const slots = upcomingSlots({ now: NOW, windows, closedDates: [], taken: new Map([[`${windows[0]!.id}|2026-11-30`, 20]]) });
const ANSWER = { slots, chosen: { windowId: slots[1]!.windowId, date: slots[1]!.date }, closedNotice: null };

function Picker() {
  return <DeliveryWindowPicker windows={useDeliveryWindows('zone-1')} now={NOW} />;
}

function open() {
  const api = fakeApi();
  api.on('GET /api/checkout/delivery-windows', { json: ANSWER });
  return renderPage(<Picker />);
}

const times = () => within(screen.getByRole('tabpanel')).getAllByRole('radio');

describe('the delivery window picker', () => {
  it("shows the days as tabs and the chosen day's times, a full window disabled as full, axe clean", async () => {
    sessionStorage.clear();
    open();
    const days = await screen.findAllByRole('tab');
    expect(days.map((d) => d.textContent)).toEqual(['Today', 'Tomorrow', 'Wed 2 Dec', 'Thu 3 Dec', 'Fri 4 Dec', 'Sat 5 Dec']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Today');
    expect(times().map((r) => r.closest('label')!.textContent)).toEqual([
      'Mon 30 Nov, 10:00–12:00Full',
      'Mon 30 Nov, 12:00–14:00',
      'Mon 30 Nov, 14:00–16:00',
      'Mon 30 Nov, 16:00–18:00',
    ]);
    expect((screen.getByRole('radio', { name: 'Mon 30 Nov, 10:00–12:00, full' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Mon 30 Nov, 12:00–14:00' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('chosen-window').textContent).toBe('Your window: Mon 30 Nov, 12:00–14:00');
    expect(await axeViolations()).toEqual([]);
  });

  it('moves between days with the arrow keys, and keeps the pick when another day is shown', async () => {
    sessionStorage.clear();
    const { user } = open();
    const today = await screen.findByRole('tab', { name: 'Today' });
    await user.click(today);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tomorrow' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Tomorrow');
    expect(times().map((r) => r.getAttribute('aria-checked') ?? String((r as HTMLInputElement).checked))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sat 5 Dec' }));
    expect(times()).toHaveLength(2);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Today' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Fri 4 Dec' }));

    await user.click(screen.getByRole('radio', { name: 'Fri 4 Dec, 14:00–16:00' }));
    expect((screen.getByRole('radio', { name: 'Fri 4 Dec, 14:00–16:00' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('chosen-window').textContent).toBe('Your window: Fri 4 Dec, 14:00–16:00');
    // Another day's tab shows its times; the chosen window stays chosen and is named below.
    await user.click(screen.getByRole('tab', { name: 'Tomorrow' }));
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    expect(screen.getByTestId('chosen-window').textContent).toBe('Your window: Fri 4 Dec, 14:00–16:00');
  });

  it('opens on the day of the window the customer chose before, with it chosen', async () => {
    sessionStorage.clear();
    const first = open();
    await first.user.click(await screen.findByRole('tab', { name: 'Thu 3 Dec' }));
    await first.user.click(screen.getByRole('radio', { name: 'Thu 3 Dec, 16:00–18:00' }));
    first.unmount();

    open();
    expect(((await screen.findByRole('radio', { name: 'Thu 3 Dec, 16:00–18:00' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Thu 3 Dec');
  });

  it('shows a day whose windows are all full as full', async () => {
    sessionStorage.clear();
    const api = fakeApi();
    const todayFull = slots.map((s) => (s.date === '2026-11-30' ? { ...s, left: 0, full: true } : s));
    api.on('GET /api/checkout/delivery-windows', {
      json: { slots: todayFull, chosen: { windowId: todayFull[4]!.windowId, date: todayFull[4]!.date }, closedNotice: null },
    });
    renderPage(<Picker />);
    expect(await screen.findByRole('tab', { name: 'Today (Full)' })).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Tomorrow');
  });
});
