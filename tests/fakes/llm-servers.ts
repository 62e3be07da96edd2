import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for an OpenAI-compatible server (`POST /v1/chat/completions`) and Anthropic's
 * Messages API (`POST /v1/messages`) on 127.0.0.1:0, replaying responses shaped like the
 * providers' recorded ones. Tests of the LLM engine talk only to these.
 */
export type FakeReply =
  /** The model's answer, as the provider returns a JSON answer (Anthropic: as the `json` tool's input when tools were sent). */
  | { kind: 'answer'; output: unknown; usage?: { input: number; output: number } }
  /** Raw text as the model's message content (malformed JSON). */
  | { kind: 'text'; text: string }
  /** The model declines. */
  | { kind: 'refusal' }
  /** An HTTP error with the provider's error body. */
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Holds the request open and answers nothing, until the client gives up (or `ms` pass). */
  | { kind: 'stall'; ms: number }
  /** A redirect (e.g. 307, which a following client answers by re-sending the whole request) to `location`. */
  | { kind: 'redirect'; status: number; location: string }
  /**
   * A 200 answer of `bytes` bytes (with Content-Length only when `announce`), its message content one long string,
   * written chunk by chunk as the client reads (never held in memory whole), until the client
   * hangs up.
   */
  | { kind: 'huge'; bytes: number; announce?: boolean };

export interface FakeLlmServer {
  /** API root to configure as LLM_BASE_URL, ending in /v1. */
  baseUrl: string;
  /** Requests received, with their parsed bodies and headers. */
  requests: Array<{ path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }>;
  /** Requests whose client hung up before an answer was written. */
  aborted: number;
  /** Bytes of `huge` answers the client accepted (handed to its socket) before hanging up. */
  bytesWritten: number;
  close(): Promise<void>;
}

export type Flavour = 'openai' | 'anthropic';

/** Starts a fake provider that answers the n-th request with `replies[n]` (the last one repeats). */
export async function startFakeLlmServer(flavour: Flavour, replies: readonly FakeReply[]): Promise<FakeLlmServer> {
  const requests: FakeLlmServer['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = { aborted: 0, bytesWritten: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
      res.on('close', () => {
        if (!res.writableEnded) state.aborted++;
      });
      if (reply.kind === 'stall') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) send(res, 504, { error: { message: 'stalled' } });
        }, reply.ms);
        timers.add(timer);
        return;
      }
      if (reply.kind === 'redirect') {
        res.writeHead(reply.status, { location: reply.location, 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      if (reply.kind === 'huge') {
        void streamHuge(res, reply.bytes, reply.announce === true, (n) => (state.bytesWritten += n));
        return;
      }
      if (reply.kind === 'status') {
        const error =
          flavour === 'openai'
            ? { error: { message: `status ${reply.status}`, type: 'server_error', code: null } }
            : {
                type: 'error',
                error: { type: reply.status === 429 ? 'rate_limit_error' : 'api_error', message: `status ${reply.status}` },
              };
        send(res, reply.status, error, reply.headers);
        return;
      }
      send(res, 200, flavour === 'openai' ? openAiBody(reply, body) : anthropicBody(reply, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get aborted() {
      return state.aborted;
    },
    get bytesWritten() {
      return state.bytesWritten;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes a chat completion of about `bytes` bytes, one chunk at a time as the socket drains, until done or the client hangs up. */
async function streamHuge(res: ServerResponse, bytes: number, announce: boolean, onWritten: (n: number) => void) {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const head =
    '{"id":"chatcmpl-huge","object":"chat.completion","created":1767225600,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"';
  res.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(bytes) } : {}) });
  res.write(head);
  let closed = false;
  const hungUp = new Promise<void>((resolve) => res.once('close', resolve)).then(() => (closed = true));
  for (let sent = head.length; sent < bytes && !closed; sent += chunk.length) {
    if (!res.write(chunk)) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), hungUp]);
    if (!closed) onWritten(chunk.length);
  }
  if (!closed) res.end('"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}');
}

/**
 * A listener that must never be reached: it counts the connections made to it (a redirect
 * target, another host the prompt must not be sent to) and answers nothing useful.
 */
export async function startCanary(): Promise<{ baseUrl: string; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = createServer((_req, res) => res.writeHead(500).end());
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    connections: () => connections,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function openAiBody(reply: Exclude<FakeReply, { kind: 'status' | 'stall' | 'redirect' | 'huge' }>, request: Record<string, unknown>) {
  const message =
    reply.kind === 'refusal'
      ? { role: 'assistant', content: null, refusal: "I'm sorry, but I can't help with that request." }
      : { role: 'assistant', content: reply.kind === 'text' ? reply.text : JSON.stringify(reply.output), refusal: null };
  const usage = reply.kind === 'answer' ? (reply.usage ?? { input: 1200, output: 300 }) : { input: 1200, output: 12 };
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: String(request.model),
    choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
}

function anthropicBody(reply: Exclude<FakeReply, { kind: 'status' | 'stall' | 'redirect' | 'huge' }>, request: Record<string, unknown>) {
  const usesTool = Array.isArray(request.tools) && (request.tools as Array<{ name?: string }>).some((t) => t.name === 'json');
  const usage = reply.kind === 'answer' ? (reply.usage ?? { input: 1200, output: 300 }) : { input: 1200, output: 0 };
  const content =
    reply.kind === 'refusal'
      ? []
      : reply.kind === 'answer' && usesTool
        ? [{ type: 'tool_use', id: 'toolu_fake', name: 'json', input: reply.output }]
        : [{ type: 'text', text: reply.kind === 'text' ? reply.text : JSON.stringify(reply.output) }];
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: String(request.model),
    content,
    stop_reason: reply.kind === 'refusal' ? 'refusal' : usesTool && reply.kind === 'answer' ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
}
