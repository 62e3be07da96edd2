import {
  COOKIE_NAMES,
  MESSAGES,
  SHARE_MESSAGES,
  USER_ID_HEADER,
  type AnalysisResult,
  type PaymentIntent,
  type PaymentPlan,
  type PaymentVerification,
  type ProvidedDocumentType,
  type SubscriptionStatus,
} from '@fineprint/contracts';
import { readCookie, writeCookie } from './cookies';
import { http, HttpError } from './http';
import { getVisitorId, resetIdentity } from './identity';

/** The headers of a call made for this visitor: their subscription token (if any) and visitor id. */
export async function identityHeaders(): Promise<Record<string, string>> {
  const token = readCookie(COOKIE_NAMES.authToken);
  return { Authorization: token ? `Bearer ${token}` : '', [USER_ID_HEADER]: await getVisitorId() };
}

/** The server's error sentence from a failed call, or the error's own message. */
export function errorMessage(error: unknown): string | undefined {
  if (error instanceof HttpError) {
    const data = error.data as { error?: unknown } | null;
    return typeof data === 'object' && data !== null && typeof data.error === 'string' ? data.error : error.message;
  }
  return error instanceof Error ? error.message : undefined;
}

/** Subscription status; any failure means "not subscribed, 0 used". */
export async function fetchSubscriptionStatus(): Promise<SubscriptionStatus> {
  try {
    const { data } = await http.get<SubscriptionStatus>('/subscription/status', { headers: await identityHeaders() });
    return data;
  } catch {
    return { isSubscribed: false, searchCount: 0 };
  }
}

/**
 * `POST /api/analyze/stream`: the SPEC's `POST /api/analyze {url}` with the same headers, read as Server-Sent Events. Each
 * `progress` sentence goes to `onProgress`; the `result` resolves; an `error` rejects with an
 * HttpError carrying `{error}` like the JSON call; a cancel (aborting `signal`, which closes the
 * connection and so stops the server's work) rejects with the cancel sentence.
 */
export async function analyzeUrlStreamed(url: string, onProgress: (message: string) => void, signal: AbortSignal): Promise<AnalysisResult> {
  const headers = { ...(await identityHeaders()), Accept: 'text/event-stream' };
  try {
    const reader = (await http.postStream('/analyze/stream', { url }, { headers, signal }))
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
        if (event === 'progress') onProgress((data as { message: string }).message);
        else if (event === 'result') return data as AnalysisResult;
        else if (event === 'error') throw new HttpError((data as { status: number }).status, data);
      }
    }
  } catch (error) {
    if (signal.aborted) throw new Error(SHARE_MESSAGES.analysisCancelled);
    throw error;
  }
  throw new Error(signal.aborted ? SHARE_MESSAGES.analysisCancelled : 'Network Error');
}

/** Analyses a document the visitor pasted (same quota and result as an address). */
export async function analyzeText(text: string, type: ProvidedDocumentType): Promise<AnalysisResult> {
  const { data } = await http.post<AnalysisResult>('/analyze', { text, type }, { headers: await identityHeaders() });
  return data;
}

/** Uploads one file (PDF, HTML, Markdown, text ≤ 5 MB) for analysis; the browser sets the multipart boundary. */
export async function analyzeFile(file: File, type: ProvidedDocumentType): Promise<AnalysisResult> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, file.name);
  const { data } = await http.post<AnalysisResult>('/analyze', form, { headers: await identityHeaders() });
  return data;
}

/** Verifies a payment and stores the subscription token in the auth_token cookie. */
export async function verifyPayment(transactionId: string): Promise<PaymentVerification> {
  try {
    const { data } = await http.get<PaymentVerification>(`/payment/verify/${encodeURIComponent(transactionId)}`);
    writeCookie(COOKIE_NAMES.authToken, data.token);
    if (data.email) writeCookie(COOKIE_NAMES.userEmail, data.email);
    return data;
  } catch {
    throw new Error(MESSAGES.paymentVerificationFailed);
  }
}

/** Whether a subscription renews monthly (the paywall states the deal); null when the server cannot say. */
export async function fetchPaymentPlan(): Promise<PaymentPlan | null> {
  try {
    return (await http.get<PaymentPlan>('/payment/plan')).data;
  } catch {
    return null;
  }
}

export async function startPayment(email: string): Promise<PaymentIntent> {
  const { data } = await http.post<PaymentIntent>('/payment/start', { email });
  return data;
}

/** The stored e-mail: the server's, else the user_email cookie; null on an exception. */
export async function getEmail(userId: string): Promise<string | null> {
  try {
    const response = await http.get<{ email: string | null }>(`/get-email/${encodeURIComponent(userId)}`, { acceptAnyStatus: true });
    if (response.status >= 200 && response.status < 300) return response.data.email;
    return readCookie(COOKIE_NAMES.userEmail) ?? null;
  } catch (error) {
    console.error(MESSAGES.logErrorRetrievingEmail, error);
    return null;
  }
}

/** Stores the e-mail on the server and in the user_email cookie. */
export async function setEmail(userId: string, email: string): Promise<void> {
  writeCookie(COOKIE_NAMES.userEmail, email);
  try {
    await http.post('/set-email', { userId, email });
  } catch (error) {
    console.error(MESSAGES.logErrorSettingEmail, error);
  }
}

/** Deletes the stored e-mail on the server, then removes the three cookies and the in-memory id. */
export async function clearUserData(userId: string): Promise<void> {
  try {
    // The token too: a subscriber's watched sites are deleted with the rest (issue 23).
    const token = readCookie(COOKIE_NAMES.authToken);
    await http.delete(`/clear-user-data/${encodeURIComponent(userId)}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  } catch (error) {
    console.error(MESSAGES.logErrorClearingUserData, error);
  }
  resetIdentity();
}
