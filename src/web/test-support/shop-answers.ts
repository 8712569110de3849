// What the fake API answers for the reads many pages make alongside their own: the session and the
// shop's contact details and hours. Typed by the app's own answer types, so they stay in shape.
import { OPENING_HOURS } from '@/domain/business-hours';
import { DEFAULT_SHOP_DETAILS } from '@/domain/shop-details';
import type { SessionInfo } from '../features/account/use-session';
import type { api, OkBody } from '../lib/api-client';
import type { FakeApi } from './fake-api';

type Answer<R extends (...args: never[]) => Promise<unknown>> = OkBody<Awaited<ReturnType<R>>>;
const SHOP_SETTINGS: Answer<(typeof api.content)['shop-details']['$get']> = { details: DEFAULT_SHOP_DETAILS, pricesIncludeVat: false };
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
      kraPin: null,
      businessName: null,
      usualDeliveryTime: null,
    },
    googleEnabled: false,
    phoneSignIn: false,
    ...over,
  };
}

/** GET /api/account/session answers this session. */
export function answerSession(fake: FakeApi, session: SessionInfo = SIGNED_OUT): void {
  fake.on('GET /api/account/session', { json: session });
}

/** The shop's saved details (address, email; prices without VAT) and opening hours: the shop's first ones. */
export function answerShopDetails(fake: FakeApi): void {
  fake.on('GET /api/content/shop-details', { json: SHOP_SETTINGS });
  fake.on('GET /api/content/opening-hours', { json: OPENING_HOURS_ANSWER });
}
