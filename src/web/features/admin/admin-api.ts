// The back office's calls to /api/admin. Types come from the server's services (types only: no
// server code reaches the browser).
import type { DeliveryZone } from '@/domain/delivery-fee';
import type { ShopDetails } from '@/domain/shop-details';
import type { AuditEntryView, AuditFacets } from '@/server/features/admin/admin-audit.service';
import type { AdminContent, AdminContentSummary, ContentKind } from '@/server/features/admin/admin-content.service';
import type { AdminCustomer } from '@/server/features/admin/admin-customers.service';
import type { Dashboard } from '@/server/features/admin/admin-dashboard.service';
import type { FeePreview } from '@/server/features/admin/admin-delivery.service';
import type { ContactMessageView, Subscriber } from '@/server/features/admin/admin-inbox.service';
import type { CancelOutcome, PaymentCheckResult } from '@/server/features/admin/admin-order-actions.service';
import type { AdminOrderDetail } from '@/server/features/admin/admin-order-detail.service';
import type { AdminOrderSummary } from '@/server/features/admin/admin-orders.service';
import type { AdminOrderMessage } from '@/server/features/admin/admin-order-messages.service';
import type { Page } from '@/server/features/admin/admin-paging';
import type { PaymentRefundOutcome } from '@/server/features/admin/admin-payment-refund.service';
import type { AdminProduct } from '@/server/features/admin/admin-products.service';
import type { StockMovementView } from '@/server/features/admin/admin-stock.service';
import type { DeliveryOrigin } from '@/server/features/checkout/delivery-quote.service';
import { apiFetch } from '../../lib/api';

export type {
  AdminContent,
  AdminContentSummary,
  AdminCustomer,
  AdminOrderDetail,
  AdminOrderMessage,
  AdminOrderSummary,
  AdminProduct,
  AuditEntryView,
  ContactMessageView,
  ContentKind,
  Dashboard,
  DeliveryOrigin,
  DeliveryZone,
  FeePreview,
  Page,
  StockMovementView,
  Subscriber,
};

const BASE = '/api/admin';

/** '?a=1&b=x' from the non-empty values. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const get = <T>(path: string) => apiFetch<T>(`${BASE}${path}`);
const send = <T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, json?: unknown) =>
  apiFetch<T>(`${BASE}${path}`, { method, json });

/** Multipart upload of one image (field "image"). */
const upload = <T>(path: string, file: File) => {
  const body = new FormData();
  body.set('image', file);
  return apiFetch<T>(`${BASE}${path}`, { method: 'POST', body });
};

export type ListParams = Record<string, string | number | undefined>;

