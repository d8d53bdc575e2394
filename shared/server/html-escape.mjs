// @ts-check
// Escaping for markup the server writes: the page head (shared/src/ui/page-head.tsx) and the document around
// the server render (site/src/render/document.ts). Plain JavaScript so the site server uses it without a build.

/** @type {Record<string, string>} */
const HTML_ESCAPES = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text or an attribute value made safe for HTML.
 * @param {string} value
 * @returns {string}
 */
export function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * JSON that can sit inside a <script> element: nothing in it can close the element, open a comment or end a line
 * early (U+2028 and U+2029), whatever a product's name says.
 * @param {unknown} value
 * @returns {string}
 */
export function scriptSafeJson(value) {
  return (JSON.stringify(value) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
