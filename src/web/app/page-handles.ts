// Server only: for each public page of the route table (src/domain/route-table.ts), by id, the data
// its page shows, read before rendering so the HTML holds it, and what its <head> says. Pages read
// the same queries in the browser, where the server's answers arrive with the HTML (TanStack Query's
// dehydrate/hydrate).
import type { QueryClient } from '@tanstack/react-query';
import { SHOP_DESCRIPTION, type PageHead } from '../../domain/page-head';
import type { LAYOUT_ROUTE_ID, PublicPageId } from '../../domain/route-table';
import { socialLinks, type ShopDetails } from '../../domain/shop-details';
import { blogPostingJsonLd, productJsonLd, storeJsonLd } from '../../domain/structured-data';
import { excerpt } from '../../domain/text';
import { featuredProductsQuery, productPageQuery, productsQuery, shopAddress, shopFilterFrom } from '../features/catalog/api';
import { blogPageFrom, blogPageQuery, blogPostQuery, pageQuery, publishedPagesQuery } from '../features/content/api';
import { shopDetailsQuery } from '../lib/shop-settings-query';
import { ApiError } from '../lib/api';

export interface PageContext {
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  origin: string;
  shopName: string;
}

export interface PageHandle {
  /** Fills the query cache for the page; a path to answer 301 with when the page has moved. */
  prefetch?: (qc: QueryClient, ctx: PageContext) => Promise<{ redirect: string } | void>;
  head: (qc: QueryClient, ctx: PageContext) => PageHead;
}

const notFoundIn = (qc: QueryClient, key: readonly unknown[]) => {
  const error = qc.getQueryState(key)?.error;
  return error instanceof ApiError && error.status === 404;
};

/** 404 when the API said so; 503 when it failed otherwise (the page shows its error and a retry). */
function statusOf(qc: QueryClient, key: readonly unknown[]): number | undefined {
  const error = qc.getQueryState(key)?.error;
  if (!error) return undefined;
  return error instanceof ApiError && error.status < 500 ? error.status : 503;
}

const staticPage = (title: string, description: string, canonicalPath: string): PageHandle => ({
  head: () => ({ title, description, canonicalPath }),
});

function contentPage(fixedSlug?: string): PageHandle {
  const slugOf = (ctx: PageContext) => (fixedSlug ?? ctx.params.slug ?? '').trim();
  return {
    prefetch: async (qc, ctx) => {
      const slug = slugOf(ctx);
      if (slug) await qc.prefetchQuery(pageQuery(slug));
    },
    head: (qc, ctx) => {
      const slug = slugOf(ctx);
      const key = pageQuery(slug).queryKey;
      const page = qc.getQueryData(key)?.page;
      return {
        title: page?.title ?? 'Page Not Found',
        description: page?.metaDescription || (page ? excerpt(page.title) : 'The page you are looking for could not be found.'),
        canonicalPath: ctx.url.pathname,
        status: slug === '' ? 404 : notFoundIn(qc, key) ? 404 : statusOf(qc, key),
      };
    },
  };
}

