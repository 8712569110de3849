import { catalogue } from './catalogue';
import en from './catalogues/cart-link.en.json';

/**
 * The header's cart link: a catalogue of its own, as it is part of every page's first download
 * (the cart page's words are not).
 */
export const useCartLinkText = catalogue('cartLink', en, () => import('./catalogues/cart-link.sw.json'));
