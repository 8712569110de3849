// The user-facing texts of the form rules, word for word. Kept apart from the zod
// schemas in validation.ts (which re-exports them) so a form in the first download, the footer's
// newsletter box, can use the texts without loading zod.
export const MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number (e.g., +254 700 000 000)',
  passwordTooShort: 'Password must be at least 8 characters long',
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  addressRequired: 'Address is required',
  checkoutRequired: 'Please fill in all required fields.',
  loginRequired: 'Please log in to continue with checkout.',
  newsletterInvalidTitle: 'Invalid email',
  newsletterAlready: 'Already subscribed',
  newsletterThanks: 'Thank you for subscribing!',
  newsletterFailedTitle: 'Subscription failed',
  newsletterFailed: 'There was an error subscribing to the newsletter. Please try again.',
  // Added here: length caps that keep stored text bounded.
  nameTooLong: 'Name must be 100 characters or fewer',
  addressTooLong: 'Address must be 300 characters or fewer',
  subjectTooLong: 'Subject must be 200 characters or fewer',
  messageTooLong: 'Message must be 5000 characters or fewer',
} as const;
