// Address suggestions, place details and the delivery fee (response shapes and messages), with the
// offline gazetteer and zones and origin from the database.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_ZONES, deliveryFeeForDistance, haversineKm, SHOP_ORIGIN } from '../../src/domain/delivery-fee';
import { appSettings, deliveryZones } from '../../src/server/db/schema';
import { createOfflineAddressProvider } from '../../src/server/dev/places/offline-address-provider';
import type { AddressProvider } from '../../src/server/integrations/places/address-provider';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import { createShop, customer, disposeShop, type Shop } from './checkout-support';

describe.each(dbKinds(import.meta.url))('checkout addresses and delivery fee on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
  });
  afterEach(() => disposeShop(shop));

  const post = async (path: string, json: unknown, cookie = user.cookie) => {
    const res = await shop.request(`/api/checkout${path}`, { method: 'POST', json, cookie });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('suggests Nairobi places and gives their coordinates', async () => {
    const { body } = await post('/places/autocomplete', { input: 'Westl', sessionToken: 's1' });
    const predictions = body.predictions as { placeId: string; description: string; mainText: string; secondaryText: string }[];
    expect(predictions[0]).toEqual({
      placeId: 'gz-westlands',
      description: 'Westlands, Nairobi, Kenya',
      mainText: 'Westlands',
      secondaryText: expect.any(String),
    });
    const details = await post('/places/details', { placeId: predictions[0]!.placeId, sessionToken: 's1' });
    expect(details.body).toEqual({
      address: 'Westlands, Nairobi, Kenya',
      coordinates: { lat: -1.266, lng: 36.81 },
      placeToken: expect.stringMatching(/^[\w-]{43}$/),
    });

    expect((await post('/places/autocomplete', { input: 'W' })).body).toEqual({ predictions: [] });
    const unknown = await post('/places/details', { placeId: 'gz-nowhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { message: 'Failed to get place details' } });
    // A visitor who has not signed in gets the same suggestions (the cart prices an area before sign-in).
    const anonymous = await post('/places/autocomplete', { input: 'Westl' }, '');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.predictions).toEqual(predictions);
  });

  it('prices a picked address by driving distance from Nairobi West through the database zones', async () => {
    const westlands = { lat: -1.266, lng: 36.81 };
    const { body } = await post('/delivery-fee', { address: 'Westlands', latitude: westlands.lat, longitude: westlands.lng });
    const km = Math.round(haversineKm(SHOP_ORIGIN, westlands) * 1.3 * 100) / 100;
    const expected = deliveryFeeForDistance(DEFAULT_DELIVERY_ZONES, km)!;
    expect(body).toEqual({
      deliveryFeeCents: expected.feeCents,
      deliveryFeeTaxBand: 'D',
      pricesIncludeVat: false,
      zoneName: 'Zone 2 - Mid Distance',
      zoneId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      estimatedMinutes: 35,
      formattedDistance: `${km.toFixed(1)} km`,
      originLabel: 'Kogo Star Plaza, Nairobi West',
      // No zone has a minimum order until the owner sets one.
      smallOrder: { rule: 'none', minimumCents: 0, feeCents: 0 },
    });

    // Free text is geocoded; an unknown place is a clear failure.
    const sarit = await post('/delivery-fee', { address: 'Sarit Centre, Westlands' });
    expect(sarit.status).toBe(200);
    expect(sarit.body).toMatchObject({ zoneName: expect.any(String), deliveryFeeCents: expect.any(Number) });
    // Satellite towns are delivery areas too (the outer zone reaches 50 km).
    const kitengela = await post('/delivery-fee', { address: 'Plot 7, Kitengela' });
    expect(kitengela.status).toBe(200);
    expect(kitengela.body).toMatchObject({ zoneName: 'Zone 5 - Extended Nairobi' });
    expect(kitengela.body.deliveryFeeCents).toBeGreaterThan(0);
    const nowhere = await post('/delivery-fee', { address: 'Nowhere at all' });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body).toEqual({
      error: { code: 'ADDRESS_NOT_FOUND', message: 'We could not find that address. Please choose one of the suggestions.' },
    });
    expect((await post('/delivery-fee', { address: 'x', latitude: 1 })).status).toBe(400);
  });

  it('uses the zones and the origin stored in the database', async () => {
    await shop.ctx.db.update(deliveryZones).set({ baseFee: 10_000, perKmRate: 0, estimatedMinutes: 40 });
    await shop.ctx.db.insert(appSettings).values({ key: 'delivery_origin', value: { lat: -1.266, lng: 36.81, label: 'Westlands depot' } });
    const { body } = await post('/delivery-fee', { address: 'Westlands', latitude: -1.266, longitude: 36.81 });
    expect(body).toEqual({
      deliveryFeeCents: 10_000,
      deliveryFeeTaxBand: 'D',
      pricesIncludeVat: false,
      zoneName: 'Zone 1 - Local Area',
      zoneId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      estimatedMinutes: 40,
      formattedDistance: '0 m',
      originLabel: 'Westlands depot',
      smallOrder: { rule: 'none', minimumCents: 0, feeCents: 0 },
    });

    await shop.ctx.db.update(deliveryZones).set({ active: false }).where(eq(deliveryZones.active, true));
    const closed = await post('/delivery-fee', { address: 'Westlands', latitude: -1.266, longitude: 36.81 });
    expect(closed.status).toBe(422);
    expect(closed.body).toEqual({
      error: { code: 'DELIVERY_UNAVAILABLE', message: 'Delivery is not available right now. Please try again later.' },
    });
  });
});

describe('checkout addresses when the provider fails', () => {
  let shop: Shop;
  beforeEach(async () => {
    const offline = createOfflineAddressProvider();
    const broken: AddressProvider = {
      ...offline,
      name: 'broken',
      autocomplete: () => Promise.reject(new Error('OVER_QUERY_LIMIT')),
      details: () => Promise.reject(new Error('OVER_QUERY_LIMIT')),
      drivingDistance: () => Promise.reject(new Error('OVER_QUERY_LIMIT')),
    };
    shop = await createShop('pglite', { deps: { integrations: { addresses: broken } } });
  });
  afterEach(() => disposeShop(shop));

  it('gives no suggestions, the details error, and the fee error', async () => {
    const user = await customer(shop);
    const post = async (path: string, json: unknown) =>
      (await shop.request(`/api/checkout${path}`, { method: 'POST', json, cookie: user.cookie })).json();
    expect(await post('/places/autocomplete', { input: 'Westl' })).toEqual({ predictions: [] });
    expect(await post('/places/details', { placeId: 'gz-westlands' })).toMatchObject({ error: { message: 'Failed to get place details' } });
    expect(await post('/delivery-fee', { address: 'Westlands', latitude: -1.266, longitude: 36.81 })).toEqual({
      error: { code: 'DELIVERY_UNAVAILABLE', message: 'Failed to calculate delivery fee' },
    });
  });
});
