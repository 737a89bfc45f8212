import { describe, expect, it } from 'vitest';
import {
  parseDeclarations,
  restoreSecrets,
  SECRET_PLACEHOLDER,
  withoutSecrets,
} from './tool-declaration';

const VALID = {
  name: 'search_warehouse',
  description: 'Looks up the stock of a product by its SKU and returns the quantity on hand.',
  parameters: {
    type: 'object',
    properties: {
      sku: { type: 'string', description: 'The product SKU' },
      warehouse: { type: 'string', enum: ['north', 'south'] },
      limit: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
      exact: { type: 'boolean' },
    },
    required: ['sku'],
  },
  endpoint: 'https://stock.example/invoke/search_warehouse',
  method: 'GET',
  headers: { 'X-Api-Key': 'k-123' },
  timeout_secs: 30,
  retries: 1,
  result: '/data/items',
};

function problemsOf(changes: Record<string, unknown>): string[] {
  const result = parseDeclarations(JSON.stringify({ ...VALID, ...changes }));
  return result.ok ? [] : result.problems;
}

describe('a tool declaration', () => {
  it('is accepted with every field, and keeps what it says', () => {
    const result = parseDeclarations(JSON.stringify(VALID));
    expect(result).toEqual({ ok: true, declarations: [VALID] });
  });

  it('gets the documented defaults for method, timeout and retries', () => {
    const { method, headers, timeout_secs, retries, result, ...minimal } = VALID;
    const parsed = parseDeclarations(JSON.stringify(minimal));
    expect(parsed.ok && parsed.declarations[0]).toMatchObject({
      method: 'POST',
      timeout_secs: 15,
      retries: 2,
    });
  });

  it('accepts an array of several, and http on this computer', () => {
    const second = { ...VALID, name: 'local_tool', endpoint: 'http://127.0.0.1:9100/invoke' };
    const parsed = parseDeclarations(JSON.stringify([VALID, second]));
    expect(parsed.ok && parsed.declarations.map((d) => d.name)).toEqual([
      'search_warehouse',
      'local_tool',
    ]);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    [
      'a missing endpoint',
      { endpoint: undefined },
      'Tool search_warehouse: `endpoint` is required: the https URL the call is sent to.',
    ],
    [
      'an ftp endpoint',
      { endpoint: 'ftp://stock.example/x' },
      'Tool search_warehouse: `endpoint` must be an https URL (http only on this computer); got `ftp://stock.example/x`.',
    ],
    [
      'plain http to a public host',
      { endpoint: 'http://stock.example/x' },
      'Tool search_warehouse: `endpoint` must be an https URL (http only on this computer); got `http://stock.example/x`.',
    ],
    [
      'an endpoint that is not a URL',
      { endpoint: 'stock' },
      'Tool search_warehouse: `endpoint` must be an https URL; got `stock`.',
    ],
    [
      'credentials in the endpoint',
      { endpoint: 'https://me:pw@stock.example/x' },
      'Tool search_warehouse: `endpoint` must not carry a user name or password; put credentials in `headers`.',
    ],
    [
      'a query in the endpoint',
      { endpoint: 'https://stock.example/x?a=1' },
      'Tool search_warehouse: `endpoint` must not have a query or fragment; the arguments are added by the call.',
    ],
    [
      'a name that is not snake_case',
      { name: 'Search-Warehouse' },
      'Tool Search-Warehouse: `name` must be snake_case (lowercase letters, digits and _, starting with a letter, at most 48).',
    ],
    [
      'a built-in name',
      { name: 'fetch' },
      'Tool fetch: `name` is the name of a built-in tool; choose another.',
    ],
    ['an mcp__ name', { name: 'mcp__x__y' }, 'Tool mcp__x__y: `name` must not start with mcp__.'],
    [
      'no name',
      { name: undefined },
      'Tool #1 (no name): `name` is required: a snake_case name like search_warehouse.',
    ],
    [
      'a short description',
      { description: 'stock' },
      'Tool search_warehouse: `description` must say in at least 10 characters what the tool does.',
    ],
    [
      'parameters that are not an object schema',
      { parameters: { type: 'array', properties: {} } },
      'Tool search_warehouse: `parameters.type` must be "object".',
    ],
    [
      'a parameter of an unsupported type',
      { parameters: { type: 'object', properties: { when: { type: 'date' } } } },
      'Tool search_warehouse: `parameters.properties.when` must be a JSON Schema of type string, number, integer, boolean, an enum, or an array of those.',
    ],
    [
      'a required name that is no property',
      { parameters: { type: 'object', properties: {}, required: ['sku'] } },
      'Tool search_warehouse: `parameters.required` names "sku", which is not one of the properties.',
    ],
    ['a PUT method', { method: 'PUT' }, 'Tool search_warehouse: `method` must be "GET" or "POST".'],
    [
      'a cookie header',
      { headers: { Cookie: 'a=b' } },
      'Tool search_warehouse: `headers.Cookie` is set by the browser and cannot be declared.',
    ],
    [
      'an empty header value',
      { headers: { 'X-Api-Key': '' } },
      'Tool search_warehouse: `headers.X-Api-Key` must not be empty.',
    ],
    [
      'a header value over two lines',
      { headers: { 'X-Api-Key': 'a\nb' } },
      'Tool search_warehouse: `headers.X-Api-Key` must be on one line.',
    ],
    [
      'a timeout over two minutes',
      { timeout_secs: 121 },
      'Tool search_warehouse: `timeout_secs` must be a whole number from 1 to 120.',
    ],
    [
      'a timeout that is text',
      { timeout_secs: '15' },
      'Tool search_warehouse: `timeout_secs` must be a whole number from 1 to 120.',
    ],
    [
      'too many retries',
      { retries: 4 },
      'Tool search_warehouse: `retries` must be a whole number from 0 to 3.',
    ],
    [
      'a result that is no JSON pointer',
      { result: 'data.items' },
      'Tool search_warehouse: `result` must be a JSON pointer like "/data/items" (or "").',
    ],
    [
      'a field that does not exist',
      { executor: 'http://localhost:9100/invoke' },
      'Tool search_warehouse: `executor` is not allowed (the fields are name, description, parameters, endpoint, method, headers, timeout_secs, retries, result).',
    ],
  ];

  for (const [what, changes, sentence] of bad) {
    it(`is refused for ${what}, with a sentence naming the tool and the field`, () => {
      expect(problemsOf(changes)).toEqual([sentence]);
    });
  }

  it('is refused whole when one of a list is bad: nothing half-valid comes back', () => {
    const result = parseDeclarations(
      JSON.stringify([VALID, { ...VALID, name: 'other_tool', retries: -1 }]),
    );
    expect(result).toEqual({
      ok: false,
      problems: ['Tool other_tool: `retries` must be a whole number from 0 to 3.'],
    });
  });

  it('is refused when the name is taken, in the list or by a stored tool', () => {
    expect(parseDeclarations(JSON.stringify([VALID, VALID]))).toEqual({
      ok: false,
      problems: ['Tool search_warehouse: `name` is used by another tool in the same list.'],
    });
    expect(parseDeclarations(JSON.stringify(VALID), ['search_warehouse'])).toEqual({
      ok: false,
      problems: [
        'Tool search_warehouse: `name` is already taken by a declared tool; Edit it instead.',
      ],
    });
  });

  it('is refused when the text is not JSON', () => {
    const result = parseDeclarations('{ name: ');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatch(/^The text is not valid JSON: /);
  });
});

describe('secret header values', () => {
  it('are replaced by the placeholder in exports, and kept on an edit that leaves it', () => {
    const stored = parseDeclarations(JSON.stringify(VALID));
    if (!stored.ok) throw new Error('fixture is valid');
    const exported = withoutSecrets(stored.declarations[0]!);
    expect(JSON.stringify(exported)).not.toContain('k-123');
    expect(exported.headers).toEqual({ 'X-Api-Key': SECRET_PLACEHOLDER });
    expect(restoreSecrets(exported, stored.declarations[0])).toEqual({
      ok: true,
      declaration: stored.declarations[0],
    });
    expect(restoreSecrets(exported, undefined)).toEqual({
      ok: false,
      problem:
        'Tool search_warehouse: `headers.X-Api-Key` is the placeholder <secret>; paste the real value.',
    });
  });
});
