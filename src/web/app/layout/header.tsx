import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../../components/ui/link';
import { CartLink } from '../../features/cart/components/cart-link';
import { UserMenu } from '../../features/account/components/user-menu';
import { shortShopName } from '@/domain/short-shop-name';
import { SHOP_NAME } from '../../lib/document-title';
import { cn } from '../../lib/cn';
import { CONTAINER, Container } from '../../components/ui/container';
import { shellIcon } from '../../components/ui/shell-icon';
import { lazyPage } from '../../lib/lazy-page';
import { HeaderPaymentBadges, HeaderSoundToggle } from './signed-in-tools';
import { useDismiss } from './use-dismiss';
import { useShellText } from '../../i18n/shell-text';
import { LanguageSwitch } from './language-switch';
import { useSaveLocale } from '../../features/account/save-locale';

const HEADER_SEARCH_ID = 'header-search';

/**
 * The search is opened by a tap (its button, or the phone's menu): its code (the combobox, the
 * suggestions' query) is not part of the first download. It is fetched once the page is idle, or
 * when a finger or the keyboard reaches a button that opens it, so it is there when it opens.
 */
const HeaderSearch = lazyPage(() => import('./header-search'));
const preloadSearch = () => void HeaderSearch.preload().catch(() => undefined);

/** The search's box while its code arrives: as tall as the field, so nothing below it moves. */
function SearchPlaceholder() {
  return <div aria-hidden="true" className="h-[4.25rem]" />;
}

const MENU_ICON = shellIcon('Menu', 'h-5 w-5');
const CLOSE_ICON = shellIcon('X', 'h-5 w-5');
const SEARCH_ICON = shellIcon('Search', 'h-5 w-5');

const NAV = [
  { to: '/', label: 'navHome' },
  { to: '/shop', label: 'navShop' },
  { to: '/blog', label: 'navBlog' },
  { to: '/aboutus', label: 'navAboutUs' },
  { to: '/contact', label: 'navContact' },
] as const;

export function Header() {
  const t = useShellText();
  const saveLocale = useSaveLocale();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(preloadSearch);
  }, []);
  // The menu is open only on the page it was opened on: any navigation (a link, the account menu's
  // Profile, Orders or Sign out, Back) renders the new page with it closed, so scroll restoration
  // measures the page without it. The memory is dropped too, or Back to that entry would reopen it.
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== key) setOpenOn(null);
  const open = openOn === key;
  const setOpen = (next: boolean) => setOpenOn(next ? key : null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  useDismiss(open, [menu, toggle], (by) => {
    setOpen(false);
    if (by === 'escape') toggle.current?.focus(); // the focused link goes away with the menu
  });
  // The search row, open on the page it was opened on, like the menu.
  const [searchOn, setSearchOn] = useState<string | null>(null);
  if (searchOn !== null && searchOn !== key) setSearchOn(null);
  const searching = searchOn === key;
  const searchToggle = useRef<HTMLButtonElement>(null);
  const searchRow = useRef<HTMLDivElement>(null);
  useDismiss(searching, [searchRow, searchToggle], (by) => {
    setSearchOn(null);
    if (by === 'escape') searchToggle.current?.focus();
  });
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100', isActive ? 'text-brand-700' : 'text-slate-700');
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <Container className="flex h-16 items-center gap-1 sm:gap-2">
        {/* Below lg the brand takes whatever the switches leave (a container, so the name can tell):
            the whole name on one line when it fits, else the short name (its first two words) in
            smaller type (a word a line if it must), so a phone always says whose shop this is; only
            when not even a word fits does the logo stand alone (the name stays for screen readers).
            From lg it is as wide as the name; from xl it never gives way (the account name does),
            at lg it may end in an ellipsis when links, badges and a long name crowd 1024 px. */}
        <div className="flex min-w-0 flex-1 max-lg:@container lg:flex-initial xl:shrink-0">
          <Link to="/" aria-label={SHOP_NAME} className="flex min-h-11 min-w-11 items-center gap-2 font-bold text-brand-700">
            <img src="/favicon.svg" alt="" width="32" height="32" className="shrink-0" />
            <span data-testid="shop-name" className="truncate text-sm leading-tight @max-[15.25rem]:hidden sm:text-lg">
              {SHOP_NAME}
            </span>
            <span data-testid="shop-short-name" className="hidden text-xs leading-tight @max-[15.25rem]:block @max-[5.5rem]:sr-only">
              {shortShopName(SHOP_NAME)}
            </span>
          </Link>
        </div>
        {/* The shop name, five links and the account need about 850 px: narrower screens get the menu. */}
        <nav aria-label={t('mainNav')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* No layout shift when the session arrives. This box ends at the right edge (from lg it
            spans from the links to it) and packs its items to the right, so a piece that appears or
            changes width moves only the pieces left of it: the cart and the fixed-size sound switch
            come last, then the customer's name (Sign In, then a name, then its menu once loaded),
            and the payment badges, which come and go with payments, first. The account's wrapper
            has no box of its own (display: contents) that could move. */}
        <div className="flex items-center justify-end sm:gap-2 lg:min-w-0 lg:flex-1">
          <HeaderPaymentBadges />
          <div className="hidden lg:contents">
            <UserMenu />
          </div>
          <HeaderSoundToggle />
          {/* Right of the account's name and the sound switch, which arrive with the session: it never moves. */}
          <LanguageSwitch className="hidden lg:inline-flex" onSwitched={saveLocale} />
          <button
            ref={searchToggle}
            onPointerEnter={preloadSearch}
            onFocus={preloadSearch}
            type="button"
            // Below lg the search is the first thing in the menu: a phone's header has no room for it.
            className="hidden rounded-md p-2 hover:bg-slate-100 lg:inline-flex"
            aria-expanded={searching}
            aria-controls={HEADER_SEARCH_ID}
            aria-label={t('search')}
            onClick={() => {
              setSearchOn(searching ? null : key);
              setOpen(false);
            }}
          >
            {SEARCH_ICON}
          </button>
          <CartLink />
        </div>
        <button
          ref={toggle}
          onPointerDown={preloadSearch}
          onFocus={preloadSearch}
          type="button"
          className="rounded-md p-2 hover:bg-slate-100 max-sm:p-3 lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? t('closeMenu') : t('openMenu')}
          onClick={() => {
            setOpen(!open);
            setSearchOn(null);
          }}
        >
          {open ? CLOSE_ICON : MENU_ICON}
        </button>
      </Container>
      {searching && (
        <div ref={searchRow} className={cn(CONTAINER, 'border-t border-slate-200 py-3')}>
          <Suspense fallback={<SearchPlaceholder />}>
            <HeaderSearch id={HEADER_SEARCH_ID} autoFocus onDone={() => setSearchOn(null)} />
          </Suspense>
        </div>
      )}
      {open && (
        <nav ref={menu} id="mobile-nav" aria-label={t('mobileNav')} className="border-t border-slate-200 py-2 lg:hidden">
          <div className={cn(CONTAINER, 'pb-2')}>
            <Suspense fallback={<SearchPlaceholder />}>
              <HeaderSearch id="menu-search" onDone={() => setOpen(false)} />
            </Suspense>
          </div>
          <ul className={cn(CONTAINER, 'flex flex-col')}>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={(s) => cn(linkClass(s), 'flex min-h-11 items-center')}
                  onClick={() => setOpen(false)}
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
            <li>
              <LanguageSwitch className="flex min-h-11 w-full items-center" onSwitched={saveLocale} />
            </li>
            <li className="px-3 py-2">
              <UserMenu />
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
