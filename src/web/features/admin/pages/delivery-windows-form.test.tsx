// The back office's delivery windows: the week in one table with time pickers, saved once for every
// zone with the shop's closed dates; a refusal's message is shown and the rows stay as typed; a
// zone's exceptions (a day off, a window not served, its own capacity) are sent as ticked; axe clean.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/web/test-support/axe';
import { apiError, fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import { WeekWindowsForm } from './delivery-windows-form';
import { ZoneExceptionsForm } from './zone-window-exceptions-form';

const MON10 = '11111111-1111-4111-8111-111111111111';
const SAT10 = '22222222-2222-4222-8222-222222222222';
const ZONE = '33333333-3333-4333-8333-333333333333';
const week = [
  { id: MON10, weekday: 1, startMinute: 600, endMinute: 720, capacity: 20, cutoffMinutes: 60 },
  { id: SAT10, weekday: 6, startMinute: 600, endMinute: 720, capacity: 20, cutoffMinutes: 60 },
];
const zones = [{ zoneId: ZONE, zoneName: 'Zone 1 - Local Area', daysOff: [], exceptions: [], closedDates: [] }];

describe('the week of delivery windows', () => {
  it('sends the windows as typed with time pickers, and shows a refusal without losing the rows', async () => {
    const api = fakeApi();
    api.on('PUT /api/admin/delivery/windows', apiError(400, 'Monday 11:00–13:00 overlaps 10:00–12:00.', 'BAD_REQUEST'));
    const { user, fill } = renderPage(<WeekWindowsForm week={week} closedDates={[]} />);
    const form = within(screen.getByRole('form', { name: "The week's delivery windows" }));
    expect(form.getByRole('table').querySelectorAll('input[type="time"]')).toHaveLength(4);
    await user.click(form.getByRole('button', { name: 'Add window' }));
    await fill(form.getByLabelText('Window 3 from'), '11:00');
    await fill(form.getByLabelText('Window 3 to'), '13:00');
    await fill(form.getByLabelText('Closed dates of the whole shop'), '2026-12-25');
    await user.click(form.getByRole('button', { name: 'Save windows' }));
    expect((await form.findByRole('alert')).textContent).toBe('Monday 11:00–13:00 overlaps 10:00–12:00.');
    expect(api.requests('PUT /api/admin/delivery/windows')[0]!.body).toEqual({
      windows: [
        { id: MON10, weekday: 1, start: '10:00', end: '12:00', capacity: 20, cutoffMinutes: 60 },
        { id: SAT10, weekday: 6, start: '10:00', end: '12:00', capacity: 20, cutoffMinutes: 60 },
        { weekday: 1, start: '11:00', end: '13:00', capacity: 10, cutoffMinutes: 60 },
      ],
      closedDates: ['2026-12-25'],
    });
    expect((form.getByLabelText('Window 3 from') as HTMLInputElement).value).toBe('11:00');
    expect(await axeViolations()).toEqual([]);
  });
});

describe("a zone's exceptions", () => {
  it('sends its days off, the windows it is not served and its own capacity', async () => {
    const api = fakeApi();
    api.on(`PUT /api/admin/delivery/windows/${ZONE}`, { json: { zone: zones[0] } });
    const { user, fill } = renderPage(<ZoneExceptionsForm week={week} zones={zones} />);
    const form = within(screen.getByRole('form', { name: 'Exceptions of Zone 1 - Local Area' }));
    await user.click(form.getByLabelText('Saturday'));
    // The Saturday window is off with its day.
    expect((form.getByLabelText('Saturday 10:00–12:00 served') as HTMLInputElement).disabled).toBe(true);
    await fill(form.getByLabelText('Monday 10:00–12:00 orders'), '5');
    await user.click(form.getByRole('button', { name: 'Save exceptions of Zone 1 - Local Area' }));
    await screen.findByText('Exceptions of Zone 1 - Local Area saved.');
    expect(api.requests(`PUT /api/admin/delivery/windows/${ZONE}`)[0]!.body).toEqual({
      daysOff: [6],
      exceptions: [
        { windowId: MON10, served: true, capacity: 5, cutoffMinutes: null },
        { windowId: SAT10, served: true, capacity: null, cutoffMinutes: null },
      ],
      closedDates: [],
    });
    expect(await axeViolations()).toEqual([]);
  });
});
