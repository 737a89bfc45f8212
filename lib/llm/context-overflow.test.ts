import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyError } from './classify-error';
import { isContextOverflow } from './context-overflow';

const context = { baseUrl: 'http://llm.test/v1', apiKey: '' };

/** The bodies each server sends, copied from their error messages. */
const WORDINGS: Array<[server: string, status: number, body: object]> = [
  [
    'OpenAI',
    400,
    {
      message:
        "This model's maximum context length is 8192 tokens. However, your messages resulted in 9013 tokens. Please reduce the length of the messages.",
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
    },
  ],
  [
    'vLLM',
    400,
    {
      object: 'error',
      message:
        "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens (4096 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.",
      type: 'BadRequestError',
    },
  ],
  [
    'vLLM 0.6+',
    400,
    {
      message: 'The decoder prompt (length 9013) is longer than the maximum model length of 8192.',
    },
  ],
  [
    'LM Studio',
    400,
    {
      message:
        'Trying to keep the first 9013 tokens when context the overflows. However, the model is loaded with context length of only 8192 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input',
    },
  ],
  [
    'llama.cpp',
    400,
    {
      code: 400,
      message: 'the request exceeds the available context size, try increasing it',
      type: 'exceed_context_size_error',
    },
  ],
  [
    'OpenRouter',
    400,
    {
      message:
        'This endpoint\'s maximum context length is 8192 tokens. However, you requested about 9013 tokens (9013 of text input). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.',
      code: 400,
    },
  ],
  ['a proxy answering 413', 413, { message: 'prompt is too long: 210000 tokens > 200000 maximum' }],
];

describe('context overflow detection', () => {
  it.each(WORDINGS)('recognises %s saying the context is too long', (_server, status, body) => {
    const error = classifyError(
      APIError.generate(status, { error: body }, undefined, new Headers()),
      context,
    );
    expect(error.kind).toBe('context-overflow');
    expect(error.message).toBe(
      "The conversation was longer than the model's context window, even after compression. " +
        'Raise Context window in Settings if the model allows more, or start a new chat.',
    );
  });

  it('leaves other refusals alone', () => {
    expect(isContextOverflow('Invalid value for temperature: 3')).toBe(false);
    expect(isContextOverflow('max_tokens must be at least 1')).toBe(false);
    const error = classifyError(
      APIError.generate(
        400,
        { error: { message: 'Invalid value for temperature' } },
        undefined,
        new Headers(),
      ),
      context,
    );
    expect(error.kind).toBe('rejected');
  });

  it('recognises the code alone, whatever the message says', () => {
    expect(isContextOverflow('Bad request', 'context_length_exceeded')).toBe(true);
  });
});
