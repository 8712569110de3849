// A customer as the shop makes one: signed up through the API, verified through the link in the
// mail, and signed in. Journeys that start from a signed-in customer use it.
import type { Browser, BrowserContext } from 'playwright-core';
import type { ShopServer } from './shop-server';
import type { TestSmtpServer } from './smtp';

export interface NewCustomer {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** The verification link (/auth?verify=<code>) in a mail. */
export function verificationLink(mail: { links: string[] }): string {
  const link = mail.links.find((l) => new URL(l).searchParams.has('verify'));
  if (!link) throw new Error('no verification link in the mail');
  return link;
}

/** Uses a verification link as its page's button does, outside any browser (no session is kept). */
export async function verifyByLink(shopUrl: string, link: string): Promise<Response> {
  const res = await fetch(shopUrl + '/api/account/verify-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: shopUrl },
    body: JSON.stringify({ token: new URL(link).searchParams.get('verify') }),
  });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${await res.text()}`);
  return res;
}

/** A browser context holding the new customer's session; `initScript` runs in each of its pages. */
export async function signedUpContext(
  shop: ShopServer,
  smtp: TestSmtpServer,
  browser: Browser,
  who: NewCustomer,
  initScript?: string,
  contextOptions: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const res = await fetch(shop.url + '/api/account/sign-up', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: shop.url },
    body: JSON.stringify({ fullName: who.name, email: who.email, phone: who.phone, address: 'Westlands, Nairobi', password: who.password }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await smtp.waitForMail(who.email, { subject: /^Verify your email/ });
  await verifyByLink(shop.url, verificationLink(mail));
  const context = await browser.newContext(contextOptions);
  if (initScript) await context.addInitScript(initScript);
  const signIn = await context.request.post(shop.url + '/api/account/sign-in', {
    data: { email: who.email, password: who.password },
    headers: { Origin: shop.url },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  return context;
}
