// Reads M-Pesa Express's callback body as it really comes: ResultCode a number or text
// ('SFC_IC0003'), the metadata items in any order, some without a Value (Balance), the amount a
// number (1450 or 1450.00), the date a number in Nairobi time, the phone a number. A body that is not
// a callback reads as null. The callback is never believed alone: the shop confirms with the query.
import { z } from 'zod';
import { fromDarajaTimestamp } from '@/domain/mpesa-express';
import type { StkCallback } from './daraja-types';

const text = z.union([z.string(), z.number().transform(String)]);
const item = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });
const callbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: text,
      CheckoutRequestID: z.string().min(1).max(64),
      ResultCode: text,
      ResultDesc: z.string().catch(''),
      CallbackMetadata: z.object({ Item: z.array(item).catch([]) }).optional(),
    }),
  }),
});

const RECEIPT = /^[A-Z0-9]{10}$/;

export function parseStkCallback(body: unknown): StkCallback | null {
  const read = callbackBody.safeParse(body);
  if (!read.success) return null;
  const cb = read.data.Body.stkCallback;
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value]));
  const amount = Number(items.get('Amount'));
  const receipt = String(items.get('MpesaReceiptNumber') ?? '').trim();
  const date = items.get('TransactionDate');
  const phone = items.get('PhoneNumber');
  return {
    merchantRequestId: cb.MerchantRequestID,
    checkoutRequestId: cb.CheckoutRequestID,
    resultCode: cb.ResultCode.trim(),
    resultDesc: cb.ResultDesc,
    amountShillings: Number.isFinite(amount) && items.has('Amount') ? amount : null,
    receipt: RECEIPT.test(receipt) ? receipt : null,
    transactionDate: date === undefined ? null : fromDarajaTimestamp(date),
    phone: phone === undefined ? null : String(phone),
  };
}
