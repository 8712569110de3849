// What the fake API answers for the reads many pages make alongside their own: the session and the
// shop's contact details and hours. Typed by the app's own answer types, so they stay in shape.
import { OPENING_HOURS } from '@/domain/business-hours';
import { DEFAULT_SHOP_DETAILS } from '@/domain/shop-details';
import { DEFAULT_IF_UNAVAILABLE } from '@/domain/line-choices';
import type { SessionInfo } from '../features/account/use-session';
import type { api, OkBody } from '../lib/api-client';
import type { FakeApi } from './fake-api';

type Answer<R extends (...args: never[]) => Promise<unknown>> = OkBody<Awaited<ReturnType<R>>>;
type ShopSettings = Answer<(typeof api.content)['shop-details']['$get']>;
const SHOP_SETTINGS: ShopSettings = { details: DEFAULT_SHOP_DETAILS, pricesIncludeVat: false, ifUnavailable: DEFAULT_IF_UNAVAILABLE };
const OPENING_HOURS_ANSWER: Answer<(typeof api.content)['opening-hours']['$get']> = { lines: [...OPENING_HOURS] };

export const SIGNED_OUT: SessionInfo = { user: null, profile: null, googleEnabled: false, phoneSignIn: false };

/** A signed-in customer with a full profile. */
export function signedIn(fullName = 'Wanjiku Kamau', over: Partial<SessionInfo> = {}): SessionInfo {
  return {
    user: { id: 'u-1', email: 'wanjiku@example.co.ke', name: fullName, emailVerified: true },
    profile: {
      fullName,
      phone: '+254712345678',
      address: 'Kilimani',
      role: 'customer',
      smsUpdates: true,
      smsUpdatesAt: null,
      cartReminders: false,
      kraPin: null,
      businessName: null,
      usualDeliveryTime: null,
    },
    googleEnabled: false,
    phoneSignIn: false,
    ...over,
  };
}

/**
 * GET /api/account/session answers this session. A signed-in customer's saved cart cannot be
 * reached, so the browser's cart stays as each test put it (the saved cart has tests of its own).
 */
export function answerSession(fake: FakeApi, session: SessionInfo = SIGNED_OUT): void {
  fake.on('GET /api/account/session', { json: session });
  if (!session.user) return;
  for (const route of ['GET /api/cart', 'PUT /api/cart', 'POST /api/cart/merge'] as const) fake.on(route, 'network-error');
}

/**
 * The shop's saved details (address, email; prices without VAT; a similar item if unavailable) and
 * opening hours: the shop's first ones, or its settings as `over` says.
 */
export function answerShopDetails(fake: FakeApi, over: Partial<ShopSettings> = {}): void {
  fake.on('GET /api/content/shop-details', { json: { ...SHOP_SETTINGS, ...over } });
  fake.on('GET /api/content/opening-hours', { json: OPENING_HOURS_ANSWER });
}
