import { catalogue } from './catalogue';
import en from './catalogues/cart.en.json';

/** The cart page, its lines and summary. */
export const useCartText = catalogue('cart', en, () => import('./catalogues/cart.sw.json'));
