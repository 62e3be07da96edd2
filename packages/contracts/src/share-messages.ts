/**
 * Texts beyond the SPEC for keeping and sharing a result and for the analysis's progress
 * (issue 12, items 2 and 3). The SPEC's own texts stay in MESSAGES, unchanged.
 */
export const SHARE_MESSAGES = {
  shareHeading: 'Keep or share this result',
  copyLink: 'Copy link',
  copyMarkdown: 'Copy as Markdown',
  print: 'Print',
  downloadJson: 'Download JSON',
  linkCopied: 'Link copied.',
  markdownCopied: 'Markdown copied.',
  copyFailed: 'Copying was not allowed by the browser.',
  noPermalink: 'Results of a pasted or uploaded document are not kept, so they have no link.',
  historyHeading: 'Your recent analyses on this device',
  historyClear: 'Forget this list',
  permalinkLoading: 'Opening the saved result...',
  permalinkGone: 'This result is no longer kept. Please analyse the site again.',
  progressHeading: 'Progress',
  cancelAnalysis: 'Cancel',
  analysisCancelled: 'The analysis was cancelled. It did not use one of your free analyses.',
} as const;

/** The Markdown heading of a shared result. */
export const markdownTitle = (site: string) => `# What ${site}'s terms say`;
