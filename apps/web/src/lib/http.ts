import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@fineprint/contracts';

/**
 * The HTTP client of SPEC section 7, on fetch: base path /api, credentials sent, a JSON
 * content type when there is a JSON body, the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN, and
 * no timeout — the behaviour the spec names as the client's defaults (axios's), without
 * shipping axios (19 KB gzipped) on the first screen.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Request failed with status code ${status}`);
    this.name = 'HttpError';
  }
}

export interface HttpResponse<T> {
  status: number;
  data: T;
}

interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Resolve with any status instead of throwing HttpError outside 2xx. */
  acceptAnyStatus?: boolean;
  /** Closes the connection when aborted (the fetch then rejects with an AbortError). */
  signal?: AbortSignal;
}

function cookieValue(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Sends one call with the client's defaults; the response as it starts to arrive. */
async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData)
    body = options.body; // the browser writes the multipart boundary
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const xsrf = cookieValue(XSRF_COOKIE_NAME);
  if (xsrf) headers[XSRF_HEADER_NAME] = xsrf;
  try {
    return await fetch(`/api${path}`, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Network Error');
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const response = await send(method, path, options);
  const data = await readBody(response);
  if (!response.ok && !options.acceptAnyStatus) throw new HttpError(response.status, data);
  return { status: response.status, data: data as T };
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** A POST whose 2xx body is read as it arrives (Server-Sent Events); HttpError outside 2xx. */
  async postStream(
    path: string,
    body: unknown,
    options: Omit<RequestOptions, 'body' | 'acceptAnyStatus'>,
  ): Promise<NonNullable<Response['body']>> {
    const response = await send('POST', path, { ...options, body });
    if (!response.ok || !response.body) throw new HttpError(response.status, await readBody(response));
    return response.body;
  },
};
