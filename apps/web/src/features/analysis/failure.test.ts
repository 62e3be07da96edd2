import { MESSAGES, RESULT_MESSAGES, SHARE_MESSAGES } from '@fineprint/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { describeFailure, isCancel } from './failure';

describe('describeFailure', () => {
  it('never shows a library message or a status code', () => {
    const network = describeFailure(new Error('Network Error'));
    expect(network.message).toBe(`${MESSAGES.analysisFailedPrefix}${RESULT_MESSAGES.networkError}`);
    expect(network.nextSteps).toEqual(['retry']);
    const bare500 = describeFailure(new HttpError(500, '<html>Bad gateway</html>'));
    expect(bare500.message).not.toMatch(/status code|500|Network Error/);
    expect(bare500.nextSteps).toEqual(['retry']);
  });

  it('offers to retry or paste when the site could not be reached', () => {
    const failure = describeFailure(
      new HttpError(502, { error: 'The site could not be reached.', status: 502, code: 'CONNECT_FAILED' }),
      'https://example.com',
    );
    expect(failure).toEqual({
      message: `${MESSAGES.analysisFailedPrefix}The site could not be reached.`,
      hint: RESULT_MESSAGES.siteUnreachableNext,
      nextSteps: ['retry', 'paste'],
    });
  });

  it('says it tried https and offers http for an address typed without a scheme', () => {
    const failure = describeFailure(
      new HttpError(502, { error: 'The site could not be reached.', status: 502, code: 'CONNECT_FAILED' }),
      '127.0.0.1:8080',
    );
    expect(failure.hint).toContain('We tried https://127.0.0.1:8080');
    expect(failure.nextSteps[0]).toBe('http');
    expect(failure.httpAddress).toBe('http://127.0.0.1:8080');
  });

  it('offers to paste when no legal pages were found', () => {
    const failure = describeFailure(
      new HttpError(422, { error: 'No Terms of Service or Privacy Policy could be found on example.com.', code: 'NO_DOCUMENTS' }),
      'example.com',
    );
    expect(failure.nextSteps).toEqual(['paste']);
    expect(failure.hint).toBe(RESULT_MESSAGES.noDocumentsNext);
  });

  it('tells a cancel from a failure', () => {
    expect(isCancel(new Error(SHARE_MESSAGES.analysisCancelled))).toBe(true);
    expect(isCancel(new Error('Network Error'))).toBe(false);
  });
});
