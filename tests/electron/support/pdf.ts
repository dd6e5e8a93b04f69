import { readFile } from 'node:fs/promises';

/**
 * What an exported PDF holds, read with PDF.js: its pages, the text of each page, and how
 * many vector paths each page draws (the review's charts are SVG, printed as paths).
 */
export interface PdfSummary {
  pages: number;
  text: string[];
  paths: number[];
}

export async function readPdf(file: string): Promise<PdfSummary> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(file));
  const doc = await pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const text: string[] = [];
  const paths: number[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    text.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    const ops = await page.getOperatorList();
    paths.push(ops.fnArray.filter((f) => f === pdfjs.OPS.constructPath).length);
  }
  await doc.destroy();
  return { pages: doc.numPages, text, paths };
}
