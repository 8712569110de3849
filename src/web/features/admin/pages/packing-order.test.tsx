// A finished order on the packing screen: what was paid, what was sent, and each line's refund with
// where packing's refund stands, as the packer reads it on a phone; axe clean.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/web/test-support/axe';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import type { PickOrderView } from '../admin-api';
import { PackingOrderCard } from './packing-order';

const TILAPIA = 'Tilapia — Large, Scaled & gutted';
const CHICKEN = 'Farm Chicken — Whole broiler';

const line = (over: Partial<PickOrderView['lines'][number]>): PickOrderView['lines'][number] => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: TILAPIA,
  quantity: 1,
  unitPriceCents: 133_000,
  paidCents: 133_000,
  nominalGrams: 700,
  expectedGrams: 700,
  ifUnavailable: 'similar',
  note: '',
  packing: {
    outcome: 'packed',
    weighedGrams: 650,
    substitute: null,
    packedAt: '2026-11-24T08:00:00.000Z',
    owedCents: 9_500,
  },
  ...over,
});

function finishedOrder(refund: NonNullable<PickOrderView['finished']>['refund']): PickOrderView {
  return {
    orderId: '7d3c0c7e-8b1a-4b55-9d55-1f7b2e0f5a11',
    orderNumber: '7d3c0c7e',
    customerName: 'Akinyi Wanjiru',
    slot: 'Tue 24 Nov, 10:00–12:00',
    expected: '10:00–12:00',
    zoneName: 'Kitengela',
    note: '',
    fulfilmentStatus: 'processing',
    pricesIncludeVat: true,
    lines: [
      line({}),
      line({
        id: '22222222-2222-4222-8222-222222222222',
        name: CHICKEN,
        unitPriceCents: 75_000,
        paidCents: 75_000,
        nominalGrams: null,
        expectedGrams: null,
        ifUnavailable: 'remove',
        packing: { outcome: 'unavailable', weighedGrams: null, substitute: null, packedAt: '2026-11-24T08:01:00.000Z', owedCents: 75_000 },
      }),
    ],
    undecided: 0,
    owedCents: 84_500,
    changes: [],
    finished: {
      at: '2026-11-24T08:02:00.000Z',
      by: 'Otieno Packer',
      refundCents: 84_500,
      paidCents: 235_800,
      sentCents: 151_300,
      refund,
    },
  };
}

describe('a finished order on the packing screen', () => {
  it('shows what was paid, what was sent and each line’s refund, with the refund left to be made by hand', async () => {
    fakeApi();
    renderPage(
      <ul>
        <PackingOrderCard
          order={finishedOrder({
            id: '33333333-3333-4333-8333-333333333333',
            amountCents: 84_500,
            status: 'manual_needed',
            method: 'pesapal',
          })}
        />
      </ul>,
      { path: '/admin/packing' },
    );
    const settlement = within(screen.getByTestId('packing-settlement'));
    expect(settlement.getByText('KES 2,358.00')).toBeDefined();
    expect(settlement.getByText('KES 1,513.00')).toBeDefined();
    expect(settlement.getByText('KES 845.00 · Needs a manual refund by M-Pesa')).toBeDefined();
    const [tilapia, chicken] = screen.getAllByTestId('line-settlement');
    expect(
      within(tilapia!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Paid KES 1,330.00 for about 0.700 kg',
      'Sent 0.650 kg',
      '0.050 kg short at KES 1,900.00/kg: KES 95.00 back · Needs a manual refund by M-Pesa',
    ]);
    expect(
      within(chicken!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Paid KES 750.00', 'Not sent: unavailable', 'The paid line: KES 750.00 back · Needs a manual refund by M-Pesa']);
    expect(screen.queryByRole('button', { name: 'Finish packing' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('says a refund is not settled yet, and one the owner withdrew', () => {
    fakeApi();
    const { unmount } = renderPage(
      <ul>
        <PackingOrderCard order={finishedOrder(null)} />
      </ul>,
    );
    expect(within(screen.getByTestId('packing-settlement')).getByText('KES 845.00 · Refund not settled yet')).toBeDefined();
    unmount();
    renderPage(
      <ul>
        <PackingOrderCard
          order={finishedOrder({ id: '33333333-3333-4333-8333-333333333333', amountCents: 84_500, status: 'withdrawn', method: 'pesapal' })}
        />
      </ul>,
    );
    expect(
      within(screen.getByTestId('packing-settlement')).getByText('KES 845.00 · Refund withdrawn by the owner: not paid'),
    ).toBeDefined();
  });
});
