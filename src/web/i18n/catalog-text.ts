import { catalogue } from './catalogue';
import en from './catalogues/catalog.en.json';

/** The shop's product cards, filters, options and Add to Cart. */
export const useCatalogText = catalogue('catalog', en, () => import('./catalogues/catalog.sw.json'));
