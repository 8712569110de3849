// What the account endpoints answer besides the form rules' validation messages (those live in src/domain).
export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address before signing in. Check your inbox for the verification link, or send a new one.',
  tooManySignIns: (wait: string) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
  signInSlowedDown: (wait: string) =>
    `Too many failed sign-in attempts for this account. Please wait ${wait} and try again. Or get a sign-in link by email: it lets you in at once.`,
  tooManySignUps: (wait: string) => `Too many sign-up attempts from your network. Please wait ${wait} and try again.`,
  tooManyResends: (wait: string) => `Too many verification emails requested. Please wait ${wait} and try again.`,
  verificationSent: 'If that account is waiting for verification, a new link is on its way. Please check your email.',
  passwordTooLong: 'Password must be at most 128 characters long',
  tooManyResets: (wait: string) => `Too many password reset requests. Please wait ${wait} and try again.`,
  tooManyResetTries: (wait: string) => `Too many failed password resets. Please wait ${wait} and try again.`,
  tooManySignInLinks: (wait: string) => `Too many sign-in links requested. Please wait ${wait} and try again.`,
  tooManySignInLinkTries: (wait: string) => `Too many invalid sign-in links. Please wait ${wait} and try again.`,
  tooManyVerificationTries: (wait: string) => `Too many invalid verification links. Please wait ${wait} and try again.`,
  googleNotConfigured: 'Google sign-in is not configured',
} as const;
