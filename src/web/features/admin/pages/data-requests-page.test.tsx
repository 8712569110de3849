// The owner's data requests log: each download and deletion with the customer's name (or 'Account
// deleted'), the account id and the dates; an empty log says so; axe clean.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/web/test-support/axe';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import DataRequestsPage from './data-requests-page';

const GET = 'GET /api/admin/data-requests';

describe('/admin/data-requests', () => {
  it('lists each request with the customer, the account and the dates', async () => {
    const api = fakeApi();
    api.on(GET, {
      json: {
        requests: [
          {
            id: 'r-2',
            userId: 'user-gone',
            customerName: null,
            kind: 'deletion',
            requestedAt: '2026-11-29T06:00:00.000Z',
            completedAt: null,
          },
          {
            id: 'r-1',
            userId: 'user-amina',
            customerName: 'Amina Wanjiru',
            kind: 'export',
            requestedAt: '2026-11-28T07:30:00.000Z',
            completedAt: '2026-11-28T07:30:00.000Z',
          },
        ],
      },
    });
    renderPage(<DataRequestsPage />, { path: '/admin/data-requests' });
    const table = await screen.findByRole('table', { name: 'Data requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^DeletionAccount deleteduser-gone.*Not yet$/),
      expect.stringMatching(/^Data downloadAmina Wanjiruuser-amina/),
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('says when there are none yet', async () => {
    fakeApi().on(GET, { json: { requests: [] } });
    renderPage(<DataRequestsPage />, { path: '/admin/data-requests' });
    expect(await screen.findByText('No data requests yet')).toBeTruthy();
  });
});
