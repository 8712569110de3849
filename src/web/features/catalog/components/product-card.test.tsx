// A product card's 'was' price: struck through, read as 'Was KES …', and only when the server sends one.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/web/test-support/axe';
import { TILAPIA } from '@/web/test-support/catalog-answers';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import { ProductCard } from './product-card';

describe("a product card's 'was' price", () => {
  it('shows the old price struck through, read as "Was KES 1,500.00"', async () => {
    fakeApi();
    renderPage(<ProductCard product={{ ...TILAPIA, priceCents: 120_000, compareAtCents: 150_000 }} />);
    const was = screen.getByTestId('was-price');
    expect(was.textContent).toBe('Was KES 1,500.00KES 1,500.00');
    expect(was.querySelector('s')?.textContent).toBe('KES 1,500.00');
    expect(was.querySelector('s')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Was KES 1,500.00').className).toContain('sr-only');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows none without one', () => {
    fakeApi();
    renderPage(<ProductCard product={{ ...TILAPIA, priceCents: 120_000 }} />);
    expect(screen.queryByTestId('was-price')).toBeNull();
  });
});
