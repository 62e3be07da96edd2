/**
 * The date a legal document states for itself ("Last updated: March 3, 2026", "Effective date:
 * 1 January 2025", "Last modified 2024-05-01"), read from its opening and closing words, where
 * policies put it. Slashed numeric dates (03/04/2025) are left alone: their day and month order
 * cannot be told apart.
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Words read from each end of the document: a date further in dates a clause, not the document. */
const HEAD_CHARS = 3000;
const TAIL_CHARS = 1500;

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20)\\d{2})';
const DATE = `(?:${MONTH}\\s+${DAY},?\\s+${YEAR}|${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+${YEAR}|${YEAR}-(\\d{2})-(\\d{2}))`;
/** The label, then at most a few joining words ("on", "as of", ":") before the date; bounded so it runs in linear time. */
const LABEL =
  '(last\\s+(?:updated|modified|revised|changed|amended)|updated|revised|effective(?:\\s+date)?|date\\s+of\\s+last\\s+(?:update|revision))';
const STATED = new RegExp(`\\b${LABEL}\\b[\\s:.,\\-–—]{0,4}(?:(?:on|as\\s+of|from|at|date)[\\s:]{1,3}){0,2}${DATE}`, 'gi');

/** YYYY-MM-DD of a real calendar date, or undefined. */
function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const monthNumber = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().replace(/\.$/, '').slice(0, 3))) + 1;

/**
 * The date the document says it was last updated (preferred) or took effect, as YYYY-MM-DD;
 * undefined when it states none near its start or end.
 */
export function readStatedDate(text: string): string | undefined {
  const ends = text.length <= HEAD_CHARS + TAIL_CHARS ? [text] : [text.slice(0, HEAD_CHARS), text.slice(-TAIL_CHARS)];
  let effective: string | undefined;
  for (const part of ends) {
    for (const match of part.matchAll(STATED)) {
      const [, label, m1, d1, y1, d2, m2, y2, y3, m3, d3] = match;
      const date =
        y1 !== undefined
          ? isoDate(Number(y1), monthNumber(m1!), Number(d1))
          : y2 !== undefined
            ? isoDate(Number(y2), monthNumber(m2!), Number(d2))
            : isoDate(Number(y3), Number(m3), Number(d3));
      if (!date) continue;
      if (!/^effective/i.test(label!)) return date;
      effective ??= date;
    }
  }
  return effective;
}
