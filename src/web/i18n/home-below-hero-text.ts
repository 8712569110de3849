import { catalogue } from './catalogue';
import en from './catalogues/home-below-hero.en.json';

/** The home page's words below its hero: they come with that part's chunk, not the first download. */
export const useHomeBelowHeroText = catalogue('home-below-hero', en, () => import('./catalogues/home-below-hero.sw.json'));
