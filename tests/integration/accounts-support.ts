// Helpers for the account tests: sign-up payloads, the mail the shop stored, a clock tests can move.
import { desc, eq } from 'drizzle-orm';
import { outboundMail } from '../../src/server/db/schema';
import type { TestApp } from '../support/test-app';

let counter = 0;

export function signUpBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    fullName: 'Achieng Otieno',
    email: `achieng${counter}-${Date.now()}@example.test`,
    phone: '+254 712 345 678',
    address: 'Kilimani, Nairobi',
    password: 'sunrise-over-lake-1',
    ...overrides,
  };
}

export async function mailsTo(t: TestApp, to: string) {
  return t.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, to)).orderBy(desc(outboundMail.createdAt));
}

/** The path and query of the first link in the newest mail to `to`. */
async function linkInLatestMail(t: TestApp, to: string): Promise<string> {
  const [mail] = await mailsTo(t, to);
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in the mail to ${to}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The code of the verification link (/auth?verify=<code>) in the newest mail to `to`. */
export async function verifyCodeInLatestMail(t: TestApp, to: string): Promise<string> {
  const code = new URL(`http://shop${await linkInLatestMail(t, to)}`).searchParams.get('verify');
  if (!code) throw new Error(`no verification link in the mail to ${to}`);
  return code;
}

export function movableClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
  };
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
