import type { FactAnswer } from './schemas';

/**
 * A liability cap in words, from its structured fields (never the clause's text): "the greater
 * of US$100 and what you paid in the 6 months before the claim". Undefined when the answer
 * has no structured cap.
 */
export function liabilityCapText(answer: FactAnswer): string | undefined {
  const usd = answer.usd !== undefined ? `US$${answer.usd.toLocaleString('en-US')}` : undefined;
  const months = answer.paid_months;
  const paid = `what you paid${months ? ` in the ${months === 1 ? 'month' : `${months} months`} before the claim` : ''}`;
  switch (answer.cap) {
    case 'fixed':
      return usd;
    case 'paid':
      return paid;
    case 'greater':
    case 'lesser':
      // (A second amount that is no US dollar sum, "100 EUROS", "five price basic amounts", is still there: never dropped.)
      return usd ? `the ${answer.cap} of ${usd} and ${paid}` : `the ${answer.cap} of ${paid} and another amount the terms set`;
    case 'either':
      return usd ? `${usd} or ${paid}` : paid;
    case 'foreseeable':
      return 'damage that was foreseeable';
    case 'none':
      return 'nothing (liability for damage of any kind is excluded)';
    case undefined:
      return undefined;
  }
}
