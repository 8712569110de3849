// The cash-up screen: a rider's day of orders to pay on delivery (cash, M-Pesa with its code,
// refused, not collected yet) with its sums; the cash handed in saved from the keyboard and set
// against the cash collected; a bad amount's message under the field, from the form's check and
// from a 400; a day without such orders; axe clean.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DOOR_FORM_MESSAGES } from '@/domain/back-office-forms';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { axeViolations } from '@/web/test-support/axe';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import CashUpPage from './cash-up-page';

const DAY = '2026-06-12';
const RIDER = 'rider-wanjiru';
const GET = 'GET /api/admin/deliveries/cash-up';
const PUT = `PUT /api/admin/deliveries/cash-up/${RIDER}/${DAY}` as const;

const line = (n: number, customerName: string, totalCents: number, rest: object) => ({
  orderId: `${n}${n}${n}${n}${n}${n}${n}${n}-1111-4111-8111-111111111111`,
  orderNumber: `${n}${n}${n}${n}${n}${n}${n}${n}`.toUpperCase(),
  customerName,
  totalCents,
  collectedCents: 0,
  method: null,
  code: null,
  state: 'due',
  ...rest,
});

const totals = { expectedCents: 320_000, cashCents: 100_000, mpesaCents: 150_000, outstandingCents: 70_000, refused: 1 };
const wanjiru = {
  riderId: RIDER,
  riderName: 'Wanjiru',
  orders: [
    line(1, 'Amina Otieno', 100_000, { state: 'collected', method: 'Cash', collectedCents: 100_000 }),
    line(2, 'Brian Kamau', 150_000, { state: 'collected', method: 'M-Pesa', collectedCents: 150_000, code: 'TFA1B2C3D4' }),
    line(3, 'Chebet Njeri', 80_000, { state: 'refused' }),
    line(4, 'David Mwangi', 70_000, {}),
  ],
  totals,
  cashReceivedCents: null,
  differenceCents: null,
  note: '',
};

function renderDay() {
  const api = fakeApi();
  api.on(GET, { json: { day: DAY, riders: [wanjiru] } });
  const page = renderPage(<CashUpPage />, { path: '/admin/cash-up', at: `/admin/cash-up?day=${DAY}` });
  return { api, ...page };
}

describe('the cash-up screen', () => {
  it("shows a rider's orders and sums, and saves a short count", async () => {
    const { api, user, fill } = renderDay();
    const card = within(await screen.findByRole('region', { name: 'Wanjiru' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cash-up');
    expect(api.requests(GET)[0]!.query.get('day')).toBe(DAY);
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe(DAY);

    const rows = card.getAllByRole('row').map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows.slice(1)).toEqual([
      ['#11111111', 'Amina Otieno', 'KES 1,000.00', 'Collected by cash'],
      ['#22222222', 'Brian Kamau', 'KES 1,500.00', 'Collected by M-Pesa (TFA1B2C3D4)'],
      ['#33333333', 'Chebet Njeri', 'KES 800.00', 'Refused at the door'],
      ['#44444444', 'David Mwangi', 'KES 700.00', 'Not collected yet'],
    ]);
    const sums = [...card.getByText('Expected').closest('dl')!.querySelectorAll('dt, dd')].map((e) => e.textContent);
    expect(sums).toEqual([
      'Expected',
      'KES 3,200.00',
      'Cash collected',
      'KES 1,000.00',
      'M-Pesa collected',
      'KES 1,500.00',
      'Not collected',
      'KES 700.00',
    ]);
    expect(await axeViolations()).toEqual([]);

    api.on(PUT, { json: { ...wanjiru, cashReceivedCents: 90_000, differenceCents: -10_000, note: 'Change for a 1,000 note' } });
    const form = within(card.getByRole('form', { name: 'Cash handed in by Wanjiru' }));
    await fill(form.getByLabelText('Cash handed in (KES)'), '900');
    await user.tab();
    await user.keyboard('Change for a 1,000 note{Enter}');
    expect(await card.findByText('KES 100.00 short')).toBeTruthy();
    expect(card.getByText(/Handed in KES 900\.00/)).toBeTruthy();
    expect(api.requests(PUT)[0]!.body).toEqual({ cashReceived: '900', note: 'Change for a 1,000 note' });
    expect((form.getByLabelText('Cash handed in (KES)') as HTMLInputElement).value).toBe('900.00');
    expect(await axeViolations()).toEqual([]);
  });

  it("puts a bad amount's message under the field, from the form's check and from the server", async () => {
    const { api, user, fill } = renderDay();
    const card = within(await screen.findByRole('region', { name: 'Wanjiru' }));
    const form = within(card.getByRole('form', { name: 'Cash handed in by Wanjiru' }));
    const amount = form.getByLabelText('Cash handed in (KES)');
    await fill(amount, 'nine hundred');
    await user.click(form.getByRole('button', { name: 'Save cash-up of Wanjiru' }));
    expect(await form.findByText(DOOR_FORM_MESSAGES.cash)).toBeTruthy();
    expect(api.requests(PUT)).toHaveLength(0);

    const refusal = 'Enter the amount as counted, e.g. 1,100.50.';
    api.on(PUT, { status: 400, json: { error: { code: 'BAD_REQUEST', message: refusal, fields: { cashReceived: refusal } } } });
    await fill(amount, '1,100.50');
    await user.click(form.getByRole('button', { name: 'Save cash-up of Wanjiru' }));
    expect(await form.findByText(refusal)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests(PUT)[0]!.body).toEqual({ cashReceived: '1,100.50', note: '' });
    expect(card.queryByText(/Handed in/)).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("asks for today's day in Nairobi and says when no rider had orders to pay on delivery", async () => {
    const api = fakeApi();
    const today = nairobiDateKey(new Date());
    api.on(GET, { json: { day: today, riders: [] } });
    renderPage(<CashUpPage />, { path: '/admin/cash-up' });
    expect(await screen.findByText('No orders to pay on delivery for this day.')).toBeTruthy();
    expect(api.requests(GET)[0]!.query.get('day')).toBe(today);
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe(today);
  });
});
