// What the live stream (/api/realtime/events, Server-Sent Events) tells a browser about a change to
// one of its own orders or payments: the server writes it, the browser reads it, both by this type.
export interface LiveEvent {
  kind: 'payment' | 'order';
  orderId: string;
  status: string;
  oldStatus: string | null;
  fulfilmentStatus?: string;
  /** Why an order ended without a sale (orders.cancelled_reason), when it did. */
  reason?: string;
}

/**
 * What the back office's live stream (/api/admin/live) tells a signed-in admin about any customer's
 * order: the same change, and whether the order now needs the merchant's attention.
 */
export interface StaffLiveEvent extends LiveEvent {
  kind: 'order';
  needsAttention: boolean;
}
