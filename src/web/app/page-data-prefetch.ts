// The first API read of /, /shop and /blog, asked for while the page's own code is still
// downloading (root-layout.tsx). In a chunk of its own: a page that arrived rendered already has
// its data, so this is needed only for the pages reached by a link afterwards.
import type { QueryClient } from '@tanstack/react-query';
import { featuredProductsQuery, productsQuery, shopFilterFrom } from '../features/catalog/api';
import { blogPageFrom, blogPageQuery } from '../features/content/api';

export function prefetchPageData(queryClient: QueryClient, pathname: string, search: string): void {
  const params = new URLSearchParams(search);
  if (pathname === '/') void queryClient.prefetchQuery(featuredProductsQuery);
  else if (pathname === '/shop') void queryClient.prefetchInfiniteQuery(productsQuery(shopFilterFrom(params)));
  else if (pathname === '/blog') void queryClient.prefetchQuery(blogPageQuery(blogPageFrom(params)));
}
