/**
 * The optional LLM engine: the model proposes, the engine verifies, the built-in analyzer is
 * the floor. One surface: settings, the engine's id, and `runLlmEngine`.
 */
export { runLlmEngine, clearLlmCache, type LlmDiagnostics, type LlmEngineInput } from './engine';
export type { LlmDocument } from './prompt';
export {
  llmEngineId,
  llmSettingsFromEnv,
  llmSettingsProblem,
  LLM_PROVIDERS,
  DEFAULT_LLM_TIMEOUT_MS,
  DEFAULT_LLM_MAX_INPUT_TOKENS,
  type LlmProvider,
  type LlmSettings,
} from './settings';
