import { catalogue } from './catalogue';
import en from './catalogues/catalog.en.json';

/** A product card and Add to Cart (on the home page too: only what they say). */
export const useCatalogText = catalogue('catalog', en, () => import('./catalogues/catalog.sw.json'));
