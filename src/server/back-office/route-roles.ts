// Which back-office roles may call each /api/admin route, keyed 'METHOD /path' as the route is
// declared (relative to /api/admin). The owner may call every route; a route not listed here is the
// owner's alone, so a new route is closed to staff and riders until it is added. The table in
// docs/roles.md says the same in words; tests/integration/admin-roles.test.ts walks every route.
import type { BackOfficeRole } from '@/domain/staff-roles';

const STAFF = ['staff'] as const;
const EVERYONE = ['staff', 'rider'] as const;

const ROUTE_ROLES: Readonly<Record<string, readonly Exclude<BackOfficeRole, 'owner'>[]>> = {
  'GET /dashboard': STAFF,
  // The dashboard's notice that sign-in codes by SMS have reached a ceiling.
  'GET /sign-in-codes/alerts': STAFF,
  // Orders: reading, fulfilment, follow-up and messages; cancelling and refunds are the owner's.
  'GET /orders': STAFF,
  'GET /orders/:id': STAFF,
  'GET /orders/:id/messages': STAFF,
  'POST /orders/:id/messages/:channel/:messageId/resend': STAFF,
  'POST /orders/:id/resolve': STAFF,
  'POST /orders/:id/fulfilment': STAFF,
  'POST /orders/:id/check-payment': STAFF,
  // Stock, and the products it belongs to (editing a product, its price or image is the owner's).
  'GET /products': STAFF,
  'GET /products/:id': STAFF,
  'GET /products/:id/stock': STAFF,
  'POST /products/:id/stock': STAFF,
  'GET /products/:id/stock.csv': STAFF,
  // A product's options and variants are read by staff (stock is kept per variant); what is sold and
  // at what price (options, values, variants) is the owner's, as the product's own price is.
  'GET /products/:id/variants': STAFF,
  // Customers are read while handling their orders; their roles are the owner's.
  'GET /customers': STAFF,
  'GET /customers/:id': STAFF,
  'GET /messages': STAFF,
  'POST /messages/:id/read': STAFF,
  // Today's deliveries and their riders.
  'GET /deliveries': STAFF,
  'POST /deliveries/assign': STAFF,
  'GET /deliveries/packing-slips.pdf': STAFF,
  'GET /deliveries/route-sheet.pdf': STAFF,
  // The live order notices and the screens they refresh.
  'GET /live': STAFF,
  // The signed-in person's own stops (only riders are given any).
  'GET /rider/stops': EVERYONE,
  'POST /rider/stops/:id/delivered': EVERYONE,
  'POST /rider/stops/:id/not-delivered': EVERYONE,
};

/** Whether `role` may call the route declared as `method path`. */
export function roleMayCall(role: BackOfficeRole, method: string, path: string): boolean {
  if (role === 'owner') return true;
  const allowed = ROUTE_ROLES[`${method === 'HEAD' ? 'GET' : method} ${path}`];
  return allowed !== undefined && (allowed as readonly string[]).includes(role);
}
