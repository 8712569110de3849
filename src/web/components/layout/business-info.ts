// Business hours shown in the footer and on the contact page (src/domain/business-hours.ts). The
// address, phone, email and social links are the merchant's to edit: domain/shop-details.ts.
export { OPENING_HOURS as BUSINESS_HOURS } from '@/domain/business-hours';
