// Reads the result Daraja posts for a Reversal request (to its ResultURL, or its QueueTimeOutURL) as
// it really comes: ResultCode a number (0) or text ('R000001'), ResultParameters missing on a
// failure, ResultParameter and ReferenceItem an object instead of an array when there is one, some
// Values missing, and keys that may be written with spaces ('Conversation ID'). A body that is not a
// result reads as null.
import { z } from 'zod';
import type { ReversalResult } from './daraja-types';

const text = z.union([z.string(), z.number().transform(String)]);
const optionalText = text
  .nullish()
  .catch(null)
  .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()));
const item = z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).nullish() });
const items = z
  .union([z.array(item), item.transform((one) => [one])])
  .nullish()
  .catch(null);

const resultBody = z.object({
  ResultCode: text,
  ResultDesc: z.string().catch(''),
  OriginatorConversationID: optionalText,
  ConversationID: optionalText,
  TransactionID: optionalText,
  ReferenceData: z.object({ ReferenceItem: items }).nullish().catch(null),
});

/** The same object with its keys' spaces taken out ('Conversation ID' → 'ConversationID'). */
function withoutSpacedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/\s+/g, ''), v]));
}

export function parseReversalResult(body: unknown): ReversalResult | null {
  const outer = withoutSpacedKeys(body) as { Result?: unknown } | null;
  const read = resultBody.safeParse(withoutSpacedKeys(outer?.Result));
  if (!read.success) return null;
  const r = read.data;
  const occasion = (r.ReferenceData?.ReferenceItem ?? []).find((i) => i.Key.replace(/\s+/g, '') === 'Occasion')?.Value;
  return {
    resultCode: r.ResultCode.trim(),
    resultDesc: r.ResultDesc,
    originatorConversationId: r.OriginatorConversationID,
    conversationId: r.ConversationID,
    transactionId: r.TransactionID,
    occasion: occasion === null || occasion === undefined || String(occasion).trim() === '' ? null : String(occasion).trim(),
  };
}
