import { isPlainText, isSingleLine } from './plain-text';

describe('text as the shop takes it in', () => {
  it('takes one line of any script, and refuses line breaks and other control characters in it', () => {
    for (const text of ['Ada Lovelace', 'Łódź 12 ul. Ćwiczebna', '研究所', 'a@b.co', ''])
      expect(isSingleLine(text)).toBe(true);
    for (const text of [
      'a@b.co\r\nBcc: x@evil.example',
      'Ada\u001b[2J',
      'tab\there',
      'nul\u0000',
      'c1\u0085',
      'del\u007f',
    ])
      expect(isSingleLine(text)).toBe(false);
  });

  it('takes line breaks and tabs in text of several lines, and no other control character', () => {
    expect(isPlainText('A weekly letter.\r\nTo 2,000 labs.\n\tWith notes.')).toBe(true);
    for (const text of ['\u001b]0;title\u0007', 'back\u0008space', 'nul\u0000'])
      expect(isPlainText(text)).toBe(false);
  });
});
