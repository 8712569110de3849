import { catalogue } from './catalogue';
import en from './catalogues/shell.en.json';

/** The header's, the menu's and the page frame's words. */
export const useShellText = catalogue('shell', en, () => import('./catalogues/shell.sw.json'));
