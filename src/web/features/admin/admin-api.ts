// The back office's calls to /api/admin, through the typed client: paths, inputs and answers come
// from the server's routes, so a renamed field or path fails the type check. Path parameters are
// encoded here (the client puts them in the address as given).
import type { Role, StaffInviteInput } from '@/domain/staff-roles';
import type { TaxBand } from '@/domain/tax-bands';
import type { StockUnit } from '@/domain/stock-units';
import type { IfUnavailable } from '@/domain/line-choices';
import type { PartialRefundBody } from '@/domain/back-office-forms';
import type { ReportGrouping } from '@/domain/report-range';
import type { ReportKind } from '@/domain/report-table';
import { api, call } from '../../lib/api-client';

const admin = api.admin;
const id = (value: string) => encodeURIComponent(value);

/** A list's filters as the address holds them: text, '' for "no filter", and the page number. */
export type ListParams = Record<string, string | number | undefined>;

/**
 * The filters that are set, as query text. The values come from the address (the merchant's own
 * links), so they are typed as the route's query and the server checks them.
 */
function listQuery<Q>(params: ListParams): Q {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  return query as Q;
}

type QueryOf<F extends (...args: never[]) => unknown> = Parameters<F>[0] extends { query: infer Q } ? Q : never;

export type ContentKind = 'post' | 'page';
const content = (kind: ContentKind) => (kind === 'post' ? admin.posts : admin.pages);

