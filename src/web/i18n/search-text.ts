import { catalogue } from './catalogue';
import en from './catalogues/search.en.json';

/** The header's product search (its own chunk, opened by a tap). */
export const useSearchText = catalogue('search', en, () => import('./catalogues/search.sw.json'));
