import { catalogue } from './catalogue';
import en from './catalogues/pages.en.json';

/** The shop's list with its search and categories, a product's page and the page that is not there. */
export const usePagesText = catalogue('pages', en, () => import('./catalogues/pages.sw.json'));
