import { FREE_ANALYSES, MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, databaseLegs } from './test/test-app';

/** A short Terms of Service with clauses the analyzer recognises. */
const TERMS = [
  '# Terms of Service',
  '',
  '## Disputes',
  '',
  'These Terms are governed by the laws of the State of Delaware. Any dispute arising from these Terms will be resolved by binding arbitration, and you waive your right to participate in a class action.',
  '',
  '## Your content',
  '',
  'You grant us a worldwide, perpetual, irrevocable, royalty-free licence to use, copy and modify any content you post.',
  '',
  '## Changes',
  '',
  'We may change these Terms at any time without notice. We may terminate your account at any time for any reason.',
].join('\n');

/** A one-page PDF whose content stream draws the given lines (offsets of the cross-reference table computed). */
function pdfOf(lines: string[]): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A multipart/form-data body built by hand, as a browser sends it. */
function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string; contentType?: string }>) {
  const boundary = '----fineprint-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(databaseLegs())('analysis of provided documents on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp(leg);
  });
  afterEach(async () => t.close());

  const paste = (visitor: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders(visitor), payload: payload as object });
  const upload = (visitor: string, parts: Parameters<typeof multipart>[0], headers: Record<string, string> = browserHeaders(visitor)) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const searchCount = async (visitor: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': visitor } })).json<{
      searchCount: number;
    }>().searchCount;

  it('analyses pasted text as the Terms, marks it provided and counts it', async () => {
    const res = await paste('visitor-paste', { text: TERMS, type: 'terms' });
    expect(res.statusCode).toBe(200);
    const result = res.json<AnalysisResult>();
    expect(result.documents).toEqual([
      expect.objectContaining({ type: 'terms', source: 'provided', url: 'Pasted text', title: 'Terms of Service' }),
    ]);
    expect(result.documents[0]!.words).toBeGreaterThan(50);
    expect(result.keyPoints.join(' ')).toMatch(/arbitration/i);
    expect(result.factSheet.governing_law.value).toMatch(/Delaware/);
    expect(result.details.keyPoints.flatMap((i) => i.evidence).every((e) => TERMS.includes(e.quote))).toBe(true);
    expect(await searchCount('visitor-paste')).toBe(1);
  });

  it('reads one text as both documents when asked', async () => {
    const res = await paste('visitor-both', { text: TERMS, type: 'both' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AnalysisResult>().documents.map((d) => [d.type, d.source])).toEqual([
      ['terms', 'provided'],
      ['privacy', 'provided'],
    ]);
    expect(await searchCount('visitor-both')).toBe(1);
  });

  it('refuses a pasted text without a known type, an empty one and one over 5 MB, using no analysis', async () => {
    const noType = await paste('visitor-bad-paste', { text: TERMS });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error).toMatch(/terms, privacy or both/);
    const blank = await paste('visitor-bad-paste', { text: '   \n ', type: 'privacy' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatch(/no text/);
    const huge = await paste('visitor-bad-paste', { text: 'a'.repeat(5 * 1024 * 1024 + 10), type: 'terms' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('That text or file is larger than 5 MB.');
    const wide = await paste('visitor-bad-paste', { text: 'é'.repeat(3 * 1024 * 1024), type: 'terms' });
    expect(wide.statusCode).toBe(413);
    expect(await searchCount('visitor-bad-paste')).toBe(0);
  });

  it('analyses an uploaded Markdown file under its own name', async () => {
    const res = await upload('visitor-md', [
      { name: 'type', value: 'terms' },
      { name: 'file', value: TERMS, filename: 'C:\\fakepath\\acme-terms.md', contentType: 'text/markdown' },
    ]);
    expect(res.statusCode).toBe(200);
    const result = res.json<AnalysisResult>();
    expect(result.documents).toEqual([expect.objectContaining({ type: 'terms', source: 'provided', url: 'acme-terms.md' })]);
    expect(result.keyPoints.length).toBeGreaterThan(0);
    expect(await searchCount('visitor-md')).toBe(1);
  });

  it('analyses an uploaded PDF, the type field coming after the file', async () => {
    const pdf = pdfOf([
      'Privacy Policy',
      'We sell your personal information to advertisers and data brokers.',
      'We keep your personal data for as long as your account exists.',
      'You can ask us to delete your personal data by writing to privacy@acme.example.',
    ]);
    const res = await upload('visitor-pdf', [
      { name: 'file', value: pdf, filename: 'policy.pdf', contentType: 'application/pdf' },
      { name: 'type', value: 'privacy' },
    ]);
    expect(res.statusCode).toBe(200);
    const result = res.json<AnalysisResult>();
    expect(result.documents[0]).toMatchObject({ type: 'privacy', source: 'provided', url: 'policy.pdf' });
    expect(result.documents[0]!.words).toBeGreaterThan(20);
  });

  it.each([
    ['an unknown kind', 'terms.docx', Buffer.from('PK\u0003\u0004'), 400, /PDF, HTML, Markdown or plain text/],
    ['a binary named .txt', 'terms.txt', Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0x00]), 400, /does not contain text/],
    ['a fake PDF', 'terms.pdf', Buffer.from('<html>not a pdf</html>'), 400, /not a PDF/],
    ['an empty file', 'terms.txt', Buffer.alloc(0), 400, /no text/],
    ['a file over 5 MB', 'terms.txt', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), 413, /larger than 5 MB/],
  ])('refuses %s with a sentence and uses no analysis', async (_name, filename, value, status, message) => {
    const res = await upload('visitor-bad-file', [
      { name: 'type', value: 'terms' },
      { name: 'file', value, filename },
    ]);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatch(message);
    expect(await searchCount('visitor-bad-file')).toBe(0);
  });

  it('refuses two files, a missing file and a missing type', async () => {
    const two = await upload('visitor-two', [
      { name: 'type', value: 'terms' },
      { name: 'file', value: TERMS, filename: 'a.md' },
      { name: 'file', value: TERMS, filename: 'b.md' },
    ]);
    expect([400, 413]).toContain(two.statusCode);
    expect(two.json().error).toBe('Please upload one file at a time.');
    const none = await upload('visitor-two', [{ name: 'type', value: 'terms' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/choose a file/);
    const untyped = await upload('visitor-two', [{ name: 'file', value: TERMS, filename: 'a.md' }]);
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().error).toMatch(/terms, privacy or both/);
    expect(await searchCount('visitor-two')).toBe(0);
  });

  it('holds the CSRF rule for uploads: no token, a wrong token or another origin is refused before anything is read', async () => {
    const parts = [
      { name: 'type', value: 'terms' },
      { name: 'file', value: TERMS, filename: 'a.md' },
    ];
    const noToken = await upload('visitor-csrf-up', parts, { 'x-user-id': 'visitor-csrf-up', cookie: 'user_id=visitor-csrf-up' });
    expect(noToken.statusCode).toBe(403);
    const wrong = await upload('visitor-csrf-up', parts, { ...browserHeaders('visitor-csrf-up'), 'x-xsrf-token': 'other' });
    expect(wrong.statusCode).toBe(403);
    const foreign = await upload('visitor-csrf-up', parts, { ...browserHeaders('visitor-csrf-up'), origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const pasted = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: { ...browserHeaders('visitor-csrf-up'), origin: 'https://evil.example' },
      payload: { text: TERMS, type: 'terms' },
    });
    expect(pasted.statusCode).toBe(403);
    expect(await searchCount('visitor-csrf-up')).toBe(0);
  });

  it('shares the free quota with address analyses', async () => {
    const visitor = 'visitor-shared-quota';
    expect((await paste(visitor, { url: 'example.com' })).statusCode).toBe(200);
    for (let i = 1; i < FREE_ANALYSES; i++) expect((await paste(visitor, { text: TERMS, type: 'terms' })).statusCode).toBe(200);
    const uploadAtLimit = await upload(visitor, [
      { name: 'type', value: 'terms' },
      { name: 'file', value: TERMS, filename: 'a.md' },
    ]);
    expect(uploadAtLimit.statusCode).toBe(402);
    expect(uploadAtLimit.json().error).toContain(MESSAGES.subscriptionRequired);
    const pasteAtLimit = await paste(visitor, { text: TERMS, type: 'terms' });
    expect(pasteAtLimit.statusCode).toBe(402);
    expect(await searchCount(visitor)).toBe(FREE_ANALYSES);
  });
});

describe('analysis of provided documents in the worker pool', () => {
  it('runs an upload in a worker thread and returns the same result shape', async () => {
    const t = await createTestApp('sqlite', { analyze: 'worker-pool' });
    try {
      const body = multipart([
        { name: 'type', value: 'terms' },
        { name: 'file', value: TERMS, filename: 'terms.md' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analyze',
        headers: { ...browserHeaders('visitor-pool-upload'), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      const result = res.json<AnalysisResult>();
      expect(result.documents[0]).toMatchObject({ type: 'terms', source: 'provided' });
      expect(result.keyPoints.join(' ')).toMatch(/arbitration/i);
    } finally {
      await t.close();
    }
  }, 60_000);
});
