// The delivery fee comes from the place the customer chose: free text naming several places
// ('Karen, near Nairobi West') is not priced by a guess, it asks the customer to choose.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import { createShop, customer, disposeShop, orderBody, orderRow, postOrder, productBySlug, type Shop } from './checkout-support';

const TYPED = 'Karen, near Nairobi West';
const MESSAGE = `Several places match "${TYPED}". Please choose your area from the list.`;
const KAREN_FEE_CENTS = 35012; // KES 350.12, 'Karen, Nairobi'
const NAIROBI_WEST_FEE_CENTS = 7465; // KES 74.65, what the old code charged for TYPED

describe.each(dbKinds(import.meta.url))('the delivery fee of the place the customer chose on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
  });
  afterEach(() => disposeShop(shop));

  const post = async (path: string, json: unknown) => {
    const res = await shop.request(`/api/checkout${path}`, { method: 'POST', json, cookie: user.cookie });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const choiceNames = (body: Record<string, unknown>) =>
    ((body.error as { choices?: { mainText: string }[] }).choices ?? []).map((c) => c.mainText);

  it('asks to choose when free text names Karen and Nairobi West, listing both', async () => {
    const { status, body } = await post('/delivery-fee', { address: TYPED });
    expect(body).not.toHaveProperty('deliveryFeeCents');
    expect(status).toBe(422);
    expect(body).toMatchObject({ error: { code: 'ADDRESS_AMBIGUOUS', message: MESSAGE, fields: { address: MESSAGE } } });
    expect(choiceNames(body)).toEqual(['Karen', 'Nairobi West']);
    // Each choice is a suggestion the customer can pick like any other.
    expect((body.error as { choices: unknown[] }).choices[0]).toEqual({
      placeId: 'gz-karen',
      description: 'Karen, Nairobi, Kenya',
      mainText: 'Karen',
      secondaryText: 'Nairobi, Kenya',
    });
  });

  it('prices Karen when the customer chooses Karen from the suggestions', async () => {
    const karen = (await post('/places/details', { placeId: 'gz-karen' })).body as {
      address: string;
      coordinates: { lat: number; lng: number };
    };
    const quote = await post('/delivery-fee', {
      address: karen.address,
      latitude: karen.coordinates.lat,
      longitude: karen.coordinates.lng,
    });
    expect(quote.body).toMatchObject({ deliveryFeeCents: KAREN_FEE_CENTS });
    // Karen named alone is priced as Karen, as before.
    expect((await post('/delivery-fee', { address: 'Karen, Nairobi' })).body).toMatchObject({ deliveryFeeCents: KAREN_FEE_CENTS });
  });

  it('cannot place an order at the cheaper fee by naming a nearby area', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const order = (deliveryInfo: Record<string, unknown>) =>
      postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 1 }], { deliveryInfo }));

    const typed = await order({ address: TYPED });
    expect(typed.json.orderId).toBeUndefined();
    expect(typed.status).toBe(422);
    expect(typed.json.error).toMatchObject({ code: 'ADDRESS_AMBIGUOUS', fields: { 'deliveryInfo.address': MESSAGE } });
    // Coordinates near the shop without the server's token are not believed either.
    const nearShop = await order({ address: TYPED, coordinates: { lat: -1.3106, lng: 36.816 } });
    expect(nearShop.status).toBe(422);

    const karen = (await post('/places/details', { placeId: 'gz-karen' })).body as {
      address: string;
      coordinates: { lat: number; lng: number };
      placeToken: string;
    };
    const chosen = await order(karen);
    expect(chosen.status).toBe(200);
    const row = await orderRow(shop, chosen.json.orderId!);
    expect(row.deliveryFee).toBe(KAREN_FEE_CENTS);
    expect(row.deliveryFee).not.toBe(NAIROBI_WEST_FEE_CENTS);
  });
});
