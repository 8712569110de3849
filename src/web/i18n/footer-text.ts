import { catalogue } from './catalogue';
import en from './catalogues/footer.en.json';

/** The footer's words: its links, contact, business hours and the newsletter form. */
export const useFooterText = catalogue('footer', en, () => import('./catalogues/footer.sw.json'));
