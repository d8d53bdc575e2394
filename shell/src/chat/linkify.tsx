import { Fragment, type ReactNode } from 'react';
import { Link } from '@metrology/shared/router';

/** A piece of a reply: plain text, a web link or an e-mail address. */
export type ReplyPart =
  | { kind: 'text'; text: string }
  | { kind: 'url'; text: string; href: string }
  | { kind: 'email'; text: string; href: string }
  /** A path of this site ("/contact", "/products?company=Tespa"): a link inside the shop. */
  | { kind: 'path'; text: string; href: string };

// Web links (with a scheme or starting www.) and e-mail addresses. Quotes and angle brackets end a link,
// so markup in a reply can never extend one.
// Site paths start a word with "/" and a letter.
const LINK_PATTERN =
  /\b(?:https?:\/\/|www\.)[^\s<>"'`]+|[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|(?<![^\s(["'])\/[A-Za-z][\w\-./]*(?:\?[^\s<>"'`]*)?(?:#[\w-]*)?/g;

const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** Sentence punctuation after a link is not part of it; a closing bracket only when it has no opener. */
function trimLink(candidate: string): string {
  let link = candidate;
  for (;;) {
    const before = link;
    link = link.replace(TRAILING_PUNCTUATION, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ] as const) {
      if (link.endsWith(close) && link.split(open).length < link.split(close).length)
        link = link.slice(0, -1);
    }
    if (link === before) return link;
  }
}

/** Only http and https links are ever made; anything else stays text. */
function safeWebHref(link: string): string | null {
  try {
    const url = new URL(link.startsWith('www.') ? `https://${link}` : link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits a reply into text, links and e-mail addresses. */
export function splitReply(reply: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let text = '';
  let last = 0;
  for (const match of reply.matchAll(LINK_PATTERN)) {
    const start = match.index;
    const found = trimLink(match[0]);
    text += reply.slice(last, start);
    last = start + found.length;
    if (found.startsWith('/')) {
      if (text) parts.push({ kind: 'text', text });
      text = '';
      parts.push({ kind: 'path', text: found, href: found });
      continue;
    }
    const isEmail = !/^(?:https?:\/\/|www\.)/i.test(found);
    const href = isEmail ? `mailto:${found}` : safeWebHref(found);
    if (!href || !found) {
      text += found;
      continue;
    }
    if (text) parts.push({ kind: 'text', text });
    text = '';
    parts.push(isEmail ? { kind: 'email', text: found, href } : { kind: 'url', text: found, href });
  }
  text += reply.slice(last);
  if (text) parts.push({ kind: 'text', text });
  return parts;
}

/** The in-shop path of a link to this very site, or null for anything else. */
export function shopPath(part: ReplyPart, origin = globalThis.location?.origin): string | null {
  if (part.kind === 'path') return part.href;
  if (part.kind !== 'url' || !origin) return null;
  const url = new URL(part.href);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * A bot reply as React elements: the shop's own pages become in-shop links (the router navigates, the chat stays
 * open); other links and e-mail addresses become anchors opened in a new tab (mailto for e-mails). The reply is
 * never parsed as HTML: everything else is text.
 */
export function Linkified({ text }: { text: string }): ReactNode {
  return splitReply(text).map((part, index) => {
    if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
    const path = shopPath(part);
    if (path)
      return (
        <Link key={index} to={path}>
          {part.text}
        </Link>
      );
    return (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    );
  });
}
