import { modelLoadSchema, type ModelLoad } from '@tms/contracts';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { AiConfig } from './ai-config.js';

/** The document text a model is sent, at most (a rate confirmation's details fit many times over). */
export const MODEL_TEXT_LIMIT = 24000;

export const MODEL_INSTRUCTIONS = [
  'You read freight documents (rate confirmations, bills of lading, load tenders, EDI 204) for a trucking company.',
  'Extract the fields of ONE load. Use null for anything the document does not state; never guess.',
  'pickupLocation is the first pickup (origin, ship from, shipper, consignor); deliveryLocation the last delivery',
  '(destination, ship to, consignee). Locations are "City, ST". Dates are YYYY-MM-DD.',
  'rate is the total amount paid to the carrier (linehaul plus fuel and accessorials, the all-in total), as "1234.50";',
  'ignore detention per hour, insurance, fines and other amounts that are not the pay for this load.',
  'weight is the total weight in pounds as an integer (convert kilograms). notes: equipment and special instructions, briefly.',
].join(' ');

/** A model that failed, timed out or answered something the schema refuses: the offline extractor answers instead. */
export class ModelFailure extends Error {
  override name = 'ModelFailure';
}

/**
 * The model path: the openai SDK's structured output (a JSON schema derived from the contract's zod schema, strict),
 * against any OpenAI-compatible server; the answer is checked with the same zod schema.
 */
export class ModelExtractor {
  private readonly client: OpenAI;

  constructor(
    private readonly model: NonNullable<AiConfig['model']>,
    private readonly timeoutMs: number,
  ) {
    this.client = new OpenAI({ apiKey: model.apiKey, baseURL: model.baseURL, timeout: timeoutMs, maxRetries: 0 });
  }

  get name() {
    return this.model.name;
  }

  async extract(text: string): Promise<ModelLoad> {
    let content: string | null | undefined;
    const started = Date.now();
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model.name,
        temperature: 0,
        response_format: zodResponseFormat(modelLoadSchema, 'load'),
        messages: [
          { role: 'system', content: MODEL_INSTRUCTIONS },
          { role: 'user', content: text.slice(0, MODEL_TEXT_LIMIT) },
        ],
      });
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      // However the abort surfaces (its error class differs between runtimes), a call cut at the timeout timed out.
      const timedOut = Date.now() - started >= this.timeoutMs - 50;
      throw new ModelFailure(timedOut ? 'the model did not answer in time' : describeFailure(error));
    }
    if (!content) throw new ModelFailure('the model gave no answer');
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new ModelFailure('the model did not answer JSON');
    }
    const parsed = modelLoadSchema.safeParse(json);
    if (!parsed.success) throw new ModelFailure('the model\'s answer did not match the load schema');
    return parsed.data;
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError || (error instanceof Error && /timed? ?out/i.test(`${error.name} ${error.message}`))) {
    return 'the model did not answer in time';
  }
  if (error instanceof OpenAI.APIConnectionError) return 'the model could not be reached';
  if (error instanceof OpenAI.APIError) return `the model answered HTTP ${error.status ?? 'error'}`;
  return error instanceof Error ? error.message : String(error);
}
