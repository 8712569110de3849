// Contact details and hours shown in the footer and on the contact page (SPEC §1).
export const CONTACT = {
  address: 'Kogo Star Plaza, Ground floor, Nairobi West, off Maimahiu Rd, Nairobi',
  phone: '+254 700 000 000',
  email: 'info@lakevictoriaaquaculture.com',
};

export const BUSINESS_HOURS = [
  { days: 'Monday to Friday', hours: '9:00 AM-6:00 PM' },
  { days: 'Saturday', hours: '9:00 AM-2:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
];

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X (Twitter)', href: 'https://x.com/' },
];
