// better-auth's phoneNumber plugin, used only to find or create the account of a number and start its
// session. The code itself (sending, 10 minutes, 5 tries, throttling) is ours, on the shop's clock:
// features/account/phone-code.service.ts checks it and then hands the plugin a pass, a random value
// that this process accepts once, as the "code". Nothing else the plugin is given can sign in.
import { randomBytes } from 'node:crypto';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { phoneOnlyEmail } from '@/domain/phone-sign-in';

const passes = new Set<string>();

/** A one-use pass for `phone`, issued after its SMS code was checked. */
export function issuePhonePass(phone: string): string {
  const pass = randomBytes(32).toString('base64url');
  passes.add(`${phone} ${pass}`);
  return pass;
}

/** Ends a pass that was not used (the call that was to use it failed). */
export function dropPhonePass(phone: string, pass: string): void {
  passes.delete(`${phone} ${pass}`);
}

export function phoneSignInPlugin() {
  return phoneNumber({
    otpLength: 6,
    // The plugin's own send and code store are never used: its endpoints are closed over HTTP and
    // our service never calls /phone-number/send-otp.
    sendOTP() {
      throw new Error('sign-in codes are sent by features/account/phone-code.service.ts');
    },
    verifyOTP: ({ phoneNumber: phone, code }) => passes.delete(`${phone} ${code}`),
    // A number without an account gets one on its first right code.
    signUpOnVerification: { getTempEmail: phoneOnlyEmail, getTempName: () => '' },
  });
}
