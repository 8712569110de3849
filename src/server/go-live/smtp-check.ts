// The mail server, as it will send order mails: SMTP_URL connects (TLS as the URL asks) and logs in.
// Nothing is sent.
import nodemailer from 'nodemailer';
import type { GoLiveCheck } from './go-live-check';

/** host:port and the user, never the password. */
function describe(url: URL): string {
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `${url.hostname}:${port}${url.username ? ` as ${decodeURIComponent(url.username)}` : ''}`;
}

export const smtpCheck: GoLiveCheck = {
  name: 'Mail (SMTP)',
  async run({ env, callTimeoutMs }) {
    const fix =
      'Set SMTP_URL to the mail server with its login, smtp://user:password@host:587 (TLS upgraded) or smtps://user:password@host:465.';
    if (!env.SMTP_URL) return { ok: false, detail: 'no SMTP_URL: mail would go to the development mailbox', fix };
    let url: URL;
    try {
      url = new URL(env.SMTP_URL);
    } catch {
      return { ok: false, detail: 'SMTP_URL is not a URL', fix };
    }
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: callTimeoutMs,
      greetingTimeout: callTimeoutMs,
      socketTimeout: callTimeoutMs,
    });
    try {
      await transport.verify();
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const login = /auth|login|credential|535|534/i.test(why);
      return {
        ok: false,
        detail: `${describe(url)}: ${login ? 'the login was refused' : 'could not connect'} (${why})`,
        fix: login ? 'Check the user and password in SMTP_URL (some providers want an app password).' : fix,
      };
    } finally {
      transport.close();
    }
    if (!url.username)
      return {
        ok: true,
        warning: true,
        detail: `connected to ${describe(url)}, without a login`,
        fix: 'Most mail providers only relay mail for a logged-in user: put it in SMTP_URL.',
      };
    return { ok: true, detail: `connected to ${describe(url)} and logged in; mail goes from ${env.MAIL_FROM}` };
  },
};
