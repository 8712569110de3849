import { catalogue } from './catalogue';
import en from './catalogues/content.en.json';

/** The blog, the about, contact and merchant's pages, the contact form, sharing and testimonials. */
export const useContentText = catalogue('content', en, () => import('./catalogues/content.sw.json'));
