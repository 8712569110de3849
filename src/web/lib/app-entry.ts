/** The attribute of the boot script's tag that names the app's entry module (set by the build). */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

/** Set on <html> once the page's render is committed (hydrated, or its error shown): the app is live. */
export const APP_LIVE_ATTRIBUTE = 'data-hydrated';
