import { describe, expect, it } from 'vitest';
import { parseCsvImport } from '../../server/lib/data-table';

const read = (text: string, maxRows = 10) => parseCsvImport(Buffer.from(text, 'utf8'), { required: ['a', 'b'], maxRows });

describe('CSV import parsing (server/lib/data-table.ts)', () => {
  it('numbers each row by the line it starts on, past blank rows and quoted line breaks', () => {
    const { rows } = read('A, b \r\n1,2\r\n,\r\n\r\n"x\r\ny",3\r\n4,"5"\r\n');
    expect(rows).toEqual([
      { line: 2, values: { a: '1', b: '2' } },
      { line: 5, values: { a: 'x\r\ny', b: '3' } },
      { line: 7, values: { a: '4', b: '5' } },
    ]);
  });

  it('refuses a file that is not UTF-8, lacks a column, has no rows or too many', () => {
    expect(() => parseCsvImport(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xe9, 0x2c, 0x31]), { required: ['a', 'b'], maxRows: 5 })).toThrow(/UTF-8/);
    expect(() => read('a,c\n1,2\n')).toThrow(/Lajur CSV tiada: b/);
    expect(() => read('a,b\n')).toThrow(/tiada baris data/);
    expect(() => read('a,b\n1,2\n3,4\n', 1)).toThrow(/maksimum 1 baris/);
  });

  it('reads a BOM and matches headers without case or spaces', () => {
    expect(read('\uFEFF B ,a\n2,1\n').rows).toEqual([{ line: 2, values: { a: '1', b: '2' } }]);
  });
});
