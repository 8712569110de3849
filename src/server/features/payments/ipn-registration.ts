// Pesapal needs a notification_id (ipn_id) on every order. We register our IPN URL once, keep the
// id in app_settings (shared by every instance and restart) and reuse it, instead of registering on
// every order as the original did.
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { appSettings } from '../../db/schema';
import { resolvePesapalBaseUrl } from '../../payment-config';

interface StoredIpn {
  ipnId: string;
  /** The Pesapal API the id belongs to: an id from the sandbox means nothing live. */
  baseUrl: string;
}

/** The address Pesapal notifies: the shop's IPN endpoint at PUBLIC_URL. */
export const shopIpnUrl = (publicUrl: string) => `${publicUrl}/api/payments/ipn`;

/** The app_settings key of the ipn_id registered for that address. */
export const ipnSettingKey = (publicUrl: string) => `pesapal_ipn:${shopIpnUrl(publicUrl)}`;

function ipnUrl(ctx: ServerContext): string {
  return shopIpnUrl(ctx.env.PUBLIC_URL);
}

function settingKey(ctx: ServerContext): string {
  return ipnSettingKey(ctx.env.PUBLIC_URL);
}

export function isStoredIpn(v: unknown): v is StoredIpn {
  return typeof v === 'object' && v !== null && typeof (v as StoredIpn).ipnId === 'string' && typeof (v as StoredIpn).baseUrl === 'string';
}

// Concurrent first orders in one process share one registration instead of racing to make many.
const inflight = new WeakMap<ServerContext, Promise<string>>();

/** The stored ipn_id for this shop's IPN URL, registering it (GET notifications) when there is none. */
export function ensureIpnId(ctx: ServerContext): Promise<string> {
  const running = inflight.get(ctx);
  if (running) return running;
  const work = readOrRegister(ctx).finally(() => inflight.delete(ctx));
  inflight.set(ctx, work);
  return work;
}

async function readOrRegister(ctx: ServerContext): Promise<string> {
  const key = settingKey(ctx);
  const baseUrl = resolvePesapalBaseUrl(ctx.env);
  const [row] = await ctx.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (row && isStoredIpn(row.value) && row.value.baseUrl === baseUrl) return row.value.ipnId;
  const registration = await ctx.integrations.pesapal.registerIpn(ipnUrl(ctx), 'GET');
  const value: StoredIpn = { ipnId: registration.ipnId, baseUrl };
  await ctx.db
    .insert(appSettings)
    .values({ key, value, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: ctx.now() } });
  ctx.logger.info({ ipnUrl: registration.url }, 'pesapal: IPN URL registered');
  return registration.ipnId;
}

/** Drops the stored id after Pesapal refused it (other credentials, a restarted simulator). */
export async function forgetIpnId(ctx: ServerContext): Promise<void> {
  await ctx.db.delete(appSettings).where(eq(appSettings.key, settingKey(ctx)));
}
