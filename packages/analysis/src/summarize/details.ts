/** Pulls concrete details (court, law, periods, amounts, contacts) out of a clause. */

/** Number words legal texts spell out ("thirty (30) days"), as digits. */
export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  eighteen: 18,
  thirty: 30,
  sixty: 60,
  ninety: 90,
  'one hundred eighty': 180,
};
const STOP_TAIL = /\s+(and|or|to|for|in|the|of|with|without|that|which|unless|except|as|if|including|excluding|county)$/i;

function tidy(value: string): string {
  let v = value.trim().replace(/[,;:.)]+$/, '');
  for (let i = 0; i < 4 && STOP_TAIL.test(v); i++) v = v.replace(STOP_TAIL, '').trim();
  return v;
}

/** "the courts of Santa Clara County, California" → "Santa Clara County, California". */
export function findCourt(text: string): string | undefined {
  const m =
    /\b(?:[Cc]ourts?|[Tt]ribunals?)\b[^.;]{0,40}?\b(?:located in|located within|in|of|within|at|for|serving)\s+(?:the\s+)?((?:(?:City and County|State|County|City|Republic|Commonwealth|Province)\s+of\s+)?[A-Z][\w.'-]*(?:(?:,\s*|\s+|\s+of\s+)(?:the\s+)?[A-Z][\w.'-]*){0,5})/.exec(
      text,
    );
  if (!m) return undefined;
  // "… San Francisco County, California, United States": the country after a US place adds nothing.
  const court = tidy(m[1]!)
    .replace(/^(the\s+)/i, '')
    .replace(/,\s+United(?:\s+States)?\.?$/, '');
  // "the courts identified in Section 8.3" points to a place; it names none.
  return court.length >= 3 &&
    court.length <= 80 &&
    !/^(Our|Your|These|This|Terms?|Service|Services|Sections?|Clauses?|Articles?|Paragraphs?)\b/.test(court)
    ? court
    : undefined;
}

/**
 * The governing law, as a phrase that completes "governed by": "governed by the laws of the
 * State of California" → "the laws of the State of California"; "governed by Dutch law" →
 * "Dutch law".
 */
export function findLaw(text: string): string | undefined {
  const m =
    /\blaws?\s+of\s+((?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom|Federal Republic)\s+of\s+)?[A-Z][\w.'-]*(?:(?:,\s*|\s+|\s+and\s+|\s+of\s+)[A-Z][\w.'-]*){0,4})/.exec(
      text,
    );
  if (m) {
    const law = tidy(m[1]!);
    return /^(the\s+)?(United|State|Commonwealth|Province|Republic|Kingdom|Federal|[A-Z][a-z]+)/.test(law) &&
      !/^(the\s+)?(Your|Our|These|This|Any|Country|Place)\b/.test(law)
      ? `the laws of ${law}`
      : undefined;
  }
  const adjective = /\b(?:governed by|subject to|in accordance with)\s+(?:the\s+)?((?:[A-Z][a-z]+\s+){1,2})law\b/.exec(text)?.[1]?.trim();
  return adjective && !/^(?:Applicable|Local|Federal|State|Mandatory|Governing|The|Your|Our)\b/.test(adjective)
    ? `${adjective} law`
    : undefined;
}

/** First period of time such as "30 days", "two years" or "18 months", normalised to digits. */
export function findPeriod(text: string, units = 'days?|months?|years?|business days'): string | undefined {
  const re = new RegExp(`\\b(\\d{1,4}|${Object.keys(NUMBER_WORDS).join('|')})\\s*(?:\\((\\d+)\\)\\s*)?(${units})\\b`, 'i');
  const m = re.exec(text);
  if (!m) return undefined;
  // (The figures in brackets where the words are also given: "twenty-eight (28) days".)
  const n = m[2] ? Number(m[2]) : /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!.toLowerCase()]!;
  const unit = m[3]!.toLowerCase().replace(/s$/, '');
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const BEFORE_DEADLINE =
  /\b(?:at least |no later than )?((?:\d{1,3}|one|two|three|seven|fourteen|thirty|twenty-four) \(?\d*\)?\s*(?:calendar |business )?(?:hours?|days?))\s+(?:before|prior to)\b/gi;
/**
 * The service telling you something: "Zoosk will provide notice of the amount … at least 10 days before …", "UNLESS WE
 * NOTIFY YOU AT LEAST 10 DAYS PRIOR …" (its subject a name, "we" or "it", in capitals too; never "you").
 */
const SERVICE_NOTICE =
  /\b(?:we|us|it|WE|IT|(?!YOU\b)[A-Z][\w.]*) (?:(?:will|shall|may|must|WILL|SHALL|MAY|MUST) (?:\w+ )?)?(?:provide|give|send|notify|e-?mail|PROVIDE|GIVE|SEND|NOTIFY|E-?MAIL)\b/;
