import { SHOP_DESCRIPTION } from '../../domain/page-head';
import { useEffect } from 'react';

const fromPage = typeof document !== 'undefined' ? document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content : undefined;

/** SHOP_NAME as the server wrote it into the page (the dev server leaves the placeholder). */
export let SHOP_NAME = fromPage && !fromPage.startsWith('%') ? fromPage : 'Lake Victoria Aquaculture';

/** Server rendering: the name from the server's configuration (there is no page to read it from). */
export function setShopName(name: string): void {
  SHOP_NAME = name;
}

/** Pages without a description of their own get the shop's (the server wrote the first page's). */
const DEFAULT_DESCRIPTION = SHOP_DESCRIPTION;

function descriptionTag(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  return meta;
}

/**
 * Sets document.title to '{title} | {shop}' (or the shop name alone) and the meta description;
 * a page without one gets the shop's default, so no page inherits the previous page's text.
 */
export function useDocumentMeta(title: string | null, description?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
    const meta = descriptionTag();
    const content = description || DEFAULT_DESCRIPTION;
    meta.content = content;
    return () => {
      // Leaving: put the default back unless the next page has already written its own.
      if (meta.content === content) meta.content = DEFAULT_DESCRIPTION;
    };
  }, [title, description]);
}
