import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaToZod } from './json-schema-to-zod';

const WAREHOUSE = {
  type: 'object',
  properties: {
    sku: { type: 'string', description: 'The product SKU' },
    warehouse: { type: 'string', enum: ['north', 'south'] },
    limit: { type: 'integer' },
    ratio: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    exact: { type: 'boolean' },
  },
  required: ['sku'],
  additionalProperties: false,
};

function issues(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

describe('JSON Schema to zod', () => {
  const schema = jsonSchemaToZod(WAREHOUSE);

  it('accepts arguments of every declared type', () => {
    const args = {
      sku: 'A-1',
      warehouse: 'north',
      limit: 3,
      ratio: 0.5,
      tags: ['x', 'y'],
      exact: true,
    };
    expect(schema.parse(args)).toEqual(args);
    expect(schema.parse({ sku: 'A-1' })).toEqual({ sku: 'A-1' });
  });

  it('refuses each bad argument at its path', () => {
    expect(issues(schema, {})).toEqual(['sku']);
    expect(issues(schema, { sku: 1 })).toEqual(['sku']);
    expect(issues(schema, { sku: 'a', warehouse: 'east' })).toEqual(['warehouse']);
    expect(issues(schema, { sku: 'a', limit: 1.5 })).toEqual(['limit']);
    expect(issues(schema, { sku: 'a', ratio: 'half' })).toEqual(['ratio']);
    expect(issues(schema, { sku: 'a', tags: ['x', 2] })).toEqual(['tags.1']);
    expect(issues(schema, { sku: 'a', exact: 'yes' })).toEqual(['exact']);
    expect(issues(schema, { sku: 'a', extra: 1 })).toEqual(['']);
  });

  it('round-trips to the JSON Schema the model is offered', () => {
    const back = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<
      string,
      unknown
    >;
    expect(back.required).toEqual(['sku']);
    expect(back.properties).toMatchObject({
      sku: { type: 'string', description: 'The product SKU' },
      warehouse: { enum: ['north', 'south'] },
      limit: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    });
  });

  it('keeps an MCP server’s bounds and nested objects, and lets unknown keywords through', () => {
    const mcp = jsonSchemaToZod({
      type: 'object',
      properties: {
        a: { type: 'number', minimum: 0, maximum: 10 },
        point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        anything: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['a'],
    });
    expect(issues(mcp, { a: 11 })).toEqual(['a']);
    expect(issues(mcp, { a: 1, point: {} })).toEqual(['point.x']);
    expect(mcp.parse({ a: 1, anything: 'x', other: true })).toEqual({
      a: 1,
      anything: 'x',
      other: true,
    });
  });
});
