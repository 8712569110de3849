// POST /api/account/delete through the typed client.
import { api, call } from '../../lib/api-client';

/** Deletes the signed-in account; `confirm` is the word the customer typed. */
export const deleteMyAccount = (confirm: string) => call(api.account.delete.$post({ json: { confirm } }));
