import {
  COOKIE_NAMES,
  SHARE_MESSAGES,
  USER_ID_HEADER,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  type AnalysisResult,
} from '@fineprint/contracts';
import { useRef, useState } from 'react';
import { readCookie } from '../../lib/cookies';
import { HttpError } from '../../lib/http';
import { getVisitorId } from '../../lib/identity';

function cookieValue(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * `POST /api/analyze/stream`: the same call as `POST /api/analyze {url}` (same headers, cookies,
 * XSRF echo), read as Server-Sent Events. Each `progress` sentence goes to `onProgress`; the
 * `result` resolves; an `error` rejects with an HttpError carrying `{error}` like the JSON call.
 * Aborting `signal` closes the connection, which cancels the server's work.
 */
export async function analyzeUrlStreamed(url: string, onProgress: (message: string) => void, signal: AbortSignal): Promise<AnalysisResult> {
  const token = readCookie(COOKIE_NAMES.authToken);
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
    Authorization: token ? `Bearer ${token}` : '',
    [USER_ID_HEADER]: await getVisitorId(),
  };
  const xsrf = cookieValue(XSRF_COOKIE_NAME);
  if (xsrf) headers[XSRF_HEADER_NAME] = xsrf;
  let response: Response;
  try {
    response = await fetch('/api/analyze/stream', {
      method: 'POST',
      headers,
      body: JSON.stringify({ url }),
      credentials: 'include',
      signal,
    });
  } catch {
    throw new Error(signal.aborted ? SHARE_MESSAGES.analysisCancelled : 'Network Error');
  }
  if (!response.ok || !response.body) {
    const data: unknown = await response.json().catch(() => null);
    throw new HttpError(response.status, data);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
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

/** The stages of the running analysis and a cancel for it. */
export function useProgress() {
  const [stages, setStages] = useState<string[]>([]);
  const [isRunning, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  return {
    stages,
    isRunning,
    analyze: async (url: string): Promise<AnalysisResult> => {
      const stop = new AbortController();
      controller.current = stop;
      setStages([]);
      setRunning(true);
      try {
        return await analyzeUrlStreamed(url, (message) => setStages((s) => [...s, message]), stop.signal);
      } finally {
        setRunning(false);
        controller.current = null;
      }
    },
    cancel: () => controller.current?.abort(),
  };
}