export const adminApi = {
  dashboard: () => call(admin.dashboard.$get()),

  report: (kind: ReportKind, query: ReportQuery) => call(admin.reports[':kind'].$get({ param: { kind }, query })),
  /** A report, or the bookkeeper's orders or lines, as a CSV download (a link, so the browser saves it). */
  reportCsvUrl: (kind: ReportKind | 'orders' | 'order-lines', query: ReportQuery) =>
    `/api/admin/reports/${kind === 'orders' || kind === 'order-lines' ? `${kind}.csv` : `${kind}/csv`}?${new URLSearchParams({ ...query })}`,
  vatReturn: (month: string) => call(admin.reports.vat.$get({ query: { month } })),
  vatCsvUrl: (month: string) => `/api/admin/reports/vat.csv?${new URLSearchParams({ month })}`,
  signInCodeAlerts: () => call(admin['sign-in-codes'].alerts.$get()),

  products: (p: ListParams) => call(admin.products.$get({ query: listQuery<QueryOf<typeof admin.products.$get>>(p) })),
  product: (productId: string) => call(admin.products[':id'].$get({ param: { id: id(productId) } })),
  createProduct: (json: CreateProductBody) => call(admin.products.$post({ json })),
  updateProduct: (productId: string, json: UpdateProductBody) => call(admin.products[':id'].$patch({ param: { id: id(productId) }, json })),
  uploadProductImage: (productId: string, image: File) =>
    call(admin.products[':id'].image.$post({ param: { id: id(productId) }, form: { image } })),
  archiveProduct: (productId: string, archived: boolean) => {
    const product = admin.products[':id'];
    const param = { id: id(productId) };
    return call(archived ? product.archive.$post({ param }) : product.restore.$post({ param }));
  },
  stockHistory: (productId: string, page: number, variantId?: string) =>
    call(
      admin.products[':id'].stock.$get({
        param: { id: id(productId) },
        query: { page: String(page), pageSize: '10', ...(variantId !== undefined && { variantId }) },
      }),
    ),
  /** The stock history as a CSV download (a link, so the browser saves it). */
  stockCsvUrl: (productId: string, variantId?: string) =>
    `/api/admin/products/${id(productId)}/stock.csv${variantId === undefined ? '' : `?variantId=${id(variantId)}`}`,
  variants: (productId: string) => call(admin.products[':id'].variants.$get({ param: { id: id(productId) } })),
  addOptions: (productId: string, json: NewOptionsBody) =>
    call(admin.products[':id'].options.$post({ param: { id: id(productId) }, json })),
  addVariant: (productId: string, json: NewVariantBody) =>
    call(admin.products[':id'].variants.$post({ param: { id: id(productId) }, json })),
  updateVariant: (productId: string, variantId: string, json: UpdateVariantBody) =>
    call(admin.products[':id'].variants[':variantId'].$patch({ param: { id: id(productId), variantId: id(variantId) }, json })),
  setPricePerKg: (productId: string, json: { pricePerKgCents: number | null }) =>
    call(admin.products[':id']['price-per-kg'].$put({ param: { id: id(productId) }, json })),
  setStockUnit: (productId: string, json: { stockUnit: StockUnit }) =>
    call(admin.products[':id']['stock-unit'].$put({ param: { id: id(productId) }, json })),
  renameOption: (productId: string, optionId: string, name: string) =>
    call(admin.products[':id'].options[':optionId'].$patch({ param: { id: id(productId), optionId: id(optionId) }, json: { name } })),
  reorderOptions: (productId: string, optionIds: string[]) =>
    call(admin.products[':id'].options.order.$put({ param: { id: id(productId) }, json: { optionIds } })),
  addOptionValue: (productId: string, optionId: string, value: string) =>
    call(
      admin.products[':id'].options[':optionId'].values.$post({ param: { id: id(productId), optionId: id(optionId) }, json: { value } }),
    ),
  reorderOptionValues: (productId: string, optionId: string, valueIds: string[]) =>
    call(
      admin.products[':id'].options[':optionId'].values.order.$put({
        param: { id: id(productId), optionId: id(optionId) },
        json: { valueIds },
      }),
    ),
  updateOptionValue: (productId: string, optionId: string, valueId: string, json: { value?: string; enabled?: boolean }) =>
    call(
      admin.products[':id'].options[':optionId'].values[':valueId'].$patch({
        param: { id: id(productId), optionId: id(optionId), valueId: id(valueId) },
        json,
      }),
    ),
  adjustStock: (productId: string, json: StockAdjustmentBody) =>
    call(admin.products[':id'].stock.$post({ param: { id: id(productId) }, json })),

  orders: (p: ListParams) => call(admin.orders.$get({ query: listQuery<QueryOf<typeof admin.orders.$get>>(p) })),
  order: (orderId: string) => call(admin.orders[':id'].$get({ param: { id: id(orderId) } })),
  advanceFulfilment: (orderId: string, status: FulfilmentStep) =>
    call(admin.orders[':id'].fulfilment.$post({ param: { id: id(orderId) }, json: { status } })),
  orderMessages: (orderId: string) => call(admin.orders[':id'].messages.$get({ param: { id: id(orderId) } })),
  resendOrderMessage: (orderId: string, channel: 'sms' | 'mail', messageId: string) =>
    call(
      admin.orders[':id'].messages[':channel'][':messageId'].resend.$post({
        param: { id: id(orderId), channel, messageId: id(messageId) },
      }),
    ),
  cancelOrder: (orderId: string, reason: string) =>
    call(admin.orders[':id'].cancel.$post({ param: { id: id(orderId) }, json: { reason } })),
  checkPayment: (orderId: string) => call(admin.orders[':id']['check-payment'].$post({ param: { id: id(orderId) } })),
  resolveAttention: (orderId: string, note: string) =>
    call(admin.orders[':id'].resolve.$post({ param: { id: id(orderId) }, json: { note } })),
  refundPayment: (orderId: string, paymentId: string, reason: string) =>
    call(
      admin.orders[':id'].payments[':paymentId'].refund.$post({ param: { id: id(orderId), paymentId: id(paymentId) }, json: { reason } }),
    ),
  markRefundRejected: (orderId: string, refundId: string, note: string) =>
    call(admin.orders[':id'].refunds[':refundId'].rejected.$post({ param: { id: id(orderId), refundId: id(refundId) }, json: { note } })),
  refundPart: (orderId: string, json: PartialRefundBody) =>
    call(admin.orders[':id']['partial-refund'].$post({ param: { id: id(orderId) }, json })),
  recordManualRefund: (orderId: string, refundId: string, mpesaCode: string) =>
    call(
      admin.orders[':id'].refunds[':refundId'].manual.$post({ param: { id: id(orderId), refundId: id(refundId) }, json: { mpesaCode } }),
    ),
  withdrawRefund: (orderId: string, refundId: string, reason: string) =>
    call(admin.orders[':id'].refunds[':refundId'].withdraw.$post({ param: { id: id(orderId), refundId: id(refundId) }, json: { reason } })),

  customers: (p: ListParams) => call(admin.customers.$get({ query: listQuery<QueryOf<typeof admin.customers.$get>>(p) })),
  customer: (customerId: string) => call(admin.customers[':id'].$get({ param: { id: id(customerId) } })),
  setRole: (customerId: string, role: Role) => call(admin.customers[':id'].role.$post({ param: { id: id(customerId) }, json: { role } })),

  contentList: (kind: ContentKind, p: ListParams) => call(content(kind).$get({ query: listQuery<QueryOf<typeof admin.posts.$get>>(p) })),
  content: (kind: ContentKind, itemId: string) => call(content(kind)[':id'].$get({ param: { id: id(itemId) } })),
  createContent: (kind: ContentKind, json: CreateContentBody) => call(content(kind).$post({ json })),
  updateContent: (kind: ContentKind, itemId: string, json: UpdateContentBody) =>
    call(content(kind)[':id'].$patch({ param: { id: id(itemId) }, json })),
  publishContent: (kind: ContentKind, itemId: string, published: boolean) =>
    call(content(kind)[':id'].publish.$post({ param: { id: id(itemId) }, json: { published } })),
  deleteContent: (kind: ContentKind, itemId: string) => call(content(kind)[':id'].$delete({ param: { id: id(itemId) } })),
  uploadPostImage: (postId: string, image: File) => call(admin.posts[':id'].image.$post({ param: { id: id(postId) }, form: { image } })),
  previewHtml: (html: string) => call(admin.content.preview.$post({ json: { html } })),

  subscribers: (p: ListParams) => call(admin.newsletter.$get({ query: listQuery<QueryOf<typeof admin.newsletter.$get>>(p) })),
  deleteSubscriber: (subscriberId: string) => call(admin.newsletter[':id'].$delete({ param: { id: id(subscriberId) } })),
  messages: (p: ListParams) => call(admin.messages.$get({ query: listQuery<QueryOf<typeof admin.messages.$get>>(p) })),
  markMessage: (messageId: string, read: boolean) =>
    call(admin.messages[':id'].read.$post({ param: { id: id(messageId) }, json: { read } })),
  /** Customers' data exports and deletions, newest first. */
  dataRequests: () => call(admin['data-requests'].$get()),

  delivery: () => call(admin.delivery.$get()),
  saveZones: (json: ZonesBody) => call(admin.delivery.zones.$put({ json })),
  saveOrigin: (json: OriginBody) => call(admin.delivery.origin.$put({ json })),
  saveDeliveryFeeTaxBand: (json: { band: TaxBand }) => call(admin.delivery['fee-tax-band'].$put({ json })),
  deliveryWindows: () => call(admin.delivery.windows.$get()),
  saveWeekWindows: (json: JsonOf<typeof admin.delivery.windows.$put>) => call(admin.delivery.windows.$put({ json })),
  saveZoneWindows: (zoneId: string, json: JsonOf<(typeof admin.delivery.windows)[':zoneId']['$put']>) =>
    call(admin.delivery.windows[':zoneId'].$put({ param: { zoneId: id(zoneId) }, json })),
  pickupSettings: () => call(admin.delivery.pickup.$get()),
  savePickupSettings: (json: JsonOf<typeof admin.delivery.pickup.$put>) => call(admin.delivery.pickup.$put({ json })),
  saveOpeningHours: (json: JsonOf<(typeof admin.delivery)['opening-hours']['$put']>) =>
    call(admin.delivery['opening-hours'].$put({ json })),
  previewFee: (km: number) => call(admin.delivery.preview.$get({ query: { km: String(km) } })),
  shopDetails: () => call(admin['shop-details'].$get()),
  saveShopDetails: (json: ShopDetailsBody) => call(admin['shop-details'].$put({ json })),
  savePricesIncludeVat: (json: { on: boolean }) => call(admin['shop-details']['prices-include-vat'].$put({ json })),
  saveIfUnavailableDefault: (json: { ifUnavailable: IfUnavailable }) => call(admin['shop-details']['if-unavailable'].$put({ json })),
  merchantNotices: () => call(admin['merchant-notices'].$get()),
  saveMerchantNotices: (json: MerchantNoticesBody) => call(admin['merchant-notices'].$put({ json })),
  abandonedCarts: () => call(admin['abandoned-carts'].$get()),
  saveCartReminderHours: (hours: number) => call(admin['abandoned-carts'].settings.$put({ json: { hours } })),

  taxInvoices: (p: ListParams) =>
    call(admin['tax-invoices'].$get({ query: listQuery<QueryOf<(typeof admin)['tax-invoices']['$get']>>(p) })),
  taxInvoiceStatus: () => call(admin['tax-invoices'].status.$get()),
  sendTaxInvoiceAgain: (invoiceId: string) => call(admin['tax-invoices'][':id']['send-again'].$post({ param: { id: id(invoiceId) } })),
  itemClasses: () => call(admin['tax-invoices']['item-classes'].$get()),
  goLive: () => call(admin['go-live'].$get()),

  staff: () => call(admin.staff.$get()),
  inviteStaff: (json: StaffInviteInput) => call(admin.staff.$post({ json })),

  deliveries: (day: string) => call(admin.deliveries.$get({ query: day ? { day } : {} })),
  assignRider: (orderIds: string[], riderId: string | null) => call(admin.deliveries.assign.$post({ json: { orderIds, riderId } })),
  staffOnMyWay: (orderId: string) => call(admin.deliveries[':id']['on-my-way'].$post({ param: { id: id(orderId) } })),
  readyForPickup: (orderId: string) => call(admin.deliveries[':id']['ready-for-pickup'].$post({ param: { id: id(orderId) } })),
  collected: (orderId: string) => call(admin.deliveries[':id'].collected.$post({ param: { id: id(orderId) } })),
  riderStops: () => call(admin.rider.stops.$get()),

  pickList: (day: string, slot: string) => call(admin.packing.$get({ query: { ...(day && { day }), ...(slot && { slot }) } })),
  substitutes: (itemId: string) => call(admin.packing.items[':itemId'].substitutes.$get({ param: { itemId: id(itemId) } })),
  recordPacking: (itemId: string, json: PackingLineBody) =>
    call(admin.packing.items[':itemId'].$post({ param: { itemId: id(itemId) }, json })),
  finishPacking: (orderId: string) => call(admin.packing.orders[':id'].finish.$post({ param: { id: id(orderId) } })),
  riderOnMyWay: (orderId: string) => call(admin.rider.stops[':id']['on-my-way'].$post({ param: { id: id(orderId) } })),
  markDelivered: (orderId: string) => call(admin.rider.stops[':id'].delivered.$post({ param: { id: id(orderId) } })),
  markNotDelivered: (orderId: string, reason: string) =>
    call(admin.rider.stops[':id']['not-delivered'].$post({ param: { id: id(orderId) }, json: { reason } })),
  doorPrompt: (orderId: string, phone: string) =>
    call(admin.rider.stops[':id']['mpesa-prompt'].$post({ param: { id: id(orderId) }, json: { phone } })),
  paidAtDoor: (orderId: string, json: { method: 'cash' } | { method: 'mpesa_code'; code: string }) =>
    call(admin.rider.stops[':id'].paid.$post({ param: { id: id(orderId) }, json })),
  refusedAtDoor: (orderId: string, reason: string) =>
    call(admin.rider.stops[':id'].refused.$post({ param: { id: id(orderId) }, json: { reason } })),

  promotions: (p: ListParams) => call(admin.promotions.$get({ query: listQuery<QueryOf<typeof admin.promotions.$get>>(p) })),
  promotion: (promotionId: string) => call(admin.promotions[':id'].$get({ param: { id: id(promotionId) } })),
  promotionChoices: () => call(admin.promotions.choices.$get()),
  createPromotion: (json: PromotionBody) => call(admin.promotions.$post({ json })),
  updatePromotion: (promotionId: string, json: PromotionBody) =>
    call(admin.promotions[':id'].$put({ param: { id: id(promotionId) }, json })),
  setPromotionActive: (promotionId: string, active: boolean) => {
    const param = { id: id(promotionId) };
    return call(active ? admin.promotions[':id'].activate.$post({ param }) : admin.promotions[':id'].deactivate.$post({ param }));
  },

  audit: (p: ListParams) => call(admin.audit.$get({ query: listQuery<QueryOf<typeof admin.audit.$get>>(p) })),
  auditFacets: () => call(admin.audit.facets.$get()),
};

