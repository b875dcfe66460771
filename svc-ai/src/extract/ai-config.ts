import { wholeNumberSetting } from '@tms/service-kit';

/** The injection token of svc-ai's AiConfig. */
export const AI_CONFIG = 'AI_CONFIG';

/** svc-ai's settings, from the environment (README: Configuration). */
export interface AiConfig {
  /** Set when a model is configured: OPENAI_API_KEY, with OPENAI_MODEL (and OPENAI_BASE_URL for another server). */
  model?: { apiKey: string; baseURL?: string; name: string };
  /** How long a model may take before the offline extractor answers instead. */
  modelTimeoutMs: number;
  /** Pages of a scanned PDF read by OCR (the first ones: a rate confirmation's load details are on page one). */
  ocrMaxPages: number;
  /** Documents read at once, each in a worker thread (AI_WORKERS). */
  workers: number;
  /** Documents waiting for a worker at most (AI_QUEUE); past it, the answer is 'busy' at once. */
  queue: number;
}

const DEFAULT_MODEL = 'gpt-4o-mini';

export function loadAiConfig(env: Record<string, string | undefined> = process.env): AiConfig {
  const apiKey = env.OPENAI_API_KEY?.trim();
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  return {
    // A local OpenAI-compatible server (vLLM, Ollama) may need no key: a base URL alone configures a model too.
    model: apiKey || baseURL ? { apiKey: apiKey || 'none', baseURL, name: env.OPENAI_MODEL?.trim() || DEFAULT_MODEL } : undefined,
    modelTimeoutMs: wholeNumberSetting('OPENAI_TIMEOUT_MS', { fallback: 20000 }, env),
    ocrMaxPages: wholeNumberSetting('OCR_MAX_PAGES', { fallback: 5, max: 50 }, env),
    workers: wholeNumberSetting('AI_WORKERS', { fallback: 2, max: 64 }, env),
    queue: wholeNumberSetting('AI_QUEUE', { fallback: 4, min: 0 }, env),
  };
}
