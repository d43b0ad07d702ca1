import { openSheet, toWinAnsi } from './sheet';
import { pdfText } from './testing';

const info = { title: 'Invoice ORD-1', subject: 'a test', producer: 'Helix Research', created: new Date(0) };

describe('a sheet', () => {
  it('writes its text and title where a reader finds them', async () => {
    const sheet = await openSheet(info);
    sheet.write('Heading', { size: 22, bold: true, brand: true });
    sheet.down(30);
    sheet.table([['Batch', 'BPC-2411']]);
    sheet.row([
      ['Qty', { bold: true }],
      ['$1.00', { x: 535, alignRight: true }],
    ]);
    const { text, pages, title } = await pdfText(await sheet.save());
    expect(title).toBe('Invoice ORD-1');
    expect(pages).toBe(1);
    expect(text).toContain('Heading');
    expect(text).toMatch(/Batch\s+BPC-2411/);
    expect(text).toMatch(/Qty\s+\$1\.00/);
  });

  it('goes on to a new page when rows no longer fit, losing none', async () => {
    const sheet = await openSheet(info);
    for (let line = 1; line <= 60; line += 1) sheet.row([[`line ${line}`]]);
    const { text, pages } = await pdfText(await sheet.save());
    expect(pages).toBe(2);
    for (const line of [1, 33, 60]) expect(text).toContain(`line ${line}`);
  });

  it('spells what the standard fonts cannot draw', () => {
    expect(toWinAnsi('≥ 98% ≤ 1 µg · ✓')).toBe('>= 98% <= 1 µg · ?');
  });
});
