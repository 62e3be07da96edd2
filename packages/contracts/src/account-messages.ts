/**
 * Texts beyond the SPEC for the visitor's own data and subscription on this device (issue 12,
 * items 4 and 5): clearing data with a confirmation, restoring a paid subscription, announcements.
 * The SPEC's own texts stay in MESSAGES, unchanged.
 */
export const ACCOUNT_MESSAGES = {
  clearMyData: 'Clear my data',
  clearDataTitle: 'Clear my data?',
  clearDataText:
    'This removes from this device your e-mail, your visitor id and your subscription token (the user_email, user_id and auth_token cookies), and deletes the e-mail stored on our server.',
  clearDataKeepsPayment:
    'A paid subscription is not cancelled: bring it back with "Restore subscription" and the transaction number from your receipt, in this browser.',
  clearDataConfirm: 'Clear my data',
  cancel: 'Cancel',
  clearDataDone: 'Your e-mail and cookies were removed from this device.',
  restoreSubscription: 'Restore subscription',
  restoreHint: 'Paid already? Enter the transaction number from your receipt. It works in the browser you paid with.',
  restoreLabel: 'Transaction number',
  restoreButton: 'Restore',
  restoreInvalid: 'Please enter the transaction number: digits only.',
  restoreFailed: 'That transaction could not be restored here: it must be a paid subscription started in this browser.',
  subscriptionRestored: 'Your subscription is back on this device.',
  closeDialog: 'Close',
  closePayment: 'Close payment',
  analysisReady: 'Analysis ready.',
} as const;

/** The receipt line shown once a payment is verified: the number that restores the subscription. */
export const receiptFor = (transactionId: string) =>
  `Your receipt: transaction ${transactionId}. Keep this number to restore your subscription in this browser.`;
