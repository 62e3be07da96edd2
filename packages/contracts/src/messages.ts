import type { WebRoute } from './constants';

/** Every user-facing text of SPEC.md, word for word, in one place. */
export const MESSAGES = {
  productName: 'Fineprint',
  descriptor: 'A Terms of Service (ToS) Summarizer',
  tagline: 'Understand complex legal documents with ease. Get instant analysis of Terms of Service and Privacy Policies.',
  urlPlaceholder: 'Enter website URL to analyze Terms of Service',
  analyzing: 'Analyzing Terms of Service...',
  errorTitle: 'Error',
  emptyUrl: 'Please enter a URL to analyze',
  analysisFailedPrefix: 'Analysis failed: ',
  analysisFallback: 'Failed to analyze Terms of Service',
  subscriptionRequired: 'Subscription required',
  freeLimitToast: 'You have reached the free tier limit. Please subscribe to continue.',
  dialogTitle: 'Buy me a coffee',
  dialogText: 'Support our service and get unlimited ToS analyses for just $5/month!',
  emailLabel: 'Email address',
  subscribeButton: 'Subscribe - $5/month',
  invalidEmail: 'Please enter a valid email address.',
  paymentSuccessful: 'Payment successful!',
  paymentFailed: 'Payment Failed. Please try again.',
  paymentScriptFailed: 'Failed to load payment modal. Check your internet connection and retry later.',
  verifyingPayment: 'Verifying your payment...',
  verifyingPaymentDetail: 'Please wait while we confirm your subscription.',
  subscriptionActivated: 'Subscription activated successfully!',
  paymentVerificationFailedToast: 'Payment verification failed. Please contact support.',
  paymentVerificationFailed: 'Payment verification failed',
  noTransactionId: 'No transaction ID found',
  unexpectedError: 'Unexpected Application Error!',
  /** The error page's detail line for an address the app has no screen for. */
  notFoundDetail: '404 Not Found',
  subscribedBadge: 'Subscribed',
  keyPoints: 'Key Points',
  privacyConcerns: 'Privacy Concerns',
  recommendations: 'Recommendations',
  // Beyond the SPEC: what an empty card says (issue 21: Signal's Privacy Policy gives no concerns; an empty list is an answer).
  noKeyPoints: 'No key points found in these documents.',
  noPrivacyConcerns: 'No privacy concerns found in these documents.',
  noRecommendations: 'No actions to recommend: these documents offer no settings, opt-outs or choices worth taking.',
  // Beyond the SPEC: shown when the optional LLM engine could not write the summary (issue 14).
  llmFallback: 'The AI reader did not give an answer that could be checked in time, so this summary comes from the built-in analyzer.',
  siteBlocksAutomatedReaders:
    'This site blocks automated readers, so Fineprint cannot read its pages. Paste the text of its Terms of Service or Privacy Policy, or upload the file, instead.',
  // Beyond the SPEC: a rendered page past the browser's memory ceiling (issue 24, docs/decisions/0006).
  pageUsesTooMuchMemory:
    'This page uses too much memory to read. Paste the text of its Terms of Service or Privacy Policy, or upload the file, instead.',
  logErrorRetrievingEmail: 'error retrieving email',
  logErrorSettingEmail: 'error setting email',
  logErrorClearingUserData: 'error clearing user data',
  // Beyond the SPEC: the visitor's own text or file instead of an address (issue 11).
  pasteText: 'Paste the text',
  uploadFile: 'Upload a file',
  pasteLabel: 'The text of the Terms of Service or Privacy Policy',
  pastePlaceholder: 'Paste the whole document here',
  uploadLabel: 'PDF, HTML, Markdown or plain text, up to 5 MB',
  documentTypeLegend: 'This document is',
  documentTypeTerms: 'Terms of Service',
  documentTypePrivacy: 'Privacy Policy',
  documentTypeBoth: 'Both',
  analyzeText: 'Analyze text',
  analyzeFile: 'Analyze file',
  emptyText: 'Please paste the text to analyze',
  noFile: 'Please choose a file to analyze',
  fileTooLarge: 'That file is larger than 5 MB.',
  fileKindUnknown: 'Please choose a PDF, HTML, Markdown or plain text file.',
  providedByYou: 'provided by you',
  supportAddressLead: 'Write to',
  // The result page (issue 12).
  severityBlocker: 'Serious',
  severityBad: 'Bad',
  severityNeutral: 'Neutral',
  severityGood: 'Good',
  readInSource: 'Read in source',
  showFewer: 'Show fewer',
  resultFor: 'Result for',
  yourDocuments: 'your documents',
  documentsRead: 'Documents read',
} as const;

/** "Show all N" below a list cut at 10. */
export const showAll = (count: number) => `Show all ${count}`;
/** The free analyses a visitor has left, shown near the input. */
export const freeAnalysesLeft = (left: number, of: number) => `${left} of ${of} free analyses left`;

/** The `<title>` of each screen (the server writes it into the page, the app keeps it while navigating). */
export const PAGE_TITLES: Record<WebRoute | 'notFound', string> = {
  '/': `${MESSAGES.productName} — ${MESSAGES.descriptor}`,
  '/subscription/callback': `${MESSAGES.verifyingPayment.replace(/\.+$/, '')} — ${MESSAGES.productName}`,
  '/tos': `Terms of Service — ${MESSAGES.productName}`,
  '/privacy-policy': `Privacy Policy — ${MESSAGES.productName}`,
  '/compare': `Compare two results — ${MESSAGES.productName}`,
  notFound: `Page not found — ${MESSAGES.productName}`,
};

/** The result's three lists, in the SPEC's order: the field, the card's title, and what the card says when the list is empty. */
export const RESULT_LISTS = [
  { key: 'keyPoints', title: MESSAGES.keyPoints, empty: MESSAGES.noKeyPoints },
  { key: 'privacyConcerns', title: MESSAGES.privacyConcerns, empty: MESSAGES.noPrivacyConcerns },
  { key: 'recommendations', title: MESSAGES.recommendations, empty: MESSAGES.noRecommendations },
] as const;
