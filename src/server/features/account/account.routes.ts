import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { forgotPasswordSchema, PASSWORD_RESET_MESSAGES, resetPasswordSchema } from '@/domain/password-reset';
import { SIGN_IN_LINK_MESSAGES, signInLinkRequestSchema, signInLinkUseSchema } from '@/domain/sign-in-link';
import { EMAIL_VERIFICATION_MESSAGES, resendVerificationSchema, useVerificationLinkSchema } from '@/domain/email-verification';
import { returnPathSchema } from '@/domain/return-path';
import { formatPhone } from '@/domain/phone';
import {
  addEmailSchema,
  confirmEmailSchema,
  PHONE_SIGN_IN_MESSAGES,
  phoneCodeRequestSchema,
  phoneCodeUseSchema,
} from '@/domain/phone-sign-in';
import { profileSchema, signInSchema, signUpSchema } from '@/domain/validation';
import { getSessionUser } from '../../auth/auth';
import { googleEnabled } from '../../auth/google-sign-in';
import type { AppEnv, ServerContext } from '../../context';
import { DomainError } from '../../errors';
import { currentUser, requireUser } from '../../auth/session';
import { valid } from '../../infra/http/validate';
import { ACCOUNT_MESSAGES } from './account-messages';
import { sessionView, updateProfile } from './account.service';
import { limitAddress } from '../../infra/http/client-address';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, isKnownDevice, rememberDevice } from '../../auth/known-device';
import { startGoogleSignIn } from './google.service';
import { resendVerification, signIn, signUp } from './password-auth.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { requestSignInLink, useSignInLink } from './sign-in-link.service';
import { sendPhoneCode, signInWithPhoneCode } from './phone-code.service';
import { useVerificationLink } from './verification-link.service';
import { addEmailToPhoneAccount, confirmPendingEmail, pendingEmailOf } from './add-email.service';
import { localeRequestSchema, saveLocale } from './locale.service';
import { requestLocale } from '@/domain/locale';

/** Sign-up, and the page the verification link brings the customer back to (a path of this shop only). */
const signUpRequestSchema = signUpSchema.and(z.object({ returnTo: returnPathSchema.optional() }));

/** Passes better-auth's cookies (session, OAuth state) on to the browser. */
function forwardCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

