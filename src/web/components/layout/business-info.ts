// Business hours shown in the footer and on the contact page (SPEC §1). The address, phone, email and
// social links are the merchant's to edit: domain/shop-details.ts and the back office.
export const BUSINESS_HOURS = [
  { days: 'Monday to Friday', hours: '9:00 AM-6:00 PM' },
  { days: 'Saturday', hours: '9:00 AM-2:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
];
