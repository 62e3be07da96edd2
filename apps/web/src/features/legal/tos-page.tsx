import { FREE_ANALYSES, LEGAL_FACTS, SUBSCRIPTION_PRICE } from '@fineprint/contracts';
import { supportEmail } from '../../lib/support-email';
import { LegalPage } from './legal-page';

/** /tos — the product's own Terms of Service. */
export function TosPage() {
  const email = supportEmail();
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms govern your use of Fineprint, a tool that summarises websites’ Terms of Service and Privacy Policies. By using Fineprint
        you agree to them.
      </p>
      <h2>1. The service</h2>
      <p>
        Fineprint produces automated summaries. A summary is not legal advice; always read the full terms of the site you are assessing
        before relying on them.
      </p>
      <h2>2. Free use and subscription</h2>
      <p>
        Every visitor gets {FREE_ANALYSES} free analyses. After that, a subscription of {SUBSCRIPTION_PRICE} USD per month, paid by card,
        gives unlimited analyses. A subscription lasts one month from payment and can be renewed by paying again.
      </p>
      <h2>3. Acceptable use</h2>
      <p>Do not use Fineprint to attack, overload or scrape other websites, or to break the law.</p>
      <h2>4. Support</h2>
      <p>
        Write to{' '}
        <a className="underline" href={`mailto:${email}`}>
          {email}
        </a>
        . We reply within {LEGAL_FACTS.supportReplyHours} hours.
      </p>
      <h2>5. Disputes</h2>
      <p>If something goes wrong, contact support first: we resolve disputes within {LEGAL_FACTS.disputeBusinessDays} business days.</p>
      <h2>6. Cookies and data</h2>
      <p>
        We use cookies to remember your visitor id, e-mail and subscription. Cookies expire after {LEGAL_FACTS.cookieExpiry}. Data is
        retained for {LEGAL_FACTS.dataRetention}; see the Privacy Policy.
      </p>
      <h2>7. Governing law</h2>
      <p>These terms are governed by the laws of {LEGAL_FACTS.governingLaw}.</p>
    </LegalPage>
  );
}
