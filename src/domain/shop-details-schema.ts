// The rules for the merchant's shop-details form, shared by the back-office form and the API.
// Apart from shop-details.ts so the storefront footer does not pull zod into the first download.
import { z } from 'zod';
import { SHOP_DETAILS_MESSAGES } from './shop-details';
import { toE164Phone } from './phone';
import { emailSchema, sanitizeText } from './validation';

// The same rules and messages as sign-up and the profile, but optional: an empty phone is not shown.
const optionalPhone = z
  .string({ error: SHOP_DETAILS_MESSAGES.phone })
  .default('')
  .transform((s, ctx) => {
    const text = sanitizeText(s);
    if (text === '') return '';
    const stored = toE164Phone(text);
    if (stored === null) ctx.addIssue({ code: 'custom', message: SHOP_DETAILS_MESSAGES.phone });
    return stored ?? text;
  });

const link = z
  .string()
  .default('')
  .transform((s) => s.trim())
  .refine((s) => s === '' || (/^https:\/\/[^\s<>"']+$/i.test(s) && s.length <= 300), { error: SHOP_DETAILS_MESSAGES.url });

export const shopDetailsSchema = z.object({
  address: z
    .string({ error: SHOP_DETAILS_MESSAGES.address })
    .transform(sanitizeText)
    .pipe(z.string().min(1, { error: SHOP_DETAILS_MESSAGES.address }).max(300, { error: SHOP_DETAILS_MESSAGES.addressTooLong })),
  phone: optionalPhone,
  whatsapp: optionalPhone,
  email: emailSchema,
  facebookUrl: link,
  instagramUrl: link,
  xUrl: link,
});
export type ShopDetailsInput = z.infer<typeof shopDetailsSchema>;
