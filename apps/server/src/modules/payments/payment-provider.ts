/** What a card payment provider reports about one transaction. */
export interface ProviderTransaction {
  id: string;
  status: 'successful' | 'pending' | 'failed' | 'cancelled';
  amount: number;
  currency: string;
  txRef: string;
  email: string;
  /** When the charge was made; absent when the provider did not say. */
  paidAt?: Date;
  /** The provider's payment plan a recurring charge belongs to, when it says. */
  plan?: string;
}

/** A card payment provider: where its checkout script lives and how to verify a transaction. */
export interface PaymentProvider {
  readonly name: string;
  readonly publicKey: string;
  /** Script defining FlutterwaveCheckout(config) in the browser. */
  readonly scriptUrl: string;
  /** Host(s) the CSP must admit for the script and its payment frame. */
  readonly scriptOrigins: readonly string[];
  /** Payment plan the checkout subscribes the card to, so that renewals are charged monthly. */
  readonly paymentPlan?: number;
  /** Looks the transaction up at the provider; null when the provider does not know it. Throws when unreachable. */
  verify(transactionId: string): Promise<ProviderTransaction | null>;
}
