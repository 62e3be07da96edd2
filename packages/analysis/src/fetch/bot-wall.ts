/**
 * Recognises the pages bot-protection services answer instead of the site: challenge
 * interstitials ("Just a moment…"), block pages ("Access denied") and captcha walls. Fineprint
 * never tries to pass them; it says so at once and offers the paste/upload path.
 */

/** Statuses a wall answers with. */
const WALL_STATUSES = new Set([401, 403, 429, 503]);
/** Bytes of a refused response read to look for a wall's markers. */
export const BOT_WALL_SNIFF_BYTES = 64 * 1024;

/** Markers only challenge and captcha pages carry (script names, form ids, vendor hosts). */
const CHALLENGE_MARKERS =
  /(?:\/cdn-cgi\/challenge-platform\/|_cf_chl_opt|cf-chl-|id=["']?challenge-(?:form|running|stage)|cf-turnstile|captcha-delivery\.com|geo\.captcha-delivery|px-captcha|_pxCaptcha|perimeterx|\/_Incapsula_Resource|incapsula incident|sucuri website firewall|awswaf|aws-waf-token|hcaptcha\.com\/1\/api\.js|g-recaptcha|kasada|ddos-guard|verify you are (?:a )?human|checking (?:if the site connection is secure|your browser before accessing)|enable javascript and cookies to continue|pardon our interruption)/i;
/** Titles and headings of block pages (only believed on a refused or very short page). */
const BLOCK_TITLES =
  /<(?:title|h1)[^>]{0,200}>\s*(?:just a moment(?:\.\.\.|…)?|attention required!?(?: \| cloudflare)?|access denied|access to this page has been denied|request blocked|you have been blocked|sorry, you have been blocked|please wait(?:\.\.\.|…)?|security check|are you a robot\??|bot detection)\s*<\/(?:title|h1)>/i;
/** Response headers set by bot-protection services on their challenges. */
const HEADER_MARKERS: Array<[string, RegExp]> = [
  ['cf-mitigated', /challenge/i],
  ['x-datadome', /./],
  ['x-amzn-waf-action', /captcha|challenge|block/i],
  ['x-sucuri-block', /./],
  ['x-px-blocked', /./],
];

/** Names of the headers the wall check reads. */
export const BOT_WALL_HEADERS = HEADER_MARKERS.map(([name]) => name);

export type HeaderBag = Record<string, string | string[] | undefined>;

/**
 * Whether a response is a bot wall: a refusal status (401/403/429/503) with a challenge
 * marker, a vendor header or a block-page title; or a successful page that is only a challenge
 * (a challenge script or a "Just a moment…" title on a page of little text).
 */
export function isBotWall(status: number, headers: HeaderBag, text: string): boolean {
  const head = text.slice(0, BOT_WALL_SNIFF_BYTES);
  if (WALL_STATUSES.has(status)) {
    if (HEADER_MARKERS.some(([name, pattern]) => headers[name] !== undefined && pattern.test(String(headers[name])))) return true;
    return CHALLENGE_MARKERS.test(head) || BLOCK_TITLES.test(head);
  }
  if (status < 200 || status >= 300) return false;
  // A real page may mention a captcha or contain "Access denied" in its text: on a success, only a
  // short page that is nothing but a challenge counts.
  if (text.length > 200_000 || wordsOf(head) > 400) return false;
  return (
    (BLOCK_TITLES.test(head) && wordsOf(head) < 150) ||
    (CHALLENGE_MARKERS.test(head) && /<title[^>]{0,200}>\s*(?:just a moment|please wait|attention required|security check)/i.test(head))
  );
}

/** Words of visible-looking text, scripts, styles and tags left out: a rough count in one linear pass, enough to tell a challenge from a document. */
function wordsOf(html: string): number {
  const lower = html.toLowerCase();
  let visible = '';
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    if (open < 0) {
      visible += html.slice(i);
      break;
    }
    visible += `${html.slice(i, open)} `;
    const raw = /^<(script|style)\b/.exec(lower.slice(open, open + 8))?.[1];
    const close = raw ? lower.indexOf(`</${raw}`, open) : html.indexOf('>', open);
    if (close < 0) break;
    i = raw ? close + raw.length + 2 : close + 1;
  }
  return (visible.match(/\p{L}{2,}/gu) ?? []).length;
}
