// What the back office's delivery-window forms share: the week shown Monday first, the query they
// refresh, and closed dates typed one a line.
export const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];
export const WINDOWS_SETTINGS_KEY = ['admin', 'delivery', 'windows'];

/** The dates typed in a closed-dates box, blank lines dropped. */
export const datesText = (text: string) =>
  text
    .split(/\s+/)
    .map((d) => d.trim())
    .filter((d) => d !== '');
