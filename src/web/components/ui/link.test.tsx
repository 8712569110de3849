// The app's own links behave as react-router's did: a plain click moves within the app, a click
// the browser should handle (Ctrl, or a handler that stops it) does not, and NavLink knows its page.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

const active = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

function renderAt(at: string, links: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('renders the address and moves to it on a plain click', async () => {
    renderAt('/', <Link to="/shop?category=fish">Fish</Link>);
    const link = screen.getByRole('link', { name: 'Fish' });
    expect(link.getAttribute('href')).toBe('/shop?category=fish');
    await userEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/shop');
  });

  it('leaves a click with Ctrl (a new tab) to the browser', () => {
    renderAt('/', <Link to="/shop">Shop</Link>);
    // Seen after the app's handlers, then stopped: jsdom cannot open the tab.
    let leftToBrowser: boolean | undefined;
    const seen = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', seen);
    fireEvent.click(screen.getByRole('link', { name: 'Shop' }), { ctrlKey: true, button: 0 });
    window.removeEventListener('click', seen);
    expect(leftToBrowser).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it("runs the link's own onClick first, which may keep it from moving", async () => {
    renderAt(
      '/',
      <Link to="/shop" onClick={(e) => e.preventDefault()}>
        Shop
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Shop' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

describe('NavLink', () => {
  const nav = (
    <>
      <NavLink to="/" end className={active}>
        Home
      </NavLink>
      <NavLink to="/shop" className={active}>
        Shop
      </NavLink>
      <NavLink to="/shop" end className={active}>
        Shop only
      </NavLink>
    </>
  );

  it('marks the current page, and the pages below it unless `end`', () => {
    renderAt('/Shop/tilapia', nav);
    const [home, shop, shopOnly] = ['Home', 'Shop', 'Shop only'].map((name) => screen.getByRole('link', { name }));
    expect(shop?.getAttribute('aria-current')).toBe('page');
    expect(shop?.className).toBe('on');
    expect(shopOnly?.hasAttribute('aria-current')).toBe(false);
    expect(shopOnly?.className).toBe('off');
    expect(home?.className).toBe('off');
  });

  it('marks Home only on its own address', async () => {
    renderAt('/', nav);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('link', { name: 'Shop' }));
    expect(screen.getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Shop only' }).getAttribute('aria-current')).toBe('page');
  });
});