/** The packing slips or route sheet of a day (or of some orders) as a PDF, opened by the browser. */
export function deliverySheetUrl(sheet: 'packing-slips' | 'route-sheet', q: { day: string; orders?: string[] }): string {
  const path = sheet === 'packing-slips' ? admin.deliveries['packing-slips.pdf'].$path() : admin.deliveries['route-sheet.pdf'].$path();
  const query = new URLSearchParams({ day: q.day, ...(q.orders ? { orders: q.orders.join(',') } : {}) });
  return `${path}?${query.toString()}`;
}

/** The back office's live stream of every order's changes (Server-Sent Events). */
export const STAFF_LIVE_URL = admin.live.$path();

/** The address of the subscriber list as a CSV file (a download for people, not a JSON answer). */
export const NEWSLETTER_CSV_URL = admin.newsletter['export.csv'].$path();

// Request bodies, as the routes take them.
type JsonOf<F extends (...args: never[]) => unknown> = Parameters<F>[0] extends { json: infer J } ? J : never;
export type CreateProductBody = JsonOf<typeof admin.products.$post>;
export type PromotionBody = JsonOf<typeof admin.promotions.$post>;
export type UpdateProductBody = JsonOf<(typeof admin.products)[':id']['$patch']>;
export type StockAdjustmentBody = JsonOf<(typeof admin.products)[':id']['stock']['$post']>;
export type NewOptionsBody = JsonOf<(typeof admin.products)[':id']['options']['$post']>;
type NewVariantBody = JsonOf<(typeof admin.products)[':id']['variants']['$post']>;
type UpdateVariantBody = JsonOf<(typeof admin.products)[':id']['variants'][':variantId']['$patch']>;
export type FulfilmentStep = JsonOf<(typeof admin.orders)[':id']['fulfilment']['$post']>['status'];
export type CreateContentBody = JsonOf<typeof admin.posts.$post>;
export type UpdateContentBody = JsonOf<(typeof admin.posts)[':id']['$patch']>;
export type ZonesBody = JsonOf<typeof admin.delivery.zones.$put>;
export type OriginBody = JsonOf<typeof admin.delivery.origin.$put>;
export type ShopDetailsBody = JsonOf<(typeof admin)['shop-details']['$put']>;
type MerchantNoticesBody = JsonOf<(typeof admin)['merchant-notices']['$put']>;
export type PackingLineBody = JsonOf<(typeof admin.packing.items)[':itemId']['$post']>;

