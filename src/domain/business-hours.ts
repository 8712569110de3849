// The shop's opening hours: shown in the footer and on the contact page, and given to search
// engines as schema.org openingHoursSpecification on the home page.
export interface OpeningHours {
  /** As the footer shows it. */
  days: string;
  hours: string;
  /** schema.org day names and 24-hour times; empty when closed. */
  dayOfWeek: readonly string[];
  opens?: string;
  closes?: string;
}

export const OPENING_HOURS: readonly OpeningHours[] = [
  {
    days: 'Monday to Friday',
    hours: '9:00 AM-6:00 PM',
    dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '18:00',
  },
  { days: 'Saturday', hours: '9:00 AM-2:00 PM', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
  { days: 'Sunday', hours: 'Closed', dayOfWeek: [] },
];
