// The refunds on the customer's order page: when, why and how much, and which are still on their way.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/web/test-support/axe';
import { renderPage } from '@/web/test-support/render-page';
import { OrderRefunds } from './order-refunds';

describe("the order page's refunds", () => {
  it('lists each refund with its date, reason and amount, and says which is on its way', async () => {
    renderPage(
      <OrderRefunds
        refunds={[
          { amountCents: 9_500, at: '2026-11-24T09:00:00.000Z', reason: 'Tilapia weighed 650 g', status: 'refunded', part: true },
          { amountCents: 2_000, at: '2026-11-24T10:30:00.000Z', reason: 'Bruised', status: 'requested', part: true },
        ]}
      />,
    );
    const items = within(screen.getByTestId('order-refunds')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '24 Nov 2026, 12:00: Tilapia weighed 650 gKES 95.00',
      '24 Nov 2026, 13:30: Bruised (on its way to you)KES 20.00',
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows nothing for an order without refunds', () => {
    renderPage(<OrderRefunds refunds={[]} />);
    expect(screen.queryByTestId('order-refunds')).toBeNull();
  });
});
