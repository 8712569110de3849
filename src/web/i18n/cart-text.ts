import { catalogue, i18nFor, loadCatalogues } from './catalogue';
import en from './catalogues/cart.en.json';
import { currentLocale } from './locale-store';

/** The cart page, its lines and summary. */
export const useCartText = catalogue('cart', en, () => import('./catalogues/cart.sw.json'));

/**
 * A cart message outside a component (the saved cart's sync says what it removed), in the page's
 * language once its catalogue is there.
 */
export async function cartText(key: keyof typeof en, values?: Record<string, string | number>): Promise<string> {
  const locale = currentLocale();
  await loadCatalogues(locale);
  return i18nFor(locale)._(`cart.${key}`, values);
}
