import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** The PDF standard fonts speak WinAnsi; spell out the few symbols it lacks. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/≥/g, '>=')
    .replace(/≤/g, '<=')
    .replace(/[^\x20-\x7e\u00a0-\u00ff–—°±µ]/g, '?');
}

/** What a document says about itself (its PDF metadata). */
export interface SheetInfo {
  title: string;
  subject: string;
  producer: string;
  created: Date;
}

export interface WriteOptions {
  /** Points from the page's left edge (the right edge of the text with `alignRight`). */
  x?: number;
  size?: number;
  bold?: boolean;
  /** In the brand's colour (headings). */
  brand?: boolean;
  alignRight?: boolean;
}

/**
 * A document written top to bottom on A4 pages: text at the current line, label-value tables, rows of
 * columns, and the line moving down (onto a new page when the page is full).
 */
export interface Sheet {
  write(text: string, options?: WriteOptions): void;
  /** Moves the current line down by `points`, starting a new page where the page ends. */
  down(points: number): void;
  /** One row of cells at the current line, ruled under, then the next line. */
  row(cells: Array<[text: string, options?: WriteOptions]>): void;
  /** Label and value rows (labels bold at the margin, values in a second column). */
  table(rows: ReadonlyArray<readonly [string, string]>): void;
  save(): Promise<Uint8Array>;
}

const A4: [number, number] = [595, 842];
const TOP = 790;
const BOTTOM = 60;
const MARGIN = 60;
const ROW_HEIGHT = 22;
const INK = rgb(0.06, 0.11, 0.18);
const BRAND = rgb(0.04, 0.24, 0.38);
const RULE = rgb(0.85, 0.88, 0.92);

/** Where a sheet's text starts and ends (points from the page's left edge). */
export const SHEET_EDGES = { left: MARGIN, right: A4[0] - MARGIN } as const;

export async function openSheet(info: SheetInfo): Promise<Sheet> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(info.title);
  pdf.setSubject(info.subject);
  pdf.setProducer(info.producer);
  pdf.setCreationDate(info.created);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  let y = TOP;

  const fontOf = (options: WriteOptions): PDFFont => (options.bold ? bold : regular);
  const sheet: Sheet = {
    write(text, options = {}) {
      const size = options.size ?? 10.5;
      const font = fontOf(options);
      const shown = toWinAnsi(text);
      const x = options.x ?? MARGIN;
      page.drawText(shown, {
        x: options.alignRight ? x - font.widthOfTextAtSize(shown, size) : x,
        y,
        size,
        font,
        color: options.brand ? BRAND : INK,
      });
    },
    down(points) {
      y -= points;
      if (y < BOTTOM) {
        page = pdf.addPage(A4);
        y = TOP;
      }
    },
    row(cells) {
      for (const [text, options] of cells) sheet.write(text, options);
      page.drawLine({
        start: { x: MARGIN, y: y - 6 },
        end: { x: A4[0] - MARGIN, y: y - 6 },
        thickness: 0.5,
        color: RULE,
      });
      sheet.down(ROW_HEIGHT);
    },
    table(rows) {
      for (const [label, value] of rows)
        sheet.row([
          [label, { bold: true }],
          [value, { x: 250 }],
        ]);
    },
    save: () => pdf.save(),
  };
  return sheet;
}