export const adminApi = {
  dashboard: () => get<Dashboard>('/dashboard'),

  products: (p: ListParams) => get<Page<AdminProduct> & { categories: string[] }>(`/products${queryString(p)}`),
  product: (id: string) => get<{ product: AdminProduct }>(`/products/${id}`),
  createProduct: (json: unknown) => send<{ product: AdminProduct }>('POST', '/products', json),
  updateProduct: (id: string, json: unknown) => send<{ product: AdminProduct }>('PATCH', `/products/${id}`, json),
  uploadProductImage: (id: string, file: File) => upload<{ product: AdminProduct }>(`/products/${id}/image`, file),
  archiveProduct: (id: string, archived: boolean) =>
    send<{ product: AdminProduct }>('POST', `/products/${id}/${archived ? 'archive' : 'restore'}`),
  stockHistory: (id: string, page: number) => get<Page<StockMovementView>>(`/products/${id}/stock${queryString({ page, pageSize: 10 })}`),
  adjustStock: (id: string, json: unknown) => send<{ stock: number }>('POST', `/products/${id}/stock`, json),

  orders: (p: ListParams) => get<Page<AdminOrderSummary>>(`/orders${queryString(p)}`),
  order: (id: string) => get<AdminOrderDetail>(`/orders/${id}`),
  advanceFulfilment: (id: string, status: string) => send<{ fulfilmentStatus: string }>('POST', `/orders/${id}/fulfilment`, { status }),
  orderMessages: (id: string) => get<{ messages: AdminOrderMessage[] }>(`/orders/${id}/messages`),
  resendOrderMessage: (id: string, channel: 'sms' | 'mail', messageId: string) =>
    send<{ message: AdminOrderMessage }>('POST', `/orders/${id}/messages/${channel}/${messageId}/resend`),
  cancelOrder: (id: string, reason: string) => send<CancelOutcome>('POST', `/orders/${id}/cancel`, { reason }),
  checkPayment: (id: string) => send<PaymentCheckResult>('POST', `/orders/${id}/check-payment`),
  resolveAttention: (id: string, note: string) => send<{ needsAttention: false }>('POST', `/orders/${id}/resolve`, { note }),
  refundPayment: (id: string, paymentId: string, reason: string) =>
    send<PaymentRefundOutcome>('POST', `/orders/${id}/payments/${paymentId}/refund`, { reason }),

  customers: (p: ListParams) => get<Page<AdminCustomer>>(`/customers${queryString(p)}`),
  customer: (id: string) => get<{ customer: AdminCustomer }>(`/customers/${id}`),
  setRole: (id: string, role: 'customer' | 'admin') => send<{ customer: AdminCustomer }>('POST', `/customers/${id}/role`, { role }),

  contentList: (kind: ContentKind, p: ListParams) => get<Page<AdminContentSummary>>(`/${kind}s${queryString(p)}`),
  content: (kind: ContentKind, id: string) => get<{ item: AdminContent }>(`/${kind}s/${id}`),
  createContent: (kind: ContentKind, json: unknown) => send<{ item: AdminContent }>('POST', `/${kind}s`, json),
  updateContent: (kind: ContentKind, id: string, json: unknown) => send<{ item: AdminContent }>('PATCH', `/${kind}s/${id}`, json),
  publishContent: (kind: ContentKind, id: string, published: boolean) =>
    send<{ item: AdminContent }>('POST', `/${kind}s/${id}/publish`, { published }),
  deleteContent: (kind: ContentKind, id: string) => send<{ ok: true }>('DELETE', `/${kind}s/${id}`),
  uploadPostImage: (id: string, file: File) => upload<{ item: AdminContent }>(`/posts/${id}/image`, file),
  previewHtml: (html: string) => send<{ html: string }>('POST', '/content/preview', { html }),

  subscribers: (p: ListParams) => get<Page<Subscriber>>(`/newsletter${queryString(p)}`),
  deleteSubscriber: (id: string) => send<{ ok: true }>('DELETE', `/newsletter/${id}`),
  messages: (p: ListParams) => get<Page<ContactMessageView> & { unread: number }>(`/messages${queryString(p)}`),
  markMessage: (id: string, read: boolean) => send<{ message: ContactMessageView }>('POST', `/messages/${id}/read`, { read }),

  delivery: () => get<{ zones: DeliveryZone[]; origin: DeliveryOrigin }>('/delivery'),
  saveZones: (zones: unknown[]) => send<{ zones: DeliveryZone[] }>('PUT', '/delivery/zones', { zones }),
  saveOrigin: (json: unknown) => send<{ origin: DeliveryOrigin }>('PUT', '/delivery/origin', json),
  shopDetails: () => get<{ details: ShopDetails }>('/shop-details'),
  saveShopDetails: (json: unknown) => send<{ details: ShopDetails }>('PUT', '/shop-details', json),
  previewFee: (km: number) => get<FeePreview>(`/delivery/preview${queryString({ km })}`),

  audit: (p: ListParams) => get<Page<AuditEntryView>>(`/audit${queryString(p)}`),
  auditFacets: () => get<AuditFacets>('/audit/facets'),
};

export const NEWSLETTER_CSV_URL = `${BASE}/newsletter/export.csv`;
