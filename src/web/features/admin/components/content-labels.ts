/** How the back office names posts and pages, and where each lives on the storefront. */
export const CONTENT_LABELS = {
  post: { plural: 'Blog posts', one: 'post', title: 'Post', base: '/admin/posts', publicPath: (slug: string) => `/blog/${slug}` },
  page: { plural: 'Pages', one: 'page', title: 'Page', base: '/admin/pages', publicPath: (slug: string) => `/${slug}` },
} as const;
