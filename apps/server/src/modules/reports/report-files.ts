// A report as a file (ADR 0127): CSV (one section per table), XLSX (one sheet per table, by
// write-excel-file) or PDF (by pdfkit), each a stream; and as a Buffer for a mail's attachment.
import { Readable } from 'node:stream';
import type PDFKit from 'pdfkit';
import type { SheetData } from 'write-excel-file/node';
import type { Report, ReportFormat } from '@vfm/contract';
import { spreadsheetCsvLine } from '@vfm/contract/csv';
import { reportTables, reportTitle, type Cell } from './report-tables';

export const REPORT_MEDIA_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export const reportFileName = (report: Report, format: ReportFormat) =>
  `report-${report.scope.kind}-${report.from}-${report.to}.${format}`;

export async function reportStream(report: Report, format: ReportFormat): Promise<Readable> {
  if (format === 'csv') return Readable.from(csvLines(report));
  if (format === 'xlsx') return xlsx(report);
  return pdf(report, (await import('pdfkit')).default);
}

export async function reportBuffer(report: Report, format: ReportFormat): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await reportStream(report, format))
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function* csvLines(report: Report) {
  yield '\uFEFF' + spreadsheetCsvLine([reportTitle(report)]);
  for (const table of reportTables(report)) {
    yield spreadsheetCsvLine([]);
    yield spreadsheetCsvLine([table.title]);
    yield spreadsheetCsvLine(table.header);
    for (const row of table.rows) yield spreadsheetCsvLine(row);
  }
}

const xlsxCell = (value: Cell) =>
  value === null ? null : typeof value === 'number' ? { type: Number, value } : { value };

async function xlsx(report: Report): Promise<Readable> {
  const sheets = reportTables(report).map((table) => ({
    sheet: table.title,
    data: [
      table.header.map((value) => ({ value, fontWeight: 'bold' as const })),
      ...table.rows.map((row) => row.map(xlsxCell)),
    ] as SheetData,
  }));
  // loaded when a file is asked for, not at the server's start (ADR 0131)
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const file = writeXlsxFile(sheets);
  return (file.toStream as () => Promise<Readable>).call(file);
}

const text = (value: Cell) => (value === null ? '—' : String(value));

/** PDFKit is loaded when a PDF is asked for, not at the server's start (ADR 0131). */
function pdf(report: Report, PDFDocument: typeof PDFKit): Readable {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: reportTitle(report) } });
  doc.fontSize(16).font('Helvetica-Bold').text(reportTitle(report));
  doc
    .fontSize(9)
    .font('Helvetica')
    .fillColor('#555')
    .text(
      `Compared with ${report.previous.from} – ${report.previous.to}. UTC days; MDS Metrics definitions.`,
    );
  doc.fillColor('#000');
  const width = doc.page.width - 80;
  for (const table of reportTables(report)) {
    if (!table.rows.length) continue;
    doc.moveDown(0.8).fontSize(12).font('Helvetica-Bold').text(table.title, 40);
    const columns = table.header.length;
    const first = columns > 6 ? 110 : Math.min(width * 0.34, 170);
    const rest = (width - first) / Math.max(1, columns - 1);
    const line = (cells: Cell[], bold: boolean) => {
      if (doc.y > doc.page.height - 60) doc.addPage();
      const y = doc.y;
      doc.fontSize(8).font(bold ? 'Helvetica-Bold' : 'Helvetica');
      cells.forEach((cell, i) => {
        const x = 40 + (i === 0 ? 0 : first + (i - 1) * rest);
        doc.text(text(cell), x, y, {
          width: (i === 0 ? first : rest) - 4,
          lineBreak: false,
          ellipsis: true,
        });
      });
      doc.y = y + 12;
    };
    line(table.header, true);
    for (const row of table.rows) line(row, false);
  }
  doc.end();
  return doc as unknown as Readable;
}
