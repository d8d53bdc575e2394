import { EMAIL_MAX_LENGTH, isValidEmail, normaliseEmail } from '../email-address';

describe('normaliseEmail: one bare address or nothing', () => {
  it.each([
    ['buyer@example.com', 'buyer@example.com'],
    ['  Buyer.Name@Example.COM ', 'buyer.name@example.com'],
    ["o'brien+quotes@mail.example.co.in", "o'brien+quotes@mail.example.co.in"],
    ['first_last-1@sub-domain.example.test', 'first_last-1@sub-domain.example.test'],
    ['a@b.io', 'a@b.io'],
    ['x@xn--bcher-kva.example', 'x@xn--bcher-kva.example'],
  ])('accepts %p as %p', (raw, stored) => {
    expect(normaliseEmail(raw)).toBe(stored);
    expect(isValidEmail(raw)).toBe(true);
  });

  // Each of these is read by some mail library as a different recipient, several, or none at all.
  it.each([
    ['a display name and angle brackets', 'x1<victim@example.test>'],
    ['angle brackets alone', '<victim@example.test>'],
    ['a quoted display name', '"Shop" <victim@example.test>'],
    ['a group', 'grp:victim@example.test;'],
    ['an empty group', 'grp:;'],
    ['a list with a comma', 'me@example.com,victim@example.test'],
    ['a list with a semicolon', 'me@example.com;victim@example.test'],
    ['a comment', 'me@example.com(victim@example.test)'],
    ['a comment in the local part', 'me(note)@example.com'],
    ['a quoted local part', '"me"@example.com'],
    ['a quoted @', '"victim@example.test"@example.com'],
    ['inner whitespace', 'me @example.com'],
    ['a tab', 'me@exa\tmple.com'],
    ['a line break (header injection)', 'me@example.com\r\nBcc: victim@example.test'],
    ['two @', 'victim@example.test@example.com'],
    ['percent routing', 'victim%example.test@relay.example.com'],
    ['bang routing', 'relay!victim@example.com'],
    ['a source route', '@relay.example:victim@example.test'],
    ['an address literal', 'me@[127.0.0.1]'],
    ['an IP as domain', 'me@127.0.0.1'],
    ['no domain dot', 'me@localhost'],
    ['a leading dot', '.me@example.com'],
    ['a trailing dot in the local part', 'me.@example.com'],
    ['a doubled dot', 'm..e@example.com'],
    ['an empty label', 'me@example..com'],
    ['a hyphen at a label edge', 'me@-example.com'],
    ['no local part', '@example.com'],
    ['no @', 'not-an-address'],
    ['empty', ''],
    ['only spaces', '   '],
    ['non-ASCII', 'mé@example.com'],
    ['a backslash', 'me\\@example.com'],
    ['a local part over 64', `${'a'.repeat(65)}@example.com`],
    ['over 254 in all', `me@${'a'.repeat(62)}.${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(62)}.com`],
  ])('refuses %s: %p', (_what, raw) => {
    expect(normaliseEmail(raw)).toBeNull();
    expect(isValidEmail(raw)).toBe(false);
  });

  it('the longest address allowed is 254 characters', () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`;
    const local = 'l'.repeat(EMAIL_MAX_LENGTH - domain.length - 1);
    expect(normaliseEmail(`${local}@${domain}`)).toHaveLength(EMAIL_MAX_LENGTH);
    expect(normaliseEmail(`${local}x@${domain}`)).toBeNull();
  });
});
