// Path parameters: ids are UUIDs, checked before they reach a uuid column (which would throw).
import { z } from 'zod';

const uuid = z.uuid({ error: 'That id is not valid' });

export const idParam = z.object({ id: uuid });

/** /orders/:id/payments/:paymentId/… */
export const orderPaymentParam = z.object({ id: uuid, paymentId: uuid });

/** /orders/:id/refunds/:refundId/… */
export const orderRefundParam = z.object({ id: uuid, refundId: uuid });

/** /orders/:id/messages/:channel/:messageId/… */
export const orderMessageParam = z.object({
  id: uuid,
  channel: z.enum(['sms', 'mail'], { error: 'The channel is sms or mail' }),
  messageId: uuid,
});
