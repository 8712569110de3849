import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { CartLink } from '../../features/cart/components/cart-link';
import { UserMenu } from '../../features/account/components/user-menu';
import { PaymentStatusBadge } from '../../features/payments/components/payment-status-badge';
import { SoundToggle } from '../../features/payments/components/sound-toggle';
import { SHOP_NAME } from '../../lib/document-title';
import { cn } from '../../lib/cn';
import { CONTAINER, Container } from './container';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/blog', label: 'Blog' },
  { to: '/aboutus', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
];

export function Header() {
  const [open, setOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100', isActive ? 'text-brand-700' : 'text-slate-700');
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <Container className="flex h-16 items-center gap-1 sm:gap-2">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width="32" height="32" className="shrink-0" />
          <span className="text-base sm:text-lg">{SHOP_NAME}</span>
        </Link>
        {/* The shop name, five links and the account need about 850 px: narrower screens get the menu. */}
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* No layout shift when the session arrives. This box always spans from the links to the
            right edge and packs its items to the right, so a piece that appears or changes width
            moves only the pieces left of it: the cart and the fixed-size sound switch come last,
            then the customer's name (Sign In, then a name, then its menu once loaded), and the
            payment badges, which come and go with payments, first. The account's wrapper has no
            box of its own (display: contents) that could move. */}
        <div className="flex flex-1 items-center justify-end gap-2">
          <PaymentStatusBadge />
          <div className="hidden lg:contents">
            <UserMenu />
          </div>
          <SoundToggle />
          <CartLink />
        </div>
        <button
          type="button"
          className="rounded-md p-2 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
        </button>
      </Container>
      {open && (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-slate-200 py-2 lg:hidden">
          <ul className={cn(CONTAINER, 'flex flex-col')}>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={linkClass} onClick={() => setOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="px-3 py-2">
              <UserMenu />
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
