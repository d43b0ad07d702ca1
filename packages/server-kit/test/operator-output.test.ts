import { csvCell, printable } from '../src/operator-output';

describe("what an operator's command prints of others' text", () => {
  it('writes every control character out, so nothing typed moves the cursor or makes a row', () => {
    expect(printable('Ada\u001b[2K\r12345  approved  FAKE')).toBe('Ada\\x1b[2K\\r12345  approved  FAKE');
    expect(printable('line\nbreak\tand\u0000nul\u007f')).toBe('line\\nbreak\\tand\\x00nul\\x7f');
    expect(printable('Łódź, 研究所')).toBe('Łódź, 研究所');
  });

  it('keeps a spreadsheet from reading a field as a formula, and quotes as RFC 4180 does', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""Click"")"',
    );
    for (const lead of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${lead}1`).includes(`'${lead}`)).toBe(true);
    expect(csvCell('Payout Lab, Inc.')).toBe('"Payout Lab, Inc."');
    expect(csvCell('30.00')).toBe('30.00');
  });
});
