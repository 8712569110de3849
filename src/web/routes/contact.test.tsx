// /contact when a message cannot be sent, or the server asks the visitor to wait (moved from the browser journeys).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type FakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerShopDetails } from '../test-support/shop-answers';
import { findToast } from '../test-support/toasts';
import Contact from './contact';

const SEND = 'POST /api/content/contact';
const MESSAGE = { name: 'Achieng', email: 'achieng@example.com', subject: 'Hello', message: 'Do you sell omena in bulk?' };

/** Opens /contact, fills in the form and sends it. */
async function sendMessage(api: FakeApi) {
  answerShopDetails(api);
  const { user, fill } = renderPage(<Contact />, { path: '/contact' });
  const form = within(screen.getByRole('form', { name: 'Contact form' }));
  await fill(form.getByLabelText('Name', { exact: true }), MESSAGE.name);
  await fill(form.getByLabelText('Email', { exact: true }), MESSAGE.email);
  await fill(form.getByLabelText('Subject', { exact: true }), MESSAGE.subject);
  await fill(form.getByLabelText('Message', { exact: true }), MESSAGE.message);
  await user.click(form.getByRole('button', { name: 'Send Message' }));
  return form;
}

describe('/contact', () => {
  it('tells the visitor when the message could not be sent, keeping what they wrote', async () => {
    const api = fakeApi();
    api.on(SEND, apiError(500, 'boom'));
    const form = await sendMessage(api);
    await findToast('Your message could not be sent. Please try again.');
    expect(api.requests(SEND).map((r) => r.body)).toEqual([MESSAGE]);
    expect(form.getByLabelText<HTMLTextAreaElement>('Message', { exact: true }).value).toBe(MESSAGE.message);
    expect(screen.queryByText("Thank you for your message! We'll get back to you soon.")).toBeNull();
  });

  it('shows the wait the server gives when too many messages came from this address', async () => {
    const wait = 'You have sent several messages already. Please wait 42 minutes before sending another.';
    const api = fakeApi();
    api.on(SEND, apiError(429, wait, 'TOO_MANY_REQUESTS'));
    const form = await sendMessage(api);
    await findToast(wait);
    expect(form.getByLabelText<HTMLTextAreaElement>('Message', { exact: true }).value).toBe(MESSAGE.message);
  });
});
