import { markdownTitle, RESULT_LISTS, SHARE_MESSAGES, type AnalysisResult, type SummaryItem } from '@fineprint/contracts';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { permalinkOf, siteOf } from './history';
import './print.css';

/** The result as Markdown: the site, its grade, the three lists with each item's quoted source, the documents read, the permalink. */
export function resultToMarkdown(result: AnalysisResult, link?: string): string {
  const lines = [markdownTitle(siteOf(result)), ''];
  if (result.grade) lines.push(`**Grade ${result.grade}** — ${result.gradeReason}`, '');
  for (const { key, title, empty } of RESULT_LISTS) {
    lines.push(`## ${title}`, '');
    if (result[key].length === 0) lines.push(empty);
    const details: SummaryItem[] = result.details[key];
    result[key].forEach((text, i) => {
      lines.push(`- ${text}`);
      const quote = details[i]?.evidence[0]?.quote;
      if (quote) lines.push(`  > ${quote.replace(/\s+/g, ' ')}`);
    });
    lines.push('');
  }
  if (result.documents.length > 0) {
    lines.push('## Documents read', '');
    for (const d of result.documents) lines.push(`- [${d.title || d.type}](${d.url}) — ${d.words} words`);
    lines.push('');
  }
  if (link) lines.push(`Permalink: ${link}`, '');
  return lines.join('\n');
}

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast(done);
  } catch {
    toast(SHARE_MESSAGES.copyFailed);
  }
}

/** "Copy link", "Copy as Markdown", "Print" and "Download JSON" for the result on screen. */
export function ShareMenu({ result }: { result: AnalysisResult }) {
  const link = result.resultId ? permalinkOf(result.resultId) : undefined;
  const download = () => {
    const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' });
    const href = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = `fineprint-${siteOf(result).replace(/[^\w.-]+/g, '-')}.json`;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(href), 0);
  };
  return (
    <section aria-labelledby="share-heading" className="fp-no-print rounded-lg border border-slate-200 p-3">
      <h2 id="share-heading" className="mb-2 text-sm font-semibold">
        {SHARE_MESSAGES.shareHeading}
      </h2>
      <div className="flex flex-wrap gap-2">
        {link && (
          <Button type="button" variant="outline" onClick={() => void copy(link, SHARE_MESSAGES.linkCopied)}>
            {SHARE_MESSAGES.copyLink}
          </Button>
        )}
        <Button type="button" variant="outline" onClick={() => void copy(resultToMarkdown(result, link), SHARE_MESSAGES.markdownCopied)}>
          {SHARE_MESSAGES.copyMarkdown}
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          {SHARE_MESSAGES.print}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          {SHARE_MESSAGES.downloadJson}
        </Button>
      </div>
      {link ? (
        <p className="mt-2 break-all text-xs text-slate-600">
          <a href={link} className="underline" data-testid="permalink">
            {link}
          </a>
        </p>
      ) : (
        <p className="mt-2 text-xs text-slate-600">{SHARE_MESSAGES.noPermalink}</p>
      )}
    </section>
  );
}
