import { z } from 'zod';
import { LOCALES, type Locale } from '@/domain/locale';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';

export const localeRequestSchema = z.object({ locale: z.enum(LOCALES, { message: 'Choose English or Kiswahili.' }) });

/** The customer's language from now on: her pages, SMS and mail. */
export async function saveLocale(db: DbOrTx, userId: string, locale: Locale, at: Date): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, locale })
    .onConflictDoUpdate({ target: profiles.id, set: { locale, updatedAt: at } });
}
