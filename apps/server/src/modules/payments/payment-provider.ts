/** What a card payment provider reports about one transaction. */
export interface ProviderTransaction {
  id: string;
  status: 'successful' | 'pending' | 'failed' | 'cancelled';
  amount: number;
  currency: string;
  txRef: string;
  email: string;
  paidAt: Date;
}

/** A card payment provider: where its checkout script lives and how to verify a transaction. */
export interface PaymentProvider {
  readonly name: string;
  readonly publicKey: string;
  /** Script defining FlutterwaveCheckout(config) in the browser. */
  readonly scriptUrl: string;
  /** Host(s) the CSP must admit for the script and its payment frame. */
  readonly scriptOrigins: readonly string[];
  /** Looks the transaction up at the provider; null when the provider does not know it. Throws when unreachable. */
  verify(transactionId: string): Promise<ProviderTransaction | null>;
}
