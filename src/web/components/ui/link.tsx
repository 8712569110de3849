// The shop's links, built on react-router's own hooks (its href and its click handling: a plain
// click navigates in the app, a click with Ctrl, Cmd, Shift or the middle button is left to the
// browser). react-router's <Link> also carries prefetching and framework-mode route discovery,
// which this app does not use; with it the whole of that code was part of the first download
// (docs/decisions/074-first-load-100-kb.md). Every link of the app comes from here (eslint.config.js).
import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An address in the app; another site's address takes a plain <a>. */
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target: rest.target });
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on its own address, not on the addresses below it (for '/', always so). */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
};

/** A link that knows it is the current page: aria-current="page" and its active class. */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const isActive = useIsActive(rest.to, end);
  return <Link {...rest} aria-current={isActive ? 'page' : undefined} className={className({ isActive })} />;
}

/** react-router's NavLink rule: the same path, or (unless `end`) a path below it; letter case aside. */
function useIsActive(to: To, end: boolean): boolean {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  if (current === target) return true;
  if (end) return false;
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return current.startsWith(target) && current.charAt(slashAt) === '/';
}
