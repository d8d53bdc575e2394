// Escaping for markup the server writes: the page head (src/ui/page-head.tsx, in the server render and the browser)
// and the site server's document around the server render and its no-script forms (site/src/render/).

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value made safe for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * JSON that can sit inside a <script> element: nothing in it can close the element, open a comment or end a line
 * early (U+2028 and U+2029), whatever a product's name says.
 */
export function scriptSafeJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
