/**
 * `npm run feedback:export [file]`: every "This is wrong" report as JSON Lines (one
 * FeedbackRecord per line, oldest first), from the database the server uses (DATABASE_URL for
 * PostgreSQL, else the SQLite file in DATA_DIR), to the file named or to stdout.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import type { Db } from './db/database';
import { openDatabase } from './db/database';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';

/** Writes every report as one JSON line to `out`; returns how many were written. */
export async function exportFeedback(db: Db, out: NodeJS.WritableStream): Promise<number> {
  let count = 0;
  for await (const record of createFeedbackRepository(db).listAll()) {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    count++;
  }
  return count;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const { db } = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const file = process.argv[2];
  const out = file ? createWriteStream(file) : process.stdout;
  try {
    const count = await exportFeedback(db, out);
    process.stderr.write(`${count} report${count === 1 ? '' : 's'} exported${file ? ` to ${file}` : ''}.\n`);
  } finally {
    if (file) {
      out.end();
      await once(out, 'finish');
    }
    await db.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
