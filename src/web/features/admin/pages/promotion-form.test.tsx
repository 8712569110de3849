// The promotion form: each field's own message under it (nothing sent), the percentage and amount
// read for their kind, the Nairobi window and weekdays sent as the API takes them, a taken code's
// message from the server under the code, and axe clean.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROMOTION_FORM_MESSAGES as M } from '@/domain/promotion-forms';
import { axeViolations } from '@/web/test-support/axe';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import { adminApi } from '../admin-api';
import { PromotionForm } from './promotion-form';

const choices = { categories: ['chicken', 'fish'], products: [], variants: [] };

function renderForm() {
  return renderPage(
    <PromotionForm promotion={null} choices={choices} onSave={(body) => adminApi.createPromotion(body)} submitLabel="Create promotion" />,
  );
}

describe('the promotion form', () => {
  it("shows each field's message under it and sends nothing", async () => {
    const api = fakeApi();
    const { user, fill } = renderForm();
    const form = within(screen.getByRole('form', { name: 'New promotion' }));
    await fill(form.getByLabelText('Code'), 'fish friday!');
    await fill(form.getByLabelText('Percentage off'), '150');
    await fill(form.getByLabelText('Uses in all'), '0');
    await fill(form.getByLabelText('Starts (Nairobi time)'), '2026-12-05T00:00');
    await fill(form.getByLabelText('Ends (Nairobi time)'), '2026-12-04T00:00');
    await user.selectOptions(form.getByLabelText('Applies to'), 'categories');
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    expect(await form.findByText(M.code)).toBeTruthy();
    expect(form.getByText(M.nameRequired)).toBeTruthy();
    expect(form.getByText(M.percent)).toBeTruthy();
    expect(form.getByText(M.limit)).toBeTruthy();
    expect(form.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests('POST /api/admin/promotions')).toHaveLength(0);

    await fill(form.getByLabelText('Code'), 'FISHFRIDAY');
    await fill(form.getByLabelText('Name'), 'Fish Friday');
    await fill(form.getByLabelText('Percentage off'), '10');
    await fill(form.getByLabelText('Uses in all'), '');
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    expect(await form.findByText(M.endBeforeStart)).toBeTruthy();
    expect(form.getByText(M.scopeIds.categories)).toBeTruthy();
    expect(api.requests('POST /api/admin/promotions')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('sends FISHFRIDAY as the API takes it, and shows a taken code under the code', async () => {
    const api = fakeApi();
    api.on('POST /api/admin/promotions', {
      status: 409,
      json: { error: { code: 'CONFLICT', message: M.codeTaken, fields: { code: M.codeTaken } } },
    });
    const { user, fill } = renderForm();
    const form = within(screen.getByRole('form', { name: 'New promotion' }));
    await fill(form.getByLabelText('Code'), 'fishfriday');
    await fill(form.getByLabelText('Name'), 'Fish Friday');
    await fill(form.getByLabelText('Percentage off'), '10');
    await fill(form.getByLabelText('Minimum spend (KES)'), '1,000');
    await fill(form.getByLabelText('Starts (Nairobi time)'), '2026-12-04T00:00');
    await user.click(form.getByLabelText('Friday'));
    await user.selectOptions(form.getByLabelText('Applies to'), 'categories');
    await user.click(form.getByLabelText('fish'));
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    expect(await form.findByText(M.codeTaken)).toBeTruthy();
    expect(api.requests('POST /api/admin/promotions')[0]!.body).toEqual({
      code: 'FISHFRIDAY',
      name: 'Fish Friday',
      kind: 'percent',
      value: 10,
      minimumSpendCents: 100_000,
      firstOrderOnly: false,
      perCustomerLimit: null,
      totalLimit: null,
      startsAt: '2026-12-03T21:00:00.000Z',
      endsAt: null,
      weekdays: [5],
      scope: 'categories',
      scopeIds: ['fish'],
    });
  });

  it('reads a fixed amount in KES, and asks no value for free delivery', async () => {
    const api = fakeApi();
    api.on('POST /api/admin/promotions', { status: 201, json: { promotion: {} } });
    const { user, fill } = renderForm();
    const form = within(screen.getByRole('form', { name: 'New promotion' }));
    await fill(form.getByLabelText('Name'), 'Delivery on us');
    await user.selectOptions(form.getByLabelText('Gives'), 'fixed');
    await fill(form.getByLabelText('Amount off (KES)'), 'two hundred');
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    expect(await form.findByText(M.amount)).toBeTruthy();
    await user.selectOptions(form.getByLabelText('Gives'), 'free_delivery');
    expect(form.queryByLabelText('Amount off (KES)')).toBeNull();
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    await vi.waitFor(() => expect(api.requests('POST /api/admin/promotions')).toHaveLength(1));
    expect(api.requests('POST /api/admin/promotions')[0]!.body).toMatchObject({ code: null, kind: 'free_delivery', value: 0 });
    // The save has finished: the button is back.
    expect(await form.findByRole('button', { name: 'Create promotion' })).toBeTruthy();
  });
});
