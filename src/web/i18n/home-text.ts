import { catalogue } from './catalogue';
import en from './catalogues/home.en.json';

/** The home page's hero (a catalogue of its own: it is part of the first download). */
export const useHomeText = catalogue('home', en, () => import('./catalogues/home.sw.json'));
