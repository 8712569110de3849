import { catalogue } from './catalogue';
import en from './catalogues/account.en.json';

/** The account's words: sign-in and sign-up, the phone code, the account menu, the profile's panels. */
export const useAccountText = catalogue('account', en, () => import('./catalogues/account.sw.json'));

export type AccountKey = keyof typeof en;
