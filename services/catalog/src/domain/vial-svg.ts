import type { VialFacts } from '../store/catalog-store';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** Shrinks long names so they fit the label. */
function labelFontSize(name: string): number {
  if (name.length <= 10) return 30;
  if (name.length <= 16) return 22;
  return 16;
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
  <text x="200" y="${dose ? 216 : 228}" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="${labelFontSize(name)}" font-weight="700" fill="#0f172a">${safeName}</text>
  ${dose ? `<text x="200" y="238" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="16" font-weight="600" fill="#334155">${escapeXml(dose)}</text>` : ''}
  <text x="200" y="256" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="8" fill="#64748b">RESEARCH USE ONLY</text>
</svg>`;
}
