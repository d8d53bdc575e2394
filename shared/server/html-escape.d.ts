// Types of html-escape.mjs. Keep the two in step.

/** Text or an attribute value made safe for HTML. */
export function escapeHtml(value: string): string;

/** JSON that can sit inside a <script> element: nothing in it can close the element or end a line early. */
export function scriptSafeJson(value: unknown): string;
