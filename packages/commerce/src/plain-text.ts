/**
 * What a shopper or an applicant types, as the shop takes it in: text without control characters (no
 * escape sequence, no line break where one line is asked for, no NUL), so that nothing typed can pass
 * for a header (`a@b.co\r\nBcc: …`), rewrite an operator's terminal (ESC, CR) or break a record.
 */
const CONTROL = /\p{Cc}/u;
/** The control characters a text of several lines may hold: its line breaks and tabs. */
const LAYOUT = /[\n\r\t]/g;

export const NOT_PLAIN_TEXT = 'Contains characters that are not allowed.';

/** One line of text: no control character at all (for a schema's `regex` check). */
export const SINGLE_LINE = /^\P{Cc}*$/u;
export const isSingleLine = (text: string) => SINGLE_LINE.test(text);

/** Text of several lines: line breaks and tabs, and no other control character. */
export const isPlainText = (text: string) => !CONTROL.test(text.replace(LAYOUT, ''));
