// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PrivacyPage } from './privacy-page';

const textOf = () =>
  render(
    <MemoryRouter>
      <PrivacyPage />
    </MemoryRouter>,
  ).container.textContent ?? '';

afterEach(() => document.head.querySelector('meta[name="document-history-days"]')?.remove());

describe('the privacy page', () => {
  it('says how long site documents’ versions, kept results and watches are kept, and that Clear my data deletes the watches', () => {
    const meta = document.createElement('meta');
    meta.name = 'document-history-days';
    meta.content = '45';
    document.head.append(meta);
    const text = textOf();
    // The server's DOCUMENT_HISTORY_DAYS, as index.html carries it.
    expect(text).toContain('A version is deleted 45 days after the last analysis that read it.');
    expect(text).toContain('A result you can open by its link is kept for 30 days after it was made');
    expect(text).toContain('The watches are deleted 30 days after your subscription ends');
    expect(text).toContain('at once when you use “Clear my data” in a browser where you are subscribed.');
  });

  it('says the default 730 days when the page carries no setting (the development server)', () => {
    expect(textOf()).toContain('A version is deleted 730 days after the last analysis that read it.');
  });
});
