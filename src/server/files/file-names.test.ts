import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, sanitiseFileName, uniqueNames, withTypeExtension } from './file-names';
import { FILE_TYPES } from './file-types';

describe('sanitiseFileName', () => {
  it('keeps the last path part and drops what could disguise or break it', () => {
    expect(sanitiseFileName('C:\\Users\\me\\Desktop\\payslip.pdf')).toBe('payslip.pdf');
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitiseFileName('a\u0000b\r\nc.txt')).toBe('abc.txt');
    expect(sanitiseFileName('..')).toBe('file');
    expect(sanitiseFileName('.bashrc')).toBe('bashrc');
    expect(sanitiseFileName('   ')).toBe('file');
    expect(sanitiseFileName('what?<now>.pdf')).toBe('what__now_.pdf');
  });

  it('always gives a safe, non-empty name of at most 200 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (raw) => {
        const name = sanitiseFileName(raw);
        expect(name.length).toBeGreaterThan(0);
        expect(Array.from(name).length).toBeLessThanOrEqual(200);
        expect(name).not.toMatch(/[/\\<>:"|?*]/);
        // eslint-disable-next-line no-control-regex -- finding control characters is the point
        expect(name).not.toMatch(/[\u0000-\u001F\u007F]/);
        expect(name).not.toMatch(/^\./);
        expect(() => attachmentDisposition(name)).not.toThrow();
      }),
    );
  });
});

describe('withTypeExtension', () => {
  it('adds the checked type’s extension unless the name already agrees with it', () => {
    expect(withTypeExtension('photo.JPEG', FILE_TYPES.jpeg)).toBe('photo.JPEG');
    expect(withTypeExtension('invoice.exe', FILE_TYPES.png)).toBe('invoice.exe.png');
    expect(withTypeExtension('page.html', FILE_TYPES.text)).toBe('page.html.txt');
    expect(withTypeExtension('file', FILE_TYPES.pdf)).toBe('file.pdf');
    expect(withTypeExtension('a'.repeat(200), FILE_TYPES.pdf)).toBe(`${'a'.repeat(196)}.pdf`);
  });
});

describe('uniqueNames', () => {
  it('numbers repeats without regard to case, keeping the extension', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'a (2).pdf', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'a (2) (2).pdf', 'b']);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name in filename*', () => {
    expect(attachmentDisposition('Zoë "quote" 100%.pdf')).toBe(
      `attachment; filename="Zoe _quote_ 100_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22quote%22%20100%25.pdf`,
    );
  });

  it('only ever writes printable ASCII into the header', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (raw) => {
        expect(attachmentDisposition(sanitiseFileName(raw))).toMatch(/^[\x20-\x7E]+$/);
      }),
    );
  });
});