/**
 * How long before a renewal you must act, as a clause says it ("cancel at least 24 hours before the end of the current
 * period", "notice that you will not renew at least thirty days before …"): never a period of the service's own notice
 * ("will tell you the new amount at least 10 days before the charge"). With `cancelling`, only
 * a period a cancelling governs.
 */
export function renewalDeadline(text: string, cancelling = false): string | undefined {
  for (const m of text.matchAll(BEFORE_DEADLINE)) {
    const before = text.slice(Math.max(0, m.index - 160), m.index);
    const part = before.slice(before.search(/[^.;]*$/));
    if (SERVICE_NOTICE.test(part) || (cancelling && !/\bcancel/i.test(part))) continue;
    return m[1];
  }
  return undefined;
}

/** First amount of money: "$100", "USD 50", "€20", "one hundred dollars". */
export function findAmount(text: string): string | undefined {
  return /(?:US\s?)?\$\s?\d[\d,]*(?:\.\d{2})?|\b(?:USD|EUR|GBP)\s?\d[\d,]*|[€£]\s?\d[\d,]*|\b\d[\d,]*\s?(?:US )?dollars\b|\bone hundred (?:US )?dollars\b/i
    .exec(text)?.[0]
    ?.trim();
}

/** First amount in US dollars, as a number: "$100", "US $100.00", "USD100", "one hundred US dollars". */
export function findUsd(text: string): number | undefined {
  const m =
    /(?:\bUS\s?\$|(?<![A-Za-z])\$|\bUSD\s?)\s?(\d[\d,]*(?:\.\d+)?)|\b(\d[\d,]*(?:\.\d+)?)\s?(?:US\s)?dollars\b|\b(one hundred|fifty|ten|five)\s(?:US\s)?dollars\b/i.exec(
      text,
    );
  if (!m) return undefined;
  if (m[3]) return { 'one hundred': 100, fifty: 50, ten: 10, five: 5 }[m[3].toLowerCase()];
  const n = Number((m[1] ?? m[2])!.replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** First e-mail address. */
export function findEmail(text: string): string | undefined {
  return /\b[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i.exec(text)?.[0];
}

/** First web address, without trailing punctuation. */
export function findWebAddress(text: string): string | undefined {
  const m = /\bhttps?:\/\/[^\s)<>"']+|\bwww\.[^\s)<>"']+|\b[a-z0-9-]+\.(?:com|org|net|io|co)\/[^\s)<>"']+/i.exec(text)?.[0];
  return m?.replace(/[.,;:]+$/, '');
}

const AGE_WORDS: Record<string, number> = { thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18 };

const AGE_NUMBER = String.raw`(\d{2}|${Object.keys(AGE_WORDS).join('|')})`;
const AGE = new RegExp(
  String.raw`\b(?:at least|over|under|below|minimum age of|older than|more than|aged?|age of)\s*(?:the age of\s*)?\(?${AGE_NUMBER}\b|\b${AGE_NUMBER}\)?\s*(?:years old|years of age|years or older|(?:or|and) (?:older|over|above)|\+)`,
  'i',
);

/** Minimum age such as 13, 16 or 18 when the clause states one (in digits or words). */
export function findAge(text: string): number | undefined {
  const m = AGE.exec(text);
  const found = (m?.[1] ?? m?.[2])?.toLowerCase();
  const age = found === undefined ? NaN : (AGE_WORDS[found] ?? Number(found));
  return age >= 12 && age <= 21 ? age : undefined;
}

/** The words of a list that occur in the clause, in list order, at most `max`; "non-transferable" does not name "transferable". */
export function findTerms(text: string, terms: readonly string[], max = 4): string[] {
  const lower = text.toLowerCase();
  const isNamed = (term: string) => {
    for (let i = lower.indexOf(term); i >= 0; i = lower.indexOf(term, i + 1))
      if (!/non-?$/.test(lower.slice(Math.max(0, i - 4), i))) return true;
    return false;
  };
  return terms.filter(isNamed).slice(0, max);
}

/**
 * The phrases of a table whose pattern occurs in the clause, in table order, without repeats,
 * at most `max`: how a sentence names what this clause says ("subpoenas", "your breach of the terms").
 */
export function namedIn(text: string, table: ReadonlyArray<readonly [RegExp, string]>, max = 3): string[] {
  const found: string[] = [];
  for (const [pattern, phrase] of table) if (pattern.test(text) && !found.includes(phrase)) found.push(phrase);
  return found.slice(0, max);
}

/**
 * The name of a setting, page or tool the clause sends you to: a quoted name (“Ads off Reddit”)
 * or a capitalised name ending in a settings word ("Accounts Center", "Your Privacy Choices").
 */
export function findSettingName(text: string): string | undefined {
  const path = /\b((?:Settings|Preferences)(?:\s*>\s*[A-Z][\w’'&-]*(?:\s[A-Za-z][\w’'&-]*)?)+)/.exec(text)?.[1];
  if (path) return path;
  const tool = /\b((?:[A-Z][\w’'&-]*\s){1,5})(tool|page|setting)\b/.exec(text);
  if (tool && !/^(?:The|This|Our|Your|A|An)\s/.test(tool[1]!)) {
    // A name closed by a quote mark ("the ‘Tailored Ads’ setting") keeps both marks.
    const name = tool[1]!.trim();
    return /[’']$/.test(name) ? `the ‘${name.slice(0, -1).replace(/^[‘']/, '')}’ ${tool[2]}` : `the ${name} ${tool[2]}`;
  }
  // A quoted name counts where the clause calls it a setting, tool, page or link, not a section.
  // (One of a few such links is the way: "with our “Ad Options” or “Data Choices” links", the last named.)
  const quoted = /[“"‘']([A-Z][^“”"‘’']{2,48})[”"’']\s*(setting|tool|page|link|feature|button|menu|option|toggle|tab)s?\b/.exec(text);
  if (quoted && !/[.!?]$/.test(quoted[1]!)) return `the ‘${quoted[1]}’ ${quoted[2]}`;
  // A name the clause sends you to ("visit Your Ads Privacy Choices", "in Accounts Center"), not one it merely mentions.
  const name =
    /\b(?:in|via|through|using|visit(?:ing)?|under|from|at|open|go to|use)\s+(?:the\s+|your\s+|our\s+)?((?:[A-Z][\w’'&-]*\s(?:section|tab) of (?:the|your)\s)?(?:(?:My|Your|[A-Z][\w’'&-]*|and)\s){0,4}(?:Settings|Center|Centre|Preferences|Dashboard|Choices|Controls?|Checkup|Manager))\b/.exec(
      text,
    )?.[1];
  if (!name || /^(?:Help|Privacy|Safety|Transparency)\s(?:Center|Centre)$/.test(name) || name === 'Settings') return undefined;
  return / of (?:the|your) /.test(name) ? `the ${name}` : name;
}

/**
 * Where a clause sends you to do something yourself, as a phrase to follow the verb: "in
 * Settings > Account", "with the ‘Download your data’ tool", "on the Delete Account page", "in
 * your account settings", "at https://…". Undefined when the clause names no place.
 */
export function findRoute(text: string): string | undefined {
  const setting = findSettingName(text);
  if (setting)
    return /\b(?:tool|link|feature|button|option)$/.test(setting)
      ? `with ${setting}`
      : /\bpage$/.test(setting)
        ? `on ${setting}`
        : `in ${setting}`;
  // (… or a page named with words of its own after a capital: "visit our Personalised ads and offers page"; not a policy's page.)
  const page =
    /\b(?:go(?:ing)? to|visit(?:ing)?|us(?:e|ing)|on) the ((?:[A-Z][\w’'-]*\s){1,4})page\b/.exec(text) ??
    /\b(?:go(?:ing)? to|visit(?:ing)?|at|on) our ([A-Z][\w’'-]*(?:\s[a-z][\w’'-]*){1,4}\s)page\b/.exec(text);
  if (page && !/\b(?:Policy|Policies|Terms|Notice)\b/i.test(page[1]!)) return `on the ${page[1]}page`;
  const chosen = /\b(?:select|choos|tap|click)\w* (?:on |to )?[‘'“"]([^’'”"]{3,48})[’'”"]/i.exec(text)?.[1];
  // (Not settings another party keeps: "your settings on those networks", "the settings of third-party platforms".)
  const settings =
    /\b(?:in|from|into|under|via|through|to) ((?:your |the )?(?:(?:[A-Z][\w]*|account|profile|privacy|app)\s){0,3}settings(?: page| menu)?)\b(?! (?:on|of|for|with(?:in)?) (?:those|these|such|other|third[- ]party|social)\b)/i.exec(
      text,
    )?.[1];
  if (settings) return `in ${settings}${chosen ? ` (‘${chosen}’)` : ''}`;
  // A setting the clause names in its own words ("you can also change your tailored offers setting here").
  const own = /\b(?:modify|change|adjust|update|manage|use|turn off|disable)\s+your\s+((?:[a-z][\w-]*\s){1,3}setting)s?\b/.exec(text)?.[1];
  if (own && !/^(?:browser|device|cookie|phone)\b/.test(own)) return `in your ${own}`;
  const address = findWebAddress(text);
  if (address) return `at ${address}`;
  // A signal your browser sends ("set the Global Privacy Control (GPC) to opt out"), or the industry's opt-out pages the
  // clause sends you to ("by visiting the following links: Network Advertising Initiative … Digital Advertising Alliance").
  if (/\bGlobal Privacy Controls?\b/.test(text)) return 'with the Global Privacy Control (GPC) signal of your browser';
  const programmes = [
    /\bNetwork Advertising Initiative\b|\bNAI\b/.test(text) ? 'the Network Advertising Initiative' : '',
    /\bDigital Advertising Alliance\b|\bDAA\b|\bYourAdChoices\b|\baboutads\.info\b/.test(text) ? 'the Digital Advertising Alliance' : '',
  ].filter(Boolean);
  return programmes.length && /\b(?:visit\w*|opt[- ]?out|links?)\b/i.test(text)
    ? `on the opt-out pages of ${listing(programmes)}`
    : undefined;
}

/** Joins ["a","b","c"] as "a, b and c". */
export function listing(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export const hasNoNotice = (text: string) =>
  /\bwithout (prior |advance |any )?notice\b|\bat (our|its) (sole )?discretion\b|\bfor any reason\b/i.test(text);
export const hasNotice = (text: string) =>
  /\b(notif(y|ying|ies|ied|ications?)|notice to you|inform(ing)? you|let you know|tell you|(advance|prior|reasonable) notice|provide (you with )?notice|e-?mail you)\b/i.test(
    text,
  ) && !hasNoNotice(text);

/**
 * A clause that can stand alone as a quote: a sentence (or a long enough part of one), not a
 * heading, a question heading ("How is your information shared?"), a link label ("Learn more
 * about …"), a table-of-contents row ("J. AI Features; These are the terms …") or a note of
 * what changed in the document ("We have added more details on …").
 */
export function isStatement(text: string): boolean {
  const words = text.split(/\s+/).length;
  if (isSignpost(text) || isCategoryRow(text) || isTitle(text)) return false;
  return words >= 12 || (words >= 5 && /[.;:!)”"]\s*$/.test(text));
}

/**
 * A table row or a run of category names ("Identity Data; Purchase Information; Demographic Information; …"): four or more
 * parts, the first without a subject or verb of a rule and at most a third with them. It names things; it states no practice.
 */
export function isCategoryRow(text: string): boolean {
  if (!text.includes(';') && !text.includes('|')) return false;
  const parts = text.split(/\s*[;|]\s*/).filter((part) => part.trim().length > 0);
  const rule = (part: string) => /\b(?:we|you|our|may|will|is|are|can|must|shall|agree)\b/i.test(part);
  // (A rule that lists its objects, "You agree to indemnify us against (a) your content; (b) …", opens with its verb.)
  return parts.length >= 4 && !rule(parts[0]!) && parts.filter(rule).length <= Math.max(1, parts.length / 3);
}

/**
 * A title: no closing stop and most words capitalised ("Dispute Resolution (including Arbitration Agreement; Class Action
 * Waiver; Jury Trial Waiver)"). It names the rules of its section; it states none. (An all-capitals rule ends with a stop.)
 */
export function isTitle(text: string): boolean {
  const trimmed = text.trim();
  if (/[.!?:]["”’)]?$/.test(trimmed)) return false;
  const words = trimmed.split(/\s+/).filter((w) => /[A-Za-z]/.test(w));
  if (words.length < 3 || words.length > 20) return false;
  const capitalised = words.filter((w) => /^\W*[A-Z]/.test(w)).length;
  return capitalised / words.length >= 0.7;
}

/** A question heading, a link label, a table-of-contents row or a note of what changed: it points to a rule but states none. */
export function isSignpost(text: string): boolean {
  // A question ends it, perhaps before an underline ("How is it shared?" / "---"): tested on the text's end only, not scanned whole.
  return /\?\s*(?:[=-]{3,}\s*)?$/.test(text.slice(-80)) || SIGNPOST.test(text);
}
// (… or a caption: "The table below summarises how we handle your data.")
const SIGNPOST =
  /^\s*(?:learn more\b|read (?:more|our)\b|click here\b|(?:to )?find out more\b|to learn more\b|[A-Z]\.\s[^;.]{3,60};\s|we(?:['’]ve| have) (?:added|updated|clarified|revised|outlined|made (?:some )?changes)\b|the (?:table|chart|list|summary) (?:below|above) (?:summari[sz]es|sets out|lists|shows|describes|explains)\b)/i;
