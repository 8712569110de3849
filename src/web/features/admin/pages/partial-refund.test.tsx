// 'Refund part of this order' and 'Record the M-Pesa refund' on the back office's order page: what
// the merchant ticks and types is what the API is sent (in cents, the fee as a line of no item), the
// shared rules say what is wrong before anything is sent, the outcome is shown, and both work by
// keyboard and pass axe.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/web/test-support/axe';
import { apiError, fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import { findToast } from '@/web/test-support/toasts';
import type { AdminOrderDetail } from '../admin-api';
import { OrderRefunds } from './order-refunds';
import { PartialRefund } from './partial-refund';

const ORDER = '7d3c0c7e-8b1a-4b55-9d55-1f7b2e0f5a11';
const TILAPIA = '11111111-1111-4111-8111-111111111111';
const OMENA = '22222222-2222-4222-8222-222222222222';
const REFUND = '33333333-3333-4333-8333-333333333333';
const PART = `POST /api/admin/orders/${ORDER}/partial-refund` as const;
const MANUAL = `POST /api/admin/orders/${ORDER}/refunds/${REFUND}/manual` as const;
const WITHDRAW = `POST /api/admin/orders/${ORDER}/refunds/${REFUND}/withdraw` as const;

const refunding: AdminOrderDetail['refunding'] = {
  open: true,
  paymentLeftCents: 223_000,
  lines: [
    { orderItemId: TILAPIA, name: 'Tilapia — Large', quantity: 2, paidCents: 150_800, remainingCents: 150_800, restockable: 2 },
    { orderItemId: OMENA, name: 'Omena', quantity: 1, paidCents: 52_200, remainingCents: 0, restockable: 0 },
    { orderItemId: null, name: 'Delivery fee', quantity: 1, paidCents: 20_000, remainingCents: 20_000, restockable: 0 },
  ],
};

async function openForm() {
  const page = renderPage(<PartialRefund orderId={ORDER} refunding={refunding} />, { path: '/admin/orders/x' });
  await page.user.click(screen.getByRole('button', { name: 'Refund part of this order' }));
  const form = within(await screen.findByRole('form', { name: 'Refund part of this order' }));
  return { ...page, form };
}

describe("'Refund part of this order'", () => {
  it('sends the ticked lines in cents with the units back and the reason, and shows the outcome', async () => {
    const api = fakeApi();
    const message = "Pesapal accepted the refund of KES 295.00; the money moves once it is approved in Pesapal's dashboard.";
    api.on(PART, { json: { status: 'requested', refundId: REFUND, amountCents: 29_500, message } });
    const { user, fill, form } = await openForm();
    // Lines refunded in full already are not offered.
    expect(form.queryByLabelText('Omena')).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await user.click(form.getByLabelText('Tilapia — Large'));
    const amount = form.getByLabelText('Amount for Tilapia — Large (KES)');
    expect(amount).toHaveProperty('value', '1508.00');
    await fill(amount, '95');
    await user.click(form.getByLabelText('Delivery fee'));
    await fill(form.getByLabelText('Amount for Delivery fee (KES)'), '200');
    await user.click(form.getByLabelText('Put the items back in stock'));
    await fill(form.getByLabelText('Units of Tilapia — Large back in stock'), '1');
    await fill(form.getByLabelText('Reason'), 'One tilapia returned, delivery late');
    expect(await axeViolations()).toEqual([]);
    await user.click(form.getByRole('button', { name: 'Refund KES 295.00' }));

    await findToast(message);
    expect(api.requests(PART).map((r) => r.body)).toEqual([
      {
        lines: [
          { orderItemId: TILAPIA, amountCents: 9_500, restockQuantity: 1 },
          { orderItemId: null, amountCents: 20_000, restockQuantity: 0 },
        ],
        reason: 'One tilapia returned, delivery late',
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Refund part of this order' })).toBeNull();
    expect(screen.getByTestId('partial-refund-outcome').textContent).toBe(message);
  });

  it('says what is wrong before sending anything: nothing ticked, too much, a bad amount, no reason', async () => {
    const api = fakeApi();
    const { user, fill, form } = await openForm();
    await user.click(form.getByRole('button', { name: 'Refund' }));
    expect(form.getByRole('alert').textContent).toBe('Choose at least one line to refund.');

    await user.click(form.getByLabelText('Tilapia — Large'));
    await fill(form.getByLabelText('Amount for Tilapia — Large (KES)'), '1,600');
    await fill(form.getByLabelText('Reason'), 'Light');
    await user.click(form.getByRole('button', { name: 'Refund KES 1,600.00' }));
    expect(form.getByRole('alert').textContent).toBe('You can refund at most KES 1,508.00 more for Tilapia — Large.');

    await fill(form.getByLabelText('Amount for Tilapia — Large (KES)'), 'ninety');
    await user.click(form.getByRole('button', { name: 'Refund' }));
    expect(form.getByText('Enter the amount in KES, like 95 or 95.50.')).toBeDefined();

    await fill(form.getByLabelText('Amount for Tilapia — Large (KES)'), '95');
    await user.clear(form.getByLabelText('Reason'));
    await user.click(form.getByRole('button', { name: 'Refund KES 95.00' }));
    expect(form.getByText('Say why you are refunding (the customer is told)')).toBeDefined();
    expect(api.requests(PART)).toEqual([]);
  });

  it('keeps the form open with the server’s reason when the refund is refused', async () => {
    const api = fakeApi();
    api.on(PART, apiError(409, 'The payment has only KES 50.00 left to refund.'));
    const { user, fill, form } = await openForm();
    await user.click(form.getByLabelText('Delivery fee'));
    await fill(form.getByLabelText('Reason'), 'Late');
    await user.click(form.getByRole('button', { name: 'Refund KES 200.00' }));
    await findToast('The payment has only KES 50.00 left to refund.');
    expect(screen.getByRole('form', { name: 'Refund part of this order' })).toBeDefined();
  });

  it('works by keyboard: open, tick, type and send', async () => {
    const api = fakeApi();
    api.on(PART, {
      json: { status: 'manual_needed', refundId: REFUND, amountCents: 20_000, message: 'Refund KES 200.00 by M-Pesa by hand.' },
    });
    const { user } = renderPage(<PartialRefund orderId={ORDER} refunding={refunding} />, { path: '/admin/orders/x' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refund part of this order' }));
    await user.keyboard('{Enter}');
    const form = within(await screen.findByRole('form', { name: 'Refund part of this order' }));
    form.getByLabelText('Delivery fee').focus();
    await user.keyboard(' ');
    await user.click(form.getByLabelText('Reason'));
    await user.keyboard('Delivery was late');
    // Past 'Keep it' to the refund button.
    await user.tab();
    expect(document.activeElement).toBe(form.getByRole('button', { name: 'Keep it' }));
    await user.tab();
    expect(document.activeElement).toBe(form.getByRole('button', { name: 'Refund KES 200.00' }));
    await user.keyboard('{Enter}');
    await findToast('Refund KES 200.00 by M-Pesa by hand.');
    expect(api.requests(PART)).toHaveLength(1);
    expect(screen.getByTestId('partial-refund-outcome').getAttribute('role')).toBe('status');
  });
});

describe("the order's refunds", () => {
  const refund = (over: Partial<AdminOrderDetail['refunds'][number]>): AdminOrderDetail['refunds'][number] => ({
    id: REFUND,
    transactionId: '44444444-4444-4444-8444-444444444444',
    amountCents: 9_500,
    creditedCents: 9_500,
    accepted: false,
    status: 'manual_needed',
    kind: 'partial',
    method: 'pesapal',
    mpesaCode: null,
    source: 'merchant',
    lines: [{ orderItemId: TILAPIA, name: 'Tilapia — Large', amountCents: 9_500, restockQuantity: 0 }],
    settledAt: null,
    message: 'Mobile money payments can only be refunded in full.',
    remarks: 'Weighed 650 g',
    requestedByEmail: 'owner@example.test',
    createdAt: '2026-11-24T11:05:00.000Z',
    ...over,
  });
  const detail = (refunds: AdminOrderDetail['refunds']) => ({ order: { id: ORDER }, refunds }) as unknown as AdminOrderDetail;

  it('lists each with its amount, where it stands, how it was made and when, and records an M-Pesa refund by its code', async () => {
    const api = fakeApi();
    api.on(MANUAL, {
      json: {
        status: 'refunded',
        refundId: REFUND,
        amountCents: 9_500,
        message: 'Recorded: KES 95.00 refunded by M-Pesa (QGH7XK2P1L).',
        orderStatus: 'completed',
      },
    });
    const made = refund({
      id: '55555555-5555-4555-8555-555555555555',
      status: 'refunded',
      method: 'manual',
      mpesaCode: 'ABCDE12345',
      settledAt: '2026-11-24T12:00:00.000Z',
    });
    const { user, fill } = renderPage(<OrderRefunds detail={detail([refund({}), made])} />, { path: '/admin/orders/x' });
    const [waiting, done] = screen.getAllByTestId('refund');
    expect(waiting!.textContent).toContain(
      'KES 95.00 (part of the order) — to be made by hand: Mobile money payments can only be refunded in full.',
    );
    expect(waiting!.textContent).toContain('Tilapia — Large: KES 95.00');
    expect(within(done!).getByTestId('refund-standing').textContent).toBe(
      'Refunded by hand by M-Pesa (code ABCDE12345) (24 Nov 2026, 15:00)',
    );
    expect(await axeViolations()).toEqual([]);

    const form = within(screen.getByRole('form', { name: 'Record the M-Pesa refund of KES 95.00' }));
    await fill(form.getByLabelText('M-Pesa code'), 'QGH7');
    await user.click(form.getByRole('button', { name: 'Record the M-Pesa refund' }));
    expect(form.getByText('An M-Pesa code is 10 letters and digits, like QGH7XK2P1L.')).toBeDefined();
    expect(api.requests(MANUAL)).toEqual([]);
    await fill(form.getByLabelText('M-Pesa code'), 'qgh7 xk2p1l');
    await user.keyboard('{Enter}');
    await findToast('Recorded: KES 95.00 refunded by M-Pesa (QGH7XK2P1L).');
    expect(api.requests(MANUAL).map((r) => r.body)).toEqual([{ mpesaCode: 'QGH7XK2P1L' }]);
  });

  it('withdraws a refund left to be made by hand, with a reason, and shows a withdrawn one as such', async () => {
    const api = fakeApi();
    api.on(WITHDRAW, {
      json: {
        status: 'withdrawn',
        refundId: REFUND,
        amountCents: 9_500,
        orderStatus: 'completed',
        message: 'Refund of KES 95.00 withdrawn: no money is sent and no credit note goes to KRA.',
      },
    });
    const gone = refund({
      id: '66666666-6666-4666-8666-666666666666',
      status: 'withdrawn',
      message: 'Withdrawn by the owner: The customer took credit',
      settledAt: '2026-11-24T12:00:00.000Z',
    });
    const { user, fill } = renderPage(<OrderRefunds detail={detail([refund({}), gone])} />, { path: '/admin/orders/x' });
    const [, withdrawn] = screen.getAllByTestId('refund');
    expect(withdrawn!.textContent).toContain('KES 95.00 (part of the order) — withdrawn: Withdrawn by the owner: The customer took credit');
    expect(within(withdrawn!).getByTestId('refund-standing').textContent).toBe(
      'Withdrawn by the owner: no money was sent. (24 Nov 2026, 15:00)',
    );
    expect(within(withdrawn!).queryByRole('button', { name: 'Withdraw this refund' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Withdraw this refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the refund of KES 95.00?' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Withdraw this refund' }));
    expect(dialog.getByText('Say why the refund will not be paid (kept in the audit log)')).toBeDefined();
    expect(api.requests(WITHDRAW)).toEqual([]);
    await fill(dialog.getByLabelText('Why will it not be paid?'), 'The customer took credit');
    await user.click(dialog.getByRole('button', { name: 'Withdraw this refund' }));
    await findToast('Refund of KES 95.00 withdrawn: no money is sent and no credit note goes to KRA.');
    expect(api.requests(WITHDRAW).map((r) => r.body)).toEqual([{ reason: 'The customer took credit' }]);
  });
});
