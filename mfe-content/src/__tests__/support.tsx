// Test support for the content section (not a test file itself); the fake API and render helper are the kit's.

/** A URL on which nothing listens: requests to it fail like an unreachable host. */
export const UNREACHABLE_ORIGIN = 'http://127.0.0.1:9';
