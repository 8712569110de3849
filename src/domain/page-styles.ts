// How a server-rendered page carries its styles: only the rules its own HTML uses, inline, in a
// <style> that names the whole stylesheet, which the boot script loads after the first paint
// (docs/decisions/076-critical-css.md).

/** The attribute of the page's inline <style> that names the whole stylesheet ('/assets/index-….css'). */
export const FULL_STYLESHEET_ATTRIBUTE = 'data-full-stylesheet';
