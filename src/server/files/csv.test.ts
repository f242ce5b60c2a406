import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, moneyCell, sheetValue, toCsv, type CsvValue } from './csv';

/** An RFC 4180 reader, to read back what the writer wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('csvField', () => {
  it('writes numbers as numbers: a negative amount stays -12.50, never a guarded text', () => {
    expect(csvField(moneyCell(-12.5))).toBe('-12.50');
    expect(csvField(moneyCell(1234.5))).toBe('1234.50');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField({ fixed: -0.001, decimals: 2 })).toBe('0.00');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(moneyCell(null))).toBe('');
  });

  it('guards text a spreadsheet would run as a formula, whatever it looks like', () => {
    expect(csvField('=SUM(1)')).toBe("'=SUM(1)");
    expect(csvField('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvField('-12.50')).toBe("'-12.50");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csvField('Plain £ text')).toBe('Plain £ text');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Smith, Jr')).toBe('"Smith, Jr"');
    expect(csvField('Night "shift"')).toBe('"Night ""shift"""');
    expect(csvField('line\nsecond')).toBe('"line\nsecond"');
    expect(csvField('line\r\nsecond')).toBe('"line\r\nsecond"');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with a byte-order mark and ends every row with CRLF, a blank row a blank line', () => {
    expect(toCsv([['Name', 'Amount'], ['Ella', moneyCell(-5)], [], ['Total', moneyCell(-5)]])).toBe(
      '\uFEFFName,Amount\r\nElla,-5.00\r\n\r\nTotal,-5.00\r\n',
    );
  });

  it('reads back as the text it was given (guarded) and the numbers it was given', () => {
    // The characters that matter to CSV and to spreadsheets, and a few that do not.
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', '£', 'é', '1', '.'),
      maxLength: 12,
    });
    const cell = fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const read = parseCsv(toCsv(rows).slice(1));
        expect(read).toEqual(
          rows.map((row) =>
            row.map((value: CsvValue) =>
              typeof value === 'string' ? (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) : value === null ? '' : csvField(value),
            ),
          ),
        );
      }),
    );
  });
});

describe('sheetValue', () => {
  it('gives a workbook numbers as numbers, text as text and nothing as an empty cell', () => {
    expect(sheetValue(moneyCell(-12.5))).toBe(-12.5);
    expect(sheetValue({ fixed: 1.005, decimals: 1 })).toBe(1);
    expect(sheetValue(3)).toBe(3);
    expect(sheetValue('=SUM(1)')).toBe('=SUM(1)');
    expect(sheetValue('')).toBeNull();
    expect(sheetValue(null)).toBeNull();
  });
});
