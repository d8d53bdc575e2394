// Types of early-input.mjs. Keep the two in step.

/** The page global the script fills and the shell's replayer empties. */
export const EARLY_INPUT_GLOBAL: '__shopEarly';

/**
 * A held post form is sent natively if its part has not started hydrating by then (the script did not come); a
 * press kept while a native post was on its way is given to the next page only if that page comes by then.
 */
export const NATIVE_FALLBACK_MS: number;

/** The sessionStorage key of the presses kept for the page a native post's answer redirects to (the script's own). */
export const NEXT_PAGE_KEY: 'shopEarlyNext';

/** The inline script as the page carries it. */
export const EARLY_INPUT_SCRIPT: string;
