// One message written once as blocks, rendered twice: a plain text part and a simple HTML part in the shop's
// colours (shared/styles/base.css). Everything from the database or a form is escaped; no remote image is linked,
// so nothing loads from a server when the message is opened.
import { escapeHtml } from '@metrology/shared/rules';
import { BRAND, SUPPORT_EMAIL } from '../../seed/brand.js';

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: [term: string, detail: string][] }
  | { kind: 'table'; head: string[]; rows: string[][]; foot?: string[][] }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'quote'; text: string };

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const NAVY = '#0b2545';
const BLUE = '#13508f';
const MUTED = '#5a6478';
const BORDER = '#d6dce6';
const SOFT = '#f5f7fa';
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

function textOf(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return block.rows.map(([term, detail]) => `${term}: ${detail}`).join('\n');
    case 'table':
      return [...block.rows, ...(block.foot ?? [])]
        .map((row) => row.filter((cell) => cell !== '').join(' | '))
        .join('\n');
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

const cell = (value: string, header = false, right = false) =>
  `<${header ? 'th' : 'td'} style="padding:6px 8px;border-bottom:1px solid ${BORDER};text-align:${right ? 'right' : 'left'}">${escapeHtml(value)}</${header ? 'th' : 'td'}>`;

/** Numbers (the last columns of an items table) sit on the right. */
const isNumeric = (index: number, width: number) => index > 0 && index >= width - 3;

function htmlOf(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          ([term, detail]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:${MUTED};vertical-align:top">${escapeHtml(term)}</td><td style="padding:2px 0">${escapeHtml(detail).replace(/\n/g, '<br>')}</td></tr>`,
        )
        .join('')}</table>`;
    case 'table': {
      const width = block.head.length;
      const row = (cells: string[], header = false) =>
        `<tr>${cells.map((value, index) => cell(value, header, isNumeric(index, width))).join('')}</tr>`;
      return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px">
<thead>${row(block.head, true)}</thead>
<tbody>${block.rows.map((cells) => row(cells)).join('')}</tbody>${
        block.foot ? `<tfoot>${block.foot.map((cells) => row(cells)).join('')}</tfoot>` : ''
      }</table>`;
    }
    case 'button':
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:${BLUE};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(block.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:${MUTED}">Or copy this address into your browser: ${escapeHtml(block.url)}</p>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid ${BLUE};background:${SOFT}">${escapeHtml(block.text).replace(/\n/g, '<br>')}</blockquote>`;
  }
}

/** The message with its greeting, blocks and sign-off as both parts. */
export function render(subject: string, greeting: string, blocks: Block[]): Rendered {
  const signOff = `${BRAND}\nQuestions? Write to ${SUPPORT_EMAIL}.`;
  const text = [greeting, ...blocks.map(textOf), signOff].join('\n\n') + '\n';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${SOFT};font-family:${FONT};color:#1d2433;line-height:1.5">
<table role="presentation" style="width:100%;border-collapse:collapse;background:${SOFT}"><tr><td style="padding:24px 12px">
<table role="presentation" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;background:#ffffff;border:1px solid ${BORDER}">
<tr><td style="background:${NAVY};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:700">${escapeHtml(BRAND)}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${blocks.map(htmlOf).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${BORDER};font-size:13px;color:${MUTED}">${escapeHtml(BRAND)}. Questions? Write to <a href="mailto:${escapeHtml(SUPPORT_EMAIL)}" style="color:${BLUE}">${escapeHtml(SUPPORT_EMAIL)}</a>.</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  return { subject, text, html };
}
