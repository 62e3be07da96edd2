import type { Evidence } from '@fineprint/contracts';

/** Only web and mail addresses are links here; anything else a result might carry is not rendered. */
const isSafe = (href: string) => /^(?:https?:\/\/|mailto:)/i.test(href);

/** The links in a quote's own words ("contact us through our webform" → the form), shown after it so its addresses can be checked. */
export function QuotedLinks({ evidence }: { evidence: Evidence }) {
  const links = (evidence.links ?? []).filter((link) => isSafe(link.href));
  if (links.length === 0) return null;
  return (
    <span className="not-italic">
      {' '}
      (links in the quote:{' '}
      {links.map((link, i) => (
        <span key={link.href}>
          {i > 0 && '; '}
          {link.text} →{' '}
          <a className="break-all underline" href={link.href} target="_blank" rel="noopener noreferrer nofollow">
            {link.href.replace(/^mailto:/i, '')}
          </a>
        </span>
      ))}
      )
    </span>
  );
}
