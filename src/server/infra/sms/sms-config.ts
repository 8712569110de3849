// The SMS outbox the configuration asks for: Africa's Talking with AT_USERNAME and AT_API_KEY, none
// with SMS_DISABLED=1, else the development SMS box (refused in production by env.ts).
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { createAfricasTalkingGateway } from './africas-talking';
import { createSmsOutbox, type SmsOutbox } from './sms-outbox';

export function smsOutboxFromEnv(env: Env, db: Db, now?: () => Date): SmsOutbox {
  if (env.SMS_DISABLED) return createSmsOutbox({ db, gateway: null, disabled: true, now });
  const gateway =
    env.AT_USERNAME && env.AT_API_KEY
      ? createAfricasTalkingGateway({
          username: env.AT_USERNAME,
          apiKey: env.AT_API_KEY,
          senderId: env.AT_SENDER_ID,
          baseUrl: env.AT_API_URL,
        })
      : null;
  if (!gateway && env.isProduction)
    throw new Error('The development SMS box is refused in production: set AT_USERNAME and AT_API_KEY, or SMS_DISABLED=1');
  return createSmsOutbox({ db, gateway, now });
}
