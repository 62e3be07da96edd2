import { LEGAL_FACTS, PRIVACY_RETENTION_TEXTS } from '@fineprint/contracts';
import { documentHistoryDays } from '../../lib/document-history-days';
import { supportEmail } from '../../lib/support-email';
import { LegalPage } from './legal-page';

/** /privacy-policy — what Fineprint keeps and for how long. */
export function PrivacyPage() {
  const email = supportEmail();
  return (
    <LegalPage title="Privacy Policy">
      <h2>1. What we collect</h2>
      <p>
        An anonymous visitor id computed from your browser’s fingerprint, the number of analyses you ran, the addresses you asked us to
        analyse, and, if you subscribe, your e-mail address. Card details are handled by the payment provider and never reach us.
      </p>
      <h2>2. Cookies</h2>
      <p>
        We set user_id, user_email and auth_token cookies to remember you. They expire after {LEGAL_FACTS.cookieExpiry}. We use no
        third-party trackers.
      </p>
      <h2>3. Retention</h2>
      <p>Data is retained for {LEGAL_FACTS.dataRetention}, after which visitor records and cached analyses are deleted.</p>
      <p>{PRIVACY_RETENTION_TEXTS.keptResults}</p>
      <p>{PRIVACY_RETENTION_TEXTS.siteVersions(documentHistoryDays())}</p>
      <p>{PRIVACY_RETENTION_TEXTS.watches}</p>
      <h2>4. Your rights</h2>
      <p>
        You can ask us to delete your e-mail at any time by writing to{' '}
        <a className="underline" href={`mailto:${email}`}>
          {email}
        </a>{' '}
        or with “Clear my data” at the bottom of the page. E-mail deletion happens within {LEGAL_FACTS.emailDeletionHours} hours.
      </p>
      <h2>5. Security</h2>
      <p>
        Subscription tokens are stored only as hashes. If a breach affects your data, we notify you within {LEGAL_FACTS.breachNoticeHours}{' '}
        hours.
      </p>
      <h2>6. Contact and law</h2>
      <p>
        Support replies within {LEGAL_FACTS.supportReplyHours} hours. This policy is governed by the laws of {LEGAL_FACTS.governingLaw}.
      </p>
    </LegalPage>
  );
}
