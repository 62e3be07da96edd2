import { RESULT_MESSAGES } from '@fineprint/contracts';

/** "28 November 2026" from an ISO date or timestamp, in UTC so every reader sees the day the server recorded. */
export function formatDay(iso: string): string | undefined {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Who wrote the lists: the built-in analyzer or the AI reader, with the engine's own id. */
export function engineName(engine: string): string {
  if (engine.startsWith('llm:')) return `${RESULT_MESSAGES.engineLlm} (${engine.slice(4)})`;
  return `${RESULT_MESSAGES.engineBuiltIn} (${engine})`;
}