/** Every public page has one; a page that is not public, or an id not in the table, fails the type check. */
export const PAGE_HANDLES = {
  // Every page's header and footer: the shop's contact details and the Customer Service links.
  root: {
    prefetch: async (qc) => {
      await Promise.all([qc.prefetchQuery(shopDetailsQuery), qc.prefetchQuery(publishedPagesQuery)]);
    },
    head: (_qc, ctx) => ({ title: null, description: SHOP_DESCRIPTION, canonicalPath: ctx.url.pathname }),
  },
  home: {
    prefetch: async (qc) => {
      await qc.prefetchQuery(featuredProductsQuery);
    },
    head: (qc, ctx) => {
      const details: ShopDetails | undefined = qc.getQueryData(shopDetailsQuery.queryKey)?.details;
      const store = details && {
        address: details.address,
        phone: details.phone,
        email: details.email,
        sameAs: socialLinks(details).map((l) => l.href),
      };
      return {
        title: null,
        description: SHOP_DESCRIPTION,
        canonicalPath: '/',
        jsonLd: store ? [storeJsonLd(store, ctx.origin, ctx.shopName)] : [],
      };
    },
  },
  shop: {
    prefetch: async (qc, ctx) => {
      await qc.prefetchInfiniteQuery(productsQuery(shopFilterFrom(ctx.url.searchParams)));
    },
    head: (qc, ctx) => {
      const { category, page } = shopFilterFrom(ctx.url.searchParams);
      return {
        title: 'Our Products',
        description: 'Fresh tilapia, Nile perch and quality chicken, priced in KES and delivered across Nairobi.',
        // A search is not a page of its own; a category is, and so is each further page of the list.
        canonicalPath: shopAddress({ category, search: '', page }),
        status: statusOf(qc, productsQuery(shopFilterFrom(ctx.url.searchParams)).queryKey),
      };
    },
  },
  product: {
    prefetch: async (qc, ctx) => {
      const query = productPageQuery(ctx.params.slug ?? '');
      await qc.prefetchQuery(query);
      const answer = qc.getQueryData(query.queryKey);
      if (answer && 'movedTo' in answer) return { redirect: `/shop/${answer.movedTo}` };
    },
    head: (qc, ctx) => {
      const key = productPageQuery(ctx.params.slug ?? '').queryKey;
      const answer = qc.getQueryData(key);
      const product = answer && 'product' in answer ? answer.product : null;
      if (!product) {
        return {
          title: 'Product not found',
          description: 'The product you are looking for does not exist or is no longer for sale.',
          canonicalPath: ctx.url.pathname,
          status: statusOf(qc, key) ?? 404,
        };
      }
      return {
        title: product.name,
        description: excerpt(product.description || product.name, 160),
        canonicalPath: `/shop/${product.slug}`,
        image: product.imageUrl,
        type: 'product',
        price: { cents: product.priceCents, inStock: product.stock > 0 },
        jsonLd: [productJsonLd({ ...product, variants: answer && 'variants' in answer ? answer.variants : [] }, ctx.origin, ctx.shopName)],
      };
    },
  },
  blog: {
    prefetch: async (qc, ctx) => {
      await qc.prefetchQuery(blogPageQuery(blogPageFrom(ctx.url.searchParams)));
    },
    head: (qc, ctx) => {
      const page = blogPageFrom(ctx.url.searchParams);
      return {
        title: 'Our Blog',
        description: 'Recipes, farming stories and tips on fresh fish and chicken from Lake Victoria Aquaculture.',
        canonicalPath: page > 1 ? `/blog?page=${page}` : '/blog',
        status: statusOf(qc, blogPageQuery(page).queryKey),
      };
    },
  },
  'blog-post': {
    prefetch: async (qc, ctx) => {
      await qc.prefetchQuery(blogPostQuery(ctx.params.slug ?? ''));
    },
    head: (qc, ctx) => {
      const key = blogPostQuery(ctx.params.slug ?? '').queryKey;
      const post = qc.getQueryData(key)?.post;
      if (!post) {
        return {
          title: 'Blog post not found',
          description: 'The post you are looking for does not exist or is no longer published.',
          canonicalPath: ctx.url.pathname,
          status: statusOf(qc, key) ?? 404,
        };
      }
      const description = post.metaDescription || excerpt(post.content, 160);
      return {
        title: post.title,
        description,
        canonicalPath: `/blog/${post.slug}`,
        image: post.featuredImage,
        type: 'article',
        jsonLd: [
          blogPostingJsonLd(
            { title: post.title, slug: post.slug, description, createdAt: post.createdAt, image: post.featuredImage },
            ctx.origin,
            ctx.shopName,
          ),
        ],
      };
    },
  },
  about: staticPage('About Us', 'How we farm tilapia on Lake Victoria and bring fresh fish and chicken to Nairobi.', '/about'),
  aboutus: staticPage('About Us', 'How we farm tilapia on Lake Victoria and bring fresh fish and chicken to Nairobi.', '/about'),
  contact: staticPage('Contact Us', 'Call, email or visit Lake Victoria Aquaculture in Nairobi West, or send us a message.', '/contact'),
  'content-faq': contentPage('faq'),
  'content-shipping': contentPage('shipping'),
  'content-returns': contentPage('returns'),
  'content-terms': contentPage('terms'),
  'content-privacy': contentPage('privacy'),
  'content-page': contentPage(),
  'content-slug': contentPage(),
  'not-found': {
    head: (_qc, ctx) => ({
      title: 'Page Not Found',
      description: 'The page you are looking for does not exist or has moved.',
      canonicalPath: ctx.url.pathname,
      status: 404,
    }),
  },
} satisfies Record<typeof LAYOUT_ROUTE_ID | PublicPageId, PageHandle>;

/** The handle of a matched route, if it has one (private pages and the back office have none). */
export function pageHandle(routeId: string | undefined): PageHandle | undefined {
  return routeId !== undefined && Object.hasOwn(PAGE_HANDLES, routeId) ? PAGE_HANDLES[routeId as keyof typeof PAGE_HANDLES] : undefined;
}
