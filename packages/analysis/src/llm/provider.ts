import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmSettings } from './settings';

/**
 * The configured model through the `ai` SDK. OpenAI is spoken to through Chat Completions
 * with strict JSON-schema output; Anthropic through Messages (native structured output or the
 * JSON tool, as the SDK decides for the model); any other server through `/chat/completions`
 * with `response_format: json_schema` (Ollama, llama.cpp's server and vLLM accept it).
 */
export function createModel(settings: LlmSettings): LanguageModel {
  switch (settings.provider) {
    case 'openai':
      return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl }).chat(settings.model);
    case 'anthropic':
      return createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl })(settings.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: settings.baseUrl!,
        apiKey: settings.apiKey,
        supportsStructuredOutputs: true,
        includeUsage: true,
      }).chatModel(settings.model);
  }
}
