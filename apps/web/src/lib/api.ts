import {
  COOKIE_NAMES,
  MESSAGES,
  USER_ID_HEADER,
  type AnalysisResult,
  type PaymentIntent,
  type PaymentVerification,
  type SubscriptionStatus,
} from '@fineprint/contracts';
import axios, { isAxiosError } from 'axios';
import { readCookie, writeCookie } from './cookies';
import { getVisitorId, resetIdentity } from './identity';

/** The HTTP client: /api, credentials, JSON; XSRF-TOKEN → X-XSRF-TOKEN and no timeout are its defaults. */
export const http = axios.create({ baseURL: '/api', withCredentials: true, headers: { 'Content-Type': 'application/json' } });

async function identityHeaders(): Promise<Record<string, string>> {
  const token = readCookie(COOKIE_NAMES.authToken);
  return { Authorization: token ? `Bearer ${token}` : '', [USER_ID_HEADER]: await getVisitorId() };
}

/** The server's error sentence from a failed call, or the error's own message. */
export function errorMessage(error: unknown): string | undefined {
  if (isAxiosError<{ error?: string }>(error)) return error.response?.data?.error ?? error.message;
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

export async function analyzeUrl(url: string): Promise<AnalysisResult> {
  const { data } = await http.post<AnalysisResult>('/analyze', { url }, { headers: await identityHeaders() });
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

export async function startPayment(email: string): Promise<PaymentIntent> {
  const { data } = await http.post<PaymentIntent>('/payment/start', { email });
  return data;
}

/** The stored e-mail: the server's, else the user_email cookie; null on an exception. */
export async function getEmail(userId: string): Promise<string | null> {
  try {
    const response = await http.get<{ email: string | null }>(`/get-email/${encodeURIComponent(userId)}`, { validateStatus: () => true });
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
    await http.delete(`/clear-user-data/${encodeURIComponent(userId)}`);
  } catch (error) {
    console.error(MESSAGES.logErrorClearingUserData, error);
  }
  resetIdentity();
}
