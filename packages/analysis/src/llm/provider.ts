import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmSettings } from './settings';

/**
 * Largest answer read from the model server. A full answer (29 facts and three lists of ten
 * items, each with three quotes of at most 1,200 characters, as JSON inside the provider's
 * envelope) stays under 400 kB; past 2 MB the server is not answering the question.
 */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** Why the HTTP client gave up on the model server itself: it redirected, or its answer was too large. */
export class LlmTransportError extends Error {
  constructor(
    readonly reason: 'redirect' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'LlmTransportError';
  }
}

/**
 * The `fetch` the providers use. A redirect is refused, not followed: following it would send
 * the whole prompt (the documents, the API key's headers) to a host nobody configured. The
 * answer is read through a byte counter that fails the call past `maxBytes`, and cancelling the
 * body hangs up on the server, so a huge or endless answer costs at most `maxBytes` of memory.
 */
export function boundedFetch(maxBytes = MAX_ANSWER_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      throw new LlmTransportError('redirect', `The model server answered ${response.status} (a redirect), which is not followed.`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new LlmTransportError('too_large', `The model server's answer (${length} bytes) exceeds ${maxBytes} bytes.`);
    }
    if (!response.body) return response;
    let seen = 0;
    // Erroring the transform cancels the source: undici then closes the connection.
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new LlmTransportError('too_large', `The model server's answer exceeds ${maxBytes} bytes.`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * The configured model through the `ai` SDK. OpenAI is spoken to through Chat Completions
 * with strict JSON-schema output; Anthropic through Messages (native structured output or the
 * JSON tool, as the SDK decides for the model); any other server through `/chat/completions`
 * with `response_format: json_schema` (Ollama, llama.cpp's server and vLLM accept it). Every
 * provider uses `boundedFetch`.
 */
export function createModel(settings: LlmSettings): LanguageModel {
  const fetch = boundedFetch();
  switch (settings.provider) {
    case 'openai':
      return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, fetch }).chat(settings.model);
    case 'anthropic':
      return createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl, fetch })(settings.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: settings.baseUrl!,
        apiKey: settings.apiKey,
        supportsStructuredOutputs: true,
        includeUsage: true,
        fetch,
      }).chatModel(settings.model);
  }
}
