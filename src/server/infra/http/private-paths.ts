// The screens that belong to one customer or the merchant, and the server's own paths: rendered in
// the browser, never indexed (noindex header and meta, robots.txt), whatever asks. The screens are
// the private entries of the route table (src/domain/route-table.ts).
import { PRIVATE_PAGES } from '@/domain/route-table';

export { PRIVATE_PAGES };

/** Paths the server answers itself: the API, the development tools, the Pesapal simulator. */
export const SERVER_PREFIXES = ['/api/', '/dev/', '/pesapal-sim/'] as const;

/** A customer's or the merchant's screen (the page itself or anything under it). */
export function isPrivatePage(pathname: string): boolean {
  return PRIVATE_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Anything robots must leave alone: a private page or a path the server answers itself. */
export function isPrivatePath(pathname: string): boolean {
  return isPrivatePage(pathname) || SERVER_PREFIXES.some((p) => pathname.startsWith(p));
}
