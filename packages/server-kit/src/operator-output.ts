/**
 * What an operator's command prints of what others typed (an applicant's name, a channel): every control
 * character written out as an escape (`\x1b`, `\r`), so nothing typed can move the cursor, erase a line
 * or pass for a row of its own in the operator's terminal.
 */
export function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, (character) => {
    const code = character.codePointAt(0)!;
    return code === 0x0a
      ? '\\n'
      : code === 0x0d
        ? '\\r'
        : code === 0x09
          ? '\\t'
          : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

/**
 * A CSV field (RFC 4180: quoted when it holds a separator, a quote or a line break) that a spreadsheet
 * reads as text: one starting `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula
 * (`=HYPERLINK(…)`), so it is led by an apostrophe, as OWASP advises.
 */
export function csvCell(text: string): string {
  const neutral = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}
