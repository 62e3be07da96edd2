import { readFileSync } from 'node:fs';
import { extractDocument, segmentClauses } from '@fineprint/analysis';
const [file, re] = [process.argv[2]!, new RegExp(process.argv[3]!, 'i')];
const cl = segmentClauses(extractDocument(readFileSync(file, 'utf8'), 'markdown').blocks);
cl.forEach((c, i) => { if (re.test(c.text)) console.log(i, JSON.stringify({ heading: c.heading, parts: c.parts, text: c.text.slice(0, 600) })); });
