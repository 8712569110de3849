// The delivery zones form: each zone's pay-on-delivery choice shown as saved (a zone saved before
// the choice existed is 'Not offered'), changed per zone and sent with the zone; axe clean.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/web/test-support/axe';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import type { DeliveryZone } from '../admin-api';
import { ZonesForm } from './zones-form';

const NEAR = '11111111-1111-4111-8111-111111111111';
const FAR = '22222222-2222-4222-8222-222222222222';
const zones: DeliveryZone[] = [
  {
    id: NEAR,
    name: 'Local Area',
    minKm: 0,
    maxKm: 5,
    baseFeeCents: 10_000,
    perKmRateCents: 2_000,
    estimatedMinutes: 30,
    active: true,
    payOnDelivery: 'returning',
  },
  {
    id: FAR,
    name: 'Greater Nairobi',
    minKm: 5,
    maxKm: 20,
    baseFeeCents: 20_000,
    perKmRateCents: 3_000,
    estimatedMinutes: 60,
    active: true,
  },
];

describe('the delivery zones form', () => {
  it("shows and sends each zone's pay-on-delivery choice", async () => {
    const api = fakeApi();
    api.on('PUT /api/admin/delivery/zones', { json: { zones } });
    const { user } = renderPage(<ZonesForm zones={zones} />);
    const form = within(screen.getByRole('form', { name: 'Delivery zones' }));
    const zone = (n: number) => within(form.getByRole('group', { name: `Zone ${n}` }));
    const near = zone(1).getByLabelText('Pay on delivery') as HTMLSelectElement;
    const far = zone(2).getByLabelText('Pay on delivery') as HTMLSelectElement;
    expect([...near.options].map((o) => [o.value, o.text])).toEqual([
      ['off', 'Not offered'],
      ['everyone', 'Everyone'],
      ['returning', 'Customers with a paid order before'],
    ]);
    expect(near.value).toBe('returning');
    expect(far.value).toBe('off');

    await user.selectOptions(far, 'Everyone');
    await user.click(form.getByRole('button', { name: 'Save zones' }));
    await screen.findByText('Delivery zones saved. Checkout uses them from now on.');
    const sent = api.requests('PUT /api/admin/delivery/zones')[0]!.body as { zones: { id: string; payOnDelivery: string }[] };
    expect(sent.zones.map((z) => [z.id, z.payOnDelivery])).toEqual([
      [NEAR, 'returning'],
      [FAR, 'everyone'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it("starts an added zone at 'Not offered'", async () => {
    fakeApi();
    const { user } = renderPage(<ZonesForm zones={zones} />);
    const form = within(screen.getByRole('form', { name: 'Delivery zones' }));
    await user.click(form.getByRole('button', { name: 'Add zone' }));
    const added = within(form.getByRole('group', { name: 'Zone 3' }));
    expect((added.getByLabelText('Pay on delivery') as HTMLSelectElement).value).toBe('off');
  });
});
