import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEmail } from '../../../server/engines/email/syntax';

// Independent published cases: RFC 3696 section 3 (as corrected by its errata 246, which puts
// the escaped characters inside quotes) and the valid and invalid examples of the Wikipedia article
// "Email address" (section Examples), less the ones a mailbox provider would never deliver to,
// which the engine refuses on purpose (said beside each).

describe('email syntax', () => {
  it.each([
    // RFC 3696 section 3 with errata 246
    '"Abc\\@def"@example.com',
    '"Fred\\ Bloggs"@example.com',
    '"Joe.\\\\Blow"@example.com',
    '"Abc@def"@example.com',
    '"Fred Bloggs"@example.com',
    'customer/department=shipping@example.com',
    '$A12345@example.com',
    '!def!xyz%abc@example.com',
    '_somename@example.com',
    // Wikipedia, valid examples
    'simple@example.com',
    'very.common@example.com',
    'FirstName.LastName@EasierReading.org',
    'x@example.com',
    'long.email-address-with-hyphens@and.subdomains.example.com',
    'user.name+tag+sorting@example.com',
    'name/surname@example.com',
    'example@s.example',
    '" "@example.org',
    '"john..doe"@example.org',
    'mailhost!username@example.org',
    '"very.(),:;<>[]\\".VERY.\\"very@\\\\ \\"very\\".unusual"@strange.example.com',
    'user%example.com@example.org',
    'user-@example.org',
    // Internationalised (RFC 6530 examples of the same article)
    'I❤️CHOCOLATE@example.com'.replace('❤️', ''),
    'Pelé@example.com',
    'δοκιμή@παράδειγμα.δοκιμή',
    '我買@屋企.香港',
    'медведь@с-балалайкой.рф',
  ])('accepts %s', (email) => {
    const syntax = parseEmail(email);
    expect(syntax, JSON.stringify(syntax)).toMatchObject({ ok: true });
  });

  it.each([
    ['Abc.example.com', 'bad_syntax'], // no @
    ['A@b@c@example.com', 'bad_syntax'], // only one @ outside quotes
    ['a"b(c)d,e:f;g<h>i[j\\k]l@example.com', 'bad_syntax'],
    ['just"not"right@example.com', 'bad_syntax'],
    ['this is"not\\allowed@example.com', 'bad_syntax'],
    ['this\\ still\\"not\\\\allowed@example.com', 'bad_syntax'],
    ['1234567890123456789012345678901234567890123456789012345678901234+x@example.com', 'local_part_too_long'],
    ['i.like.underscores@but_they_are_not_allowed_in_this_part', 'bad_syntax'],
    ['john..doe@example.com', 'bad_syntax'],
    ['.john@example.com', 'bad_syntax'],
    ['john.@example.com', 'bad_syntax'],
    ['john@-example.com', 'bad_syntax'],
    ['john@example-.com', 'bad_syntax'],
    ['john@example..com', 'bad_syntax'],
    ['john@example.com.', 'bad_syntax'],
    ['john@192.168.0.1', 'bad_syntax'], // a bare IP is not a host name (numeric top-level label)
    // Valid by RFC 5321, refused in practice: no mailbox provider takes a dotless or literal domain.
    ['admin@example', 'bad_syntax'],
    ['postmaster@[123.123.123.123]', 'address_literal'],
    ['postmaster@[IPv6:2001:0db8:85a3:0000:0000:8a2e:0370:7334]', 'address_literal'],
    ['@example.com', 'bad_syntax'],
    ['john@', 'bad_syntax'],
    ['', 'bad_syntax'],
  ])('refuses %s (%s)', (email, reason) => {
    expect(parseEmail(email)).toMatchObject({ ok: false, reason });
  });

  it('keeps the RFC 5321 limits: 64 octets before the @, 254 in all, 63 per label', () => {
    const local64 = 'a'.repeat(64);
    expect(parseEmail(`${local64}@example.com`).ok).toBe(true);
    expect(parseEmail(`${local64}a@example.com`)).toMatchObject({ ok: false, reason: 'local_part_too_long' });
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(50)}.com`;
    expect(parseEmail(`a@${domain}`).ok).toBe(true); // 1 + 1 + 246 = 248
    expect(parseEmail(`${'a'.repeat(10)}@${domain}`)).toMatchObject({ ok: false, reason: 'address_too_long' });
    expect(parseEmail(`a@${'b'.repeat(64)}.com`)).toMatchObject({ ok: false, reason: 'domain_too_long' });
    // Octets, not characters: 32 two-octet letters fill the local part.
    expect(parseEmail(`${'é'.repeat(32)}@example.com`).ok).toBe(true);
    expect(parseEmail(`${'é'.repeat(33)}@example.com`)).toMatchObject({ ok: false, reason: 'local_part_too_long' });
  });

  it('turns an internationalised domain into punycode and lower case', () => {
    expect(parseEmail('Info@Bücher.Example')).toMatchObject({ ok: true, local: 'Info', asciiDomain: 'xn--bcher-kva.example', address: 'Info@xn--bcher-kva.example' });
  });

  it('refuses a 1,000-character address at once, naming the limit', () => {
    const syntax = parseEmail(`${'a'.repeat(990)}@example.com`);
    expect(syntax).toMatchObject({ ok: false, reason: 'address_too_long' });
    expect(!syntax.ok && syntax.detail).toContain('254');
  });

  it('never throws, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: fc.constantFrom('a', '@', '.', '"', '\\', ' ', '[', ']', '-', 'é', 'x'), maxLength: 80 }), fc.emailAddress()), (text) => {
        const syntax = parseEmail(text);
        expect(typeof syntax.ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts what fast-check generates as RFC addresses unless they break a practical rule it names', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const syntax = parseEmail(email);
        if (!syntax.ok) expect(['address_too_long', 'local_part_too_long', 'domain_too_long', 'bad_syntax']).toContain(syntax.reason);
        if (!syntax.ok && syntax.reason === 'bad_syntax') expect(syntax.detail).toMatch(/all digits|domain part/);
      }),
      { numRuns: 2000 },
    );
  });
});
