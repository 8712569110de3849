/**
 * The sound switch's box (36 px, 44 px on a phone for the tap target), in a module of its own so
 * the header can hold the switch's place while the switch's code loads without loading it.
 */
export const SOUND_TOGGLE_SIZE = 'h-9 w-9 max-sm:h-11 max-sm:w-11';
