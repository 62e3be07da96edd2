import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract/extract';
import { segmentClauses } from '../segment/segment';
import { FACT_QUESTIONS } from './questions';
import { createReadContext } from './reader';

// Every example clause of every question record is a test: its reading must give the stated answer.
describe.each(FACT_QUESTIONS.map((q) => [q.id, q] as const))('fact question %s', (_id, question) => {
  it.each(question.examples.map((e) => [e.clause, e] as const))('reads "%s"', (clause, example) => {
    const type = example.document ?? 'privacy';
    // Written as Markdown, so an example can carry a link ("[contact us online](https://…)").
    const document = extractDocument(clause, 'markdown');
    const clauses = segmentClauses(document.blocks);
    const answer = question.read(createReadContext([{ type, url: 'https://example.com/legal', clauses }]));
    expect(answer.value).toBe(example.value);
    if (example.fields) expect(answer).toMatchObject(example.fields);
    if (example.quote) expect(answer.evidence[0]?.quote).toBe(example.quote);
    if (answer.value !== 'not_stated' && answer.evidence.length > 0) expect(document.text).toContain(answer.evidence[0]!.quote);
  });
});
