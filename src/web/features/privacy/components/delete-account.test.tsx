// The profile's 'Delete my account': typed confirmation, the server's refusal shown as it says it,
// and on success a signed-out customer sent home with the confirmation; all by keyboard.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '@/domain/account-deletion';
import Profile from '../../../routes/profile';
import { axeViolations } from '../../../test-support/axe';
import { apiError, fakeApi, type FakeAnswer } from '../../../test-support/fake-api';
import { renderPage } from '../../../test-support/render-page';
import { answerSession, signedIn } from '../../../test-support/shop-answers';
import { findToast } from '../../../test-support/toasts';

// Other tabs are told through a BroadcastChannel, which other test files' threads would hear too.
const sessionEvents = vi.hoisted(() => ({ announceSessionChange: vi.fn(), onSessionChangeElsewhere: vi.fn() }));
vi.mock('../../account/session-events', () => sessionEvents);

const DELETE = 'POST /api/account/delete';
const OPEN_ORDER = ACCOUNT_DELETION_MESSAGES.openOrder('0f1e2d3c-0000-4000-8000-000000000000');

describe("the profile's Delete my account", () => {
  it('asks for DELETE typed, shows why the server refused, and deletes once confirmed, by keyboard alone', async () => {
    const api = fakeApi();
    answerSession(api, signedIn('Wanjiku Kamau'));
    // The profile's consents panel.
    api.on('GET /api/account/consents', { json: { choices: [], newsletterEmail: null, history: [] } });
    let answer: FakeAnswer = apiError(409, OPEN_ORDER, 'ORDER_OPEN');
    api.on(DELETE, () => answer);
    const page = renderPage(<Profile />, { path: '/profile' });
    const { user } = page;

    const opener = await screen.findByRole('button', { name: 'Delete my account' });
    opener.focus();
    await user.keyboard('{Enter}');
    const confirm = screen.getByLabelText('Type DELETE to confirm');
    expect(document.activeElement).toBe(confirm);
    expect(await axeViolations()).toEqual([]);

    // A word other than DELETE: refused here, nothing sent.
    await user.keyboard('delete{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_DELETION_MESSAGES.confirm);
    expect(api.requests(DELETE)).toHaveLength(0);

    // The server refuses while an order is open: its words, the account still there.
    await user.clear(confirm);
    await user.keyboard('DELETE{Enter}');
    expect((await screen.findByText(OPEN_ORDER)).closest('[role="alert"]')).not.toBeNull();
    expect(api.requests(DELETE).map((r) => r.body)).toEqual([{ confirm: 'DELETE' }]);
    expect(page.location().pathname).toBe('/profile');

    // Escape closes the confirmation and gives the focus back to the button.
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Type DELETE to confirm')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account' }));

    answer = { json: { message: ACCOUNT_DELETION_MESSAGES.deleted } };
    await user.keyboard('{Enter}');
    await user.keyboard('DELETE{Enter}');
    await findToast(ACCOUNT_DELETION_MESSAGES.deleted);
    expect(api.requests(DELETE)).toHaveLength(2);
    expect(page.location().pathname).toBe('/');
    expect(sessionEvents.announceSessionChange).toHaveBeenCalledOnce();
  });
});
