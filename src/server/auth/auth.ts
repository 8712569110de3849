// better-auth: email + password with verification, Google when configured, sessions in the database.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isBackOfficeRole } from '@/domain/staff-roles';
import { betterAuth } from 'better-auth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client';
import { account, profiles, session, user, verification } from '../db/schema';
import { revokeDevices } from './known-device';
import type { Env } from '../env';
import type { Logger } from '../infra/logger';
import type { Mailer } from '../infra/mail/mailer';
import { authLogger } from './auth-logger';
import { alreadyRegisteredMail, passwordResetMail, signInLinkMail, verificationMail } from './auth-mails';
import { googleSignInOptions } from './google-sign-in';
import { phoneSignInPlugin } from './phone-sign-in';
import { profileName, syncProfileOnSignIn } from './profile-sync';
import { createVerificationLink, returnPathOfVerificationUrl, VERIFICATION_LINK_SECONDS, verificationLinkUrl } from './verification-link';

/**
 * Reached only through our /api/account endpoints, which validate with src/domain, give the form
 * rules' messages and throttle failures; over HTTP these raw endpoints would bypass all of that.
 * (auth.api calls do not go through better-auth's router, so they still work.)
 */
const ENDPOINTS_BEHIND_ACCOUNT_API = [
  '/sign-up/email',
  '/sign-in/email',
  '/send-verification-email',
  '/update-user',
  '/request-password-reset',
  '/reset-password',
  '/sign-in/magic-link',
  '/magic-link/verify',
  '/sign-in/phone-number',
  '/phone-number/send-otp',
  '/phone-number/verify',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
];

/**
 * better-auth's own verification URL is never mailed any more. Opened anyway (an older mail), it is
 * not followed: GET would verify and sign in on a mail scanner's visit. /auth says the link is not
 * valid and the customer gets a new one by signing in.
 */
const OLD_VERIFICATION_LINK_LANDING = '/auth?verified=1&error=INVALID_TOKEN';

/** The page the reset mail links to, with the single-use token (valid 1 hour) in ?reset=. */
const passwordResetUrl = (publicUrl: string, token: string) => `${publicUrl}/auth?reset=${encodeURIComponent(token)}`;

/** The page the sign-in link mail links to: a button there uses the token (one use, 15 minutes). */
const signInLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/auth?signin=${encodeURIComponent(token)}`;

export interface AuthDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  /** The shop's clock, for the times the hooks write (better-auth stamps its own rows itself). */
  now: () => Date;
}

export function createAuth({ db, env, mailer, logger, now }: AuthDeps) {
  const google = googleSignInOptions(env);
  return betterAuth({
    appName: env.SHOP_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    disabledPaths: ENDPOINTS_BEHIND_ACCOUNT_API,
    logger: authLogger(logger, env.LOG_LEVEL === 'silent'),
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      // Forgotten passwords: the link is single use and lasts an hour; a reset ends every session.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, token }) {
        const url = passwordResetUrl(env.PUBLIC_URL, token);
        // Only queued before the answer: waiting for SMTP would make a known address answer slower
        // than an unknown one. Sent right after; a failed send is retried by the mail job.
        const id = await mailer.enqueue(db, passwordResetMail({ to: u.email, name: u.name, url, shopName: env.SHOP_NAME }));
        if (id) {
          setImmediate(() => {
            mailer.deliver(id).catch((err: unknown) => logger.warn({ err }, 'password reset mail not sent yet; the mail job tries again'));
          });
        }
      },
      // Following the emailed link proves the mailbox, as the verification link does. The browsers'
      // device tokens end with the sessions: a new password starts from no known browser. It proves
      // nothing about the phone: a code to the account's number no longer reaches it (decision 031),
      // unless the owner gave that number to one of the shop's people, who sign in with it.
      async onPasswordReset({ user: u }) {
        await revokeDevices(db, u.id, now());
        const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, u.id));
        const keepPhone = isBackOfficeRole(profile?.role);
        await db
          .update(user)
          .set({ emailVerified: true, ...(keepPhone ? {} : { phoneNumber: null, phoneNumberVerified: null }), updatedAt: now() })
          .where(eq(user.id, u.id));
      },
      // better-auth answers a duplicate sign-up like a new one (no account enumeration); the owner
      // of the address learns about it by mail instead.
      async onExistingUserSignUp({ user: existing }) {
        await mailer.send(alreadyRegisteredMail({ to: existing.email, signInUrl: `${env.PUBLIC_URL}/auth`, shopName: env.SHOP_NAME }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Only through our POST /api/account/verify-email (a click on /auth?verify=…), never by GET:
      // the first verification of an account signs it in, later ones do not.
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      async sendVerificationEmail({ user: u, url, token }) {
        const code = await createVerificationLink(db, { token, userId: u.id, returnTo: returnPathOfVerificationUrl(url) }, now());
        const link = verificationLinkUrl(env.PUBLIC_URL, code);
        await mailer.send(verificationMail({ to: u.email, name: u.name, url: link, shopName: env.SHOP_NAME }));
      },
    },
    hooks: {
      // 'Sign out everywhere' (better-auth's /revoke-sessions) also ends every device token.
      // better-auth's GET /verify-email over HTTP goes to /auth instead (see OLD_VERIFICATION_LINK_LANDING).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/verify-email' && ctx.request) throw ctx.redirect(OLD_VERIFICATION_LINK_LANDING);
        if (ctx.path !== '/revoke-sessions') return;
        const current = await getSessionFromCtx(ctx);
        if (current) await revokeDevices(db, current.user.id, now());
      }),
    },
    socialProviders: google.socialProviders,
    plugins: [
      ...(google.plugins ?? []),
      // The emailed sign-in link (features/account/sign-in-link.service.ts): only for existing,
      // verified accounts, stored as a SHA-256, one use, 15 minutes.
      magicLink({
        expiresIn: 15 * 60,
        disableSignUp: true,
        storeToken: 'hashed',
        async sendMagicLink({ email, token }) {
          const [owner] = await db
            .select({ name: user.name, emailVerified: user.emailVerified })
            .from(user)
            .where(eq(user.email, email.toLowerCase()))
            .limit(1);
          if (!owner?.emailVerified) return;
          const url = signInLinkUrl(env.PUBLIC_URL, token);
          // Queued before the answer, sent after it (like the reset mail): the answer's timing does not tell.
          const id = await mailer.enqueue(db, signInLinkMail({ to: email, name: owner.name, url, shopName: env.SHOP_NAME }));
          if (id) {
            setImmediate(() => {
              mailer.deliver(id).catch((err: unknown) => logger.warn({ err }, 'sign-in link mail not sent yet; the mail job tries again'));
            });
          }
        },
      }),
      // Sign-in (and sign-up) with a code by SMS: features/account/phone-code.service.ts.
      phoneSignInPlugin(),
    ],
    databaseHooks: {
      user: {
        create: {
          // Every account gets a profile row; sign-up fills in phone and address right after. A
          // Google account's name comes from Google: sanitised like a name typed into our forms.
          async after(created) {
            await db
              .insert(profiles)
              .values({ id: created.id, fullName: profileName(created.name) })
              .onConflictDoNothing();
          },
        },
      },
      session: {
        create: {
          async after(created) {
            await syncProfileOnSignIn(db, env, created.userId, now());
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export async function getSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { id, email, name, emailVerified } = result.user;
  return { id, email, name, emailVerified };
}
