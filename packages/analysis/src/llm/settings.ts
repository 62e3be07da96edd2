/** The providers the LLM engine speaks to, all through the `ai` SDK. */
export const LLM_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** Default time the model gets for one analysis, every call included. */
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
/** Default input budget of one model call (documents, questions and hints), in tokens. */
export const DEFAULT_LLM_MAX_INPUT_TOKENS = 32_000;

/**
 * How to reach the model: plain data, so it crosses into worker threads. The server builds it
 * from its validated config; the CLI from the same environment variables (`llmSettingsFromEnv`).
 */
export interface LlmSettings {
  provider: LlmProvider;
  model: string;
  apiKey?: string;
  /** The provider's API root, e.g. `http://127.0.0.1:11434/v1` for a local Ollama. */
  baseUrl?: string;
  timeoutMs: number;
  maxInputTokens: number;
}

/** `llm:<provider>/<model>`: what the result's `engine` says when the model wrote it. */
export function llmEngineId(settings: Pick<LlmSettings, 'provider' | 'model'>): string {
  return `llm:${settings.provider}/${settings.model}`;
}

/**
 * Reads LLM_PROVIDER, LLM_MODEL, LLM_API_KEY, LLM_BASE_URL, LLM_TIMEOUT_MS and
 * LLM_MAX_INPUT_TOKENS (for the command line; the server validates the same names in its
 * config). No provider means the built-in engine only (undefined). Throws on a bad value.
 */
export function llmSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): LlmSettings | undefined {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const provider = value('LLM_PROVIDER');
  if (provider === undefined) return undefined;
  if (!(LLM_PROVIDERS as readonly string[]).includes(provider)) throw new Error(`LLM_PROVIDER must be one of ${LLM_PROVIDERS.join(', ')}`);
  const settings: LlmSettings = {
    provider: provider as LlmProvider,
    model: value('LLM_MODEL') ?? '',
    apiKey: value('LLM_API_KEY'),
    baseUrl: value('LLM_BASE_URL'),
    timeoutMs: positiveInteger(value('LLM_TIMEOUT_MS'), DEFAULT_LLM_TIMEOUT_MS, 'LLM_TIMEOUT_MS'),
    maxInputTokens: positiveInteger(value('LLM_MAX_INPUT_TOKENS'), DEFAULT_LLM_MAX_INPUT_TOKENS, 'LLM_MAX_INPUT_TOKENS'),
  };
  const problem = llmSettingsProblem(settings);
  if (problem) throw new Error(problem);
  return settings;
}

/** What is missing or wrong in a provider's settings, or undefined when they can be used. */
export function llmSettingsProblem(settings: LlmSettings): string | undefined {
  if (!settings.model) return 'LLM_MODEL is required when LLM_PROVIDER is set';
  if (settings.provider === 'openai-compatible' && !settings.baseUrl) return 'LLM_BASE_URL is required when LLM_PROVIDER=openai-compatible';
  if (settings.provider !== 'openai-compatible' && !settings.apiKey)
    return `LLM_API_KEY is required when LLM_PROVIDER=${settings.provider}`;
  if (settings.baseUrl && !/^https?:\/\/\S+$/.test(settings.baseUrl)) return 'LLM_BASE_URL must be an http(s) URL';
  if (settings.maxInputTokens < 2_000) return 'LLM_MAX_INPUT_TOKENS must be at least 2000';
  return undefined;
}

function positiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be a positive integer`);
  return Number(raw);
}