// Answers, as the routes send them.
type Answer<K extends keyof typeof adminApi> = Awaited<ReturnType<(typeof adminApi)[K]>>;
export type AdminProduct = Answer<'product'>['product'];
export type AdminPromotion = Answer<'promotion'>['promotion'];
export type PromotionChoices = Answer<'promotionChoices'>;
export type StockMovementView = Answer<'stockHistory'>['items'][number];
type AdminVariantsView = Answer<'variants'>;
export type AdminVariant = AdminVariantsView['variants'][number];
export type AdminOption = AdminVariantsView['options'][number];
export type AdminOrderSummary = Answer<'orders'>['items'][number];
export type AdminOrderDetail = Answer<'order'>;
export type AdminOrderMessage = Answer<'orderMessages'>['messages'][number];
export type AdminCustomer = Answer<'customer'>['customer'];
export type AdminContentSummary = Answer<'contentList'>['items'][number];
export type AdminContent = Answer<'content'>['item'];
export type Subscriber = Answer<'subscribers'>['items'][number];
export type MessageList = Answer<'messages'>;
export type ContactMessageView = MessageList['items'][number];
export type DeliveryZone = Answer<'delivery'>['zones'][number];
export type DeliveryOrigin = Answer<'delivery'>['origin'];
export type DeliveryWindowSettings = Answer<'deliveryWindows'>;
export type ShopDetailsView = Answer<'shopDetails'>['details'];
export type TaxInvoiceView = Answer<'taxInvoices'>['invoices'][number];
export type DeliveriesView = Answer<'deliveries'>;
export type DeliveryStopView = DeliveriesView['groups'][number]['stops'][number];
export type StaffMemberView = Answer<'staff'>['items'][number];
type PickListView = Answer<'pickList'>;
export type PickOrderView = PickListView['orders'][number];
export type PickLineView = PickOrderView['lines'][number];
export type TaxInvoiceStatusView = Answer<'taxInvoiceStatus'>;
export type ItemClassChoices = Answer<'itemClasses'>;
export type GoLiveCheckLine = Answer<'goLive'>['checks'][number];
export type AuditEntryView = Answer<'audit'>['items'][number];

export interface ReportQuery {
  from: string;
  to: string;
  by: ReportGrouping;
}
export type VatReturnView = Answer<'vatReturn'>;

/** What the list screens need of a paged answer (every list route's answer has this shape). */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}
