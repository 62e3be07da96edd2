import { createDeflate } from 'node:zlib';

/**
 * PDFs written byte by byte for the tests of issue 24: a readable one, and the hostile ones a
 * visitor can upload or a site can link (an inflate bomb, a circular page tree, deep nesting,
 * thousands of pages sharing one stream, garbage, truncation). Built in memory, never fetched.
 */

/** One indirect object: its dictionary (or any value) and, for a stream, its raw bytes. */
export interface PdfObject {
  value: string;
  stream?: Buffer;
}

/**
 * A PDF whose objects are numbered from 1 in the order given, with a correct cross-reference
 * table (object 1 is the catalog unless `root` says otherwise).
 */
export function buildPdf(objects: readonly PdfObject[], root = 1): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach((object, i) => {
    offsets.push(length);
    if (object.stream) {
      push(Buffer.from(`${i + 1} 0 obj\n${object.value}\nstream\n`, 'latin1'));
      push(object.stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else {
      push(Buffer.from(`${i + 1} 0 obj\n${object.value}\nendobj\n`, 'latin1'));
    }
  });
  const xref = length;
  const table = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}`, 'latin1'));
  push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

const FONT: PdfObject = { value: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' };
const page = (parent: number, contents: number, font: number) =>
  `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`;

/** A content stream drawing the given lines of text in Helvetica (small sizes fit more text inside the page, the only text pdf.js reads). */
function textStream(lines: readonly string[], fontSize = 12): Buffer {
  const drawn = lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) Tj T*`).join(' ');
  return Buffer.from(`BT /F1 ${fontSize} Tf 10 780 Td ${fontSize + 2} TL ${drawn} ET`, 'latin1');
}

/** An ordinary one-page PDF with these lines of text. */
export function textPdf(lines: readonly string[]): Buffer {
  const stream = textStream(lines);
  return buildPdf([
    { value: '<< /Type /Catalog /Pages 2 0 R >>' },
    { value: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { value: page(2, 4, 5) },
    { value: `<< /Length ${stream.length} >>`, stream },
    FONT,
  ]);
}

/** `size` zero bytes (between an optional head and tail) deflated without ever holding them: one zero chunk written again and again. */
export async function deflatedZeros(size: number, head = Buffer.alloc(0), tail = Buffer.alloc(0)): Promise<Buffer> {
  const deflate = createDeflate({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const write = async (chunk: Buffer) => {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(head);
  const chunk = Buffer.alloc(Math.min(size, 1024 * 1024));
  for (let written = 0; written < size; written += chunk.length)
    await write(written + chunk.length <= size ? chunk : chunk.subarray(0, size - written));
  await write(tail);
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A page whose content stream inflates to `size` bytes of zeros (about 1 MB of file for 1 GiB):
 * the bomb of issue 24 that grew the server by 2.2 GB.
 */
export async function inflateBombPdf(size = 1024 ** 3): Promise<Buffer> {
  const stream = await deflatedZeros(size);
  return buildPdf([
    { value: '<< /Type /Catalog /Pages 2 0 R >>' },
    { value: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { value: page(2, 4, 5) },
    { value: `<< /Length ${stream.length} /Filter /FlateDecode >>`, stream },
    FONT,
  ]);
}

/**
 * The bomb in a compressed object stream (PDF 1.5, cross-reference stream): the page's font is the
 * one object of a stream that inflates to `size` zero bytes before it, so pdf.js decodes all of
 * them to reach the font when it reads the page's text.
 */
export async function objectStreamBombPdf(size = 1024 ** 3): Promise<Buffer> {
  const header = Buffer.from(`6 ${size} `, 'latin1');
  const objstm = await deflatedZeros(size, header, Buffer.from(FONT.value, 'latin1'));
  const text = textStream(['A font inside an object stream bomb.']);
  const objects: PdfObject[] = [
    { value: '<< /Type /Catalog /Pages 2 0 R >>' },
    { value: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { value: page(2, 4, 6) },
    { value: `<< /Length ${text.length} >>`, stream: text },
    { value: `<< /Type /ObjStm /N 1 /First ${header.length} /Length ${objstm.length} /Filter /FlateDecode >>`, stream: objstm },
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n${object.value}\n${object.stream ? 'stream\n' : ''}`, 'latin1'),
      object.stream ?? Buffer.alloc(0),
      Buffer.from(object.stream ? '\nendstream\nendobj\n' : 'endobj\n', 'latin1'),
    ]);
    chunks.push(bytes);
    length += bytes.length;
  });
  // Cross-reference stream (object 7), fields of 1, 4 and 2 bytes: free, in the file at an offset, or in object stream 5.
  const entry = (type: number, field2: number, field3: number) => {
    const bytes = Buffer.alloc(7);
    bytes.writeUInt8(type, 0);
    bytes.writeUInt32BE(field2, 1);
    bytes.writeUInt16BE(field3, 5);
    return bytes;
  };
  const xrefOffset = length;
  const table = Buffer.concat([entry(0, 0, 65535), ...offsets.map((o) => entry(1, o, 0)), entry(2, 5, 0), entry(1, xrefOffset, 0)]);
  chunks.push(
    Buffer.from(`7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length ${table.length} >>\nstream\n`, 'latin1'),
    table,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(chunks);
}

/** A page tree whose only kid is the tree itself. */
export function circularPageTreePdf(): Buffer {
  return buildPdf([{ value: '<< /Type /Catalog /Pages 2 0 R >>' }, { value: '<< /Type /Pages /Kids [2 0 R] /Count 1 >>' }]);
}

/** A page whose dictionary holds `depth` nested arrays (or dictionaries). */
export function deeplyNestedPdf(depth = 10_000, kind: 'arrays' | 'dictionaries' = 'arrays'): Buffer {
  const nested = kind === 'arrays' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)}`;
  const stream = textStream(['Deeply nested.']);
  return buildPdf([
    { value: '<< /Type /Catalog /Pages 2 0 R >>' },
    { value: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { value: page(2, 4, 5).replace('/Type /Page ', `/Type /Page /Deep ${nested} `) },
    { value: `<< /Length ${stream.length} >>`, stream },
    FONT,
  ]);
}

/**
 * `pages` pages all drawing one shared content stream of `lines` lines (the 28,000-page PDF of
 * issue 24 took 40 s and 4 GB).
 */
export function sharedStreamPdf(pages = 28_000, lines: readonly string[] = ['One line shared by every page.'], fontSize = 12): Buffer {
  const stream = textStream(lines, fontSize);
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  return buildPdf([
    { value: '<< /Type /Catalog /Pages 2 0 R >>' },
    { value: `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>` },
    { value: `<< /Length ${stream.length} >>`, stream },
    FONT,
    ...Array.from({ length: pages }, () => ({ value: page(2, 3, 4) })),
  ]);
}

/** `%PDF-1.4` followed by pseudo-random bytes (a fixed seed: the same garbage every run). */
export function garbagePdf(size = 64 * 1024): Buffer {
  const bytes = Buffer.alloc(size);
  let seed = 24;
  for (let i = 0; i < size; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), bytes]);
}

/** A readable PDF cut in the middle of its content stream. */
export function truncatedPdf(): Buffer {
  const whole = textPdf(['These Terms are governed by the laws of the State of Delaware.']);
  return whole.subarray(0, Math.floor(whole.length / 2));
}