/** Gives the browser its own device token for the account (a new one, or its valid one again for 180 days). */
async function setDeviceCookie(c: Context, ctx: ServerContext, current: string | undefined, userId: string) {
  setCookie(c, DEVICE_COOKIE, await rememberDevice(ctx.db, current, userId, ctx.now()), {
    httpOnly: true,
    secure: ctx.env.PUBLIC_URL.startsWith('https://'),
    sameSite: 'Lax',
    path: '/api/account',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

// Account endpoints: sign-up, sign-in, the emailed sign-in link, the SMS code, the verification link and mail, forgotten passwords, Google start, the
// session and the profile.
// Sign-out is better-auth's own POST /api/auth/sign-out.
export function accountRoutes(ctx: ServerContext) {
  const deps = { db: ctx.db, auth: ctx.auth, now: ctx.now };
  const phoneDeps = { ...deps, env: ctx.env, sms: ctx.sms, logger: ctx.logger };
  const emailDeps = { db: ctx.db, now: ctx.now, env: ctx.env, mailer: ctx.mailer, logger: ctx.logger };
  return (
    new Hono<AppEnv>()
      // The storefront's language, kept for her SMS and mail (the header's switch, signed in).
      .put('/locale', requireUser(ctx), valid('json', localeRequestSchema), async (c) => {
        await saveLocale(ctx.db, currentUser(c).id, c.req.valid('json').locale, ctx.now());
        return c.json({ locale: c.req.valid('json').locale });
      })
      .get('/session', async (c) => {
        c.header('Cache-Control', 'no-store');
        const user = await getSessionUser(ctx.auth, c.req.raw.headers);
        return c.json(await sessionView(ctx.db, user, googleEnabled(ctx.env), ctx.sms.enabled));
      })
      .post('/sign-up', valid('json', signUpRequestSchema), async (c) => {
        const { returnTo, ...values } = c.req.valid('json');
        await signUp(deps, values, limitAddress(c), returnTo);
        return c.json({ ok: true as const }, 201);
      })
      .post('/verify-email', valid('json', useVerificationLinkSchema), async (c) => {
        const outcome = await useVerificationLink(deps, c.req.valid('json').token, limitAddress(c), c.req.raw.headers);
        forwardCookies(c, outcome.headers);
        if (outcome.signedIn) await setDeviceCookie(c, ctx, getCookie(c, DEVICE_COOKIE), outcome.userId);
        const message = outcome.signedIn ? EMAIL_VERIFICATION_MESSAGES.signedIn : EMAIL_VERIFICATION_MESSAGES.verified;
        return c.json({ signedIn: outcome.signedIn, returnTo: outcome.returnTo, message });
      })
      .post('/sign-in', valid('json', signInSchema), async (c) => {
        const values = c.req.valid('json');
        const device = getCookie(c, DEVICE_COOKIE);
        const known = await isKnownDevice(ctx.db, device, values.email, ctx.now());
        const { headers, userId } = await signIn(deps, values, limitAddress(c), c.req.raw.headers, known);
        forwardCookies(c, headers);
        await setDeviceCookie(c, ctx, device, userId);
        return c.json({ ok: true as const });
      })
      .post('/sign-in-link', valid('json', signInLinkRequestSchema), async (c) => {
        await requestSignInLink(deps, c.req.valid('json').email, limitAddress(c));
        return c.json({ message: SIGN_IN_LINK_MESSAGES.sent });
      })
      .post('/sign-in-link/use', valid('json', signInLinkUseSchema), async (c) => {
        const { headers, userId } = await useSignInLink(deps, c.req.valid('json').token, limitAddress(c), c.req.raw.headers);
        forwardCookies(c, headers);
        await setDeviceCookie(c, ctx, getCookie(c, DEVICE_COOKIE), userId);
        return c.json({ message: SIGN_IN_LINK_MESSAGES.signedIn });
      })
      .post('/phone-code', valid('json', phoneCodeRequestSchema), async (c) => {
        const { phone } = c.req.valid('json');
        await sendPhoneCode(phoneDeps, phone, limitAddress(c), requestLocale(c.req.header('cookie'), c.req.header('accept-language')));
        return c.json({ message: PHONE_SIGN_IN_MESSAGES.sent(formatPhone(phone)) });
      })
      .post('/phone-code/sign-in', valid('json', phoneCodeUseSchema), async (c) => {
        const { headers } = await signInWithPhoneCode(phoneDeps, c.req.valid('json'), limitAddress(c), c.req.raw.headers);
        forwardCookies(c, headers);
        return c.json({ message: PHONE_SIGN_IN_MESSAGES.signedIn });
      })
      .post('/resend-verification', valid('json', resendVerificationSchema), async (c) => {
        const { email, returnTo } = c.req.valid('json');
        await resendVerification(deps, email, limitAddress(c), returnTo);
        return c.json({ message: ACCOUNT_MESSAGES.verificationSent });
      })
      .post('/forgot-password', valid('json', forgotPasswordSchema), async (c) => {
        await requestPasswordReset(deps, c.req.valid('json').email, limitAddress(c));
        return c.json({ message: PASSWORD_RESET_MESSAGES.linkSent });
      })
      .post('/reset-password', valid('json', resetPasswordSchema), async (c) => {
        await resetPassword(deps, c.req.valid('json'), limitAddress(c));
        return c.json({ message: PASSWORD_RESET_MESSAGES.changed });
      })
      .post('/google', async (c) => {
        if (!googleEnabled(ctx.env)) throw new DomainError('invalid', 'GOOGLE_NOT_CONFIGURED', ACCOUNT_MESSAGES.googleNotConfigured);
        const { url, headers } = await startGoogleSignIn(ctx.auth, c.req.raw.headers);
        forwardCookies(c, headers);
        return c.json({ url });
      })
      .get('/email', requireUser(ctx), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ pendingEmail: await pendingEmailOf(ctx.db, currentUser(c).id, ctx.now()) });
      })
      .post('/email', requireUser(ctx), valid('json', addEmailSchema), async (c) => {
        const message = await addEmailToPhoneAccount(emailDeps, currentUser(c).id, c.req.valid('json').email, limitAddress(c));
        return c.json({ message });
      })
      .post('/email/confirm', requireUser(ctx), valid('json', confirmEmailSchema), async (c) => {
        const message = await confirmPendingEmail(emailDeps, currentUser(c).id, c.req.valid('json').token, limitAddress(c));
        return c.json({ message });
      })
      .patch('/profile', requireUser(ctx), valid('json', profileSchema), async (c) => {
        const user = currentUser(c);
        const values = c.req.valid('json');
        return c.json({ profile: await ctx.db.transaction((tx) => updateProfile(tx, user.id, values, ctx.now())) });
      })
  );
}
