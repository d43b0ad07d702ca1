/** Extracts the text of a PDF with pdf.js, the way a reader would see it. */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ text: string; pages: number; title: string | undefined }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // Text extraction needs no font rendering; verbosity 0 keeps pdf.js quiet about missing standard fonts.
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const metadata = await document.getMetadata();
  return {
    text: lines.join('\n'),
    pages: document.numPages,
    title: (metadata.info as { Title?: string }).Title,
  };
}
