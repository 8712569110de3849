import { useEffect } from 'react';

const fromPage = typeof document !== 'undefined' ? document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content : undefined;

/** SHOP_NAME as the server wrote it into the page (the dev server leaves the placeholder). */
export const SHOP_NAME = fromPage && !fromPage.startsWith('%') ? fromPage : 'Lake Victoria Aquaculture';

/** Sets document.title to '{title} | {shop}' (or the shop name alone) and the meta description. */
export function useDocumentMeta(title: string | null, description?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
