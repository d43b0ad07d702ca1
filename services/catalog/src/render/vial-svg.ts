import type { VialFacts } from '../store/catalog-store';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** The label band's inner width, in the drawing's units. */
const LABEL_WIDTH = 124;
/** A bold system font's average glyph width, as a share of its size: enough to choose a size. */
const GLYPH_WIDTH = 0.62;

const fits = (text: string, fontSize: number) => text.length * fontSize * GLYPH_WIDTH <= LABEL_WIDTH;

/** Splits a long name at the space nearest its middle ('CJC-1295 no DAC / Ipamorelin' on two lines). */
function twoLines(name: string): [string, string] | null {
  const spaces = [...name.matchAll(/ /g)].map((match) => match.index);
  if (spaces.length === 0) return null;
  const middle = spaces.reduce((best, at) =>
    Math.abs(at - name.length / 2) < Math.abs(best - name.length / 2) ? at : best,
  );
  return [name.slice(0, middle), name.slice(middle + 1)];
}

/**
 * The name on the label, kept inside the band: the largest size that fits on one line, else two lines,
 * and in the end `textLength` squeezes a line that would still run over.
 */
function labelName(name: string, hasDose: boolean): string {
  const attributes = (size: number, line: string) =>
    `text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#0f172a"${
      fits(line, size) ? '' : ` textLength="${LABEL_WIDTH}" lengthAdjust="spacingAndGlyphs"`
    }`;
  const baseline = hasDose ? 216 : 228;
  const oneLineSize = [30, 22, 16].find((size) => fits(name, size));
  const lines = oneLineSize ? null : twoLines(name);
  if (!lines) {
    const size = oneLineSize ?? 16;
    return `<text x="200" y="${baseline}" ${attributes(size, name)}>${escapeXml(name)}</text>`;
  }
  const size = [16, 14].find((candidate) => lines.every((line) => fits(line, candidate))) ?? 12;
  return lines
    .map(
      (line, index) =>
        `<text x="200" y="${baseline - size + 2 + index * (size + 2)}" ${attributes(size, line)}>${escapeXml(line)}</text>`,
    )
    .join('\n  ');
}

/**
 * Draws a product's vial: glass, a crimped cap in the product's colour, a label with the name and
 * the vial amount, and a lyophilized cake (or liquid, for diluent). 400x400, system fonts only.
 */
export function drawVial({ name, dose, accentColor, liquid }: VialFacts): string {
  const safeName = escapeXml(name);
  const contents = liquid
    ? `<path d="M132 262h136v58a18 18 0 0 1-18 18H150a18 18 0 0 1-18-18z" fill="#bfdbfe" opacity="0.8"/>`
    : `<path d="M136 300c20-10 108-10 128 0v20a16 16 0 0 1-16 16H152a16 16 0 0 1-16-16z" fill="#f8fafc" stroke="#e2e8f0"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${safeName}${dose ? ` ${escapeXml(dose)}` : ''} vial">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#cbd5e1" stop-opacity="0.55"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#94a3b8" stop-opacity="0.5"/></linearGradient>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <ellipse cx="200" cy="352" rx="96" ry="12" fill="#0f172a" opacity="0.12"/>
  <rect x="160" y="58" width="80" height="40" rx="6" fill="${accentColor}"/>
  <rect x="152" y="92" width="96" height="18" rx="4" fill="#94a3b8"/>
  <path d="M164 110h72v22c0 6 32 14 32 28v160a20 20 0 0 1-20 20H152a20 20 0 0 1-20-20V160c0-14 32-22 32-28z" fill="url(#glass)" stroke="#94a3b8" stroke-width="2"/>
  ${contents}
  <rect x="132" y="176" width="136" height="84" fill="#ffffff" stroke="#e2e8f0"/>
  <rect x="132" y="176" width="136" height="12" fill="${accentColor}"/>
  ${labelName(name, Boolean(dose))}
  ${dose ? `<text x="200" y="238" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="16" font-weight="600" fill="#334155">${escapeXml(dose)}</text>` : ''}
  <text x="200" y="256" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="8" fill="#64748b">RESEARCH USE ONLY</text>
</svg>`;
}
