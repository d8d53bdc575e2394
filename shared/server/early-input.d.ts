// Types of early-input.mjs. Keep the two in step.

/** The page global the script fills and the shell's replayer empties. */
export const EARLY_INPUT_GLOBAL: '__shopEarly';

/** A held post form is sent natively if its part has not started hydrating by then (the script did not come). */
export const NATIVE_FALLBACK_MS: number;

/** The inline script as the page carries it. */
export const EARLY_INPUT_SCRIPT: string;
