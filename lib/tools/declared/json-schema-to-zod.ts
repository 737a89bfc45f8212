import { z } from 'zod';

/**
 * Turns a tool's JSON Schema (a declaration's `parameters`, an MCP server's `inputSchema`) into
 * the zod schema the loop validates the model's arguments with, so a declared tool's arguments
 * are checked like a built-in's and bad ones go back to the model as a tool error.
 *
 * Declarations are limited to scalars, enums and arrays of those (checked when saved); an MCP
 * server may send more, so objects nest, and a keyword this does not know accepts any value
 * rather than refusing calls the server itself would take.
 */
export function jsonSchemaToZod(schema: unknown): z.ZodType {
  if (!schema || typeof schema !== 'object') return z.unknown();
  const node = schema as Record<string, unknown>;
  const described = (type: z.ZodType) =>
    typeof node.description === 'string' ? type.describe(node.description) : type;

  if (Array.isArray(node.enum) && node.enum.length > 0) {
    const values = node.enum as Array<string | number | boolean | null>;
    if (values.every((value) => typeof value === 'string')) {
      return described(z.enum(values as [string, ...string[]]));
    }
    const literals = values.map((value) => z.literal(value));
    return described(
      literals.length === 1
        ? literals[0]!
        : z.union(literals as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]),
    );
  }
  const type = Array.isArray(node.type) ? node.type : [node.type];
  const variants = type.map((name) => typed(name, node));
  if (variants.length === 1) return described(variants[0]!);
  return described(z.union(variants as [z.ZodType, z.ZodType, ...z.ZodType[]]));
}

function typed(type: unknown, node: Record<string, unknown>): z.ZodType {
  switch (type) {
    case 'string': {
      let schema = z.string();
      if (typeof node.minLength === 'number') schema = schema.min(node.minLength);
      if (typeof node.maxLength === 'number') schema = schema.max(node.maxLength);
      return schema;
    }
    case 'number':
    case 'integer': {
      let schema = type === 'integer' ? z.number().int() : z.number();
      if (typeof node.minimum === 'number') schema = schema.min(node.minimum);
      if (typeof node.maximum === 'number') schema = schema.max(node.maximum);
      return schema;
    }
    case 'boolean':
      return z.boolean();
    case 'null':
      return z.null();
    case 'array': {
      let schema = z.array(jsonSchemaToZod(node.items ?? {}));
      if (typeof node.minItems === 'number') schema = schema.min(node.minItems);
      if (typeof node.maxItems === 'number') schema = schema.max(node.maxItems);
      return schema;
    }
    case 'object':
      return objectSchema(node);
    default:
      return node.properties ? objectSchema(node) : z.unknown();
  }
}

function objectSchema(node: Record<string, unknown>): z.ZodType {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const shape: Record<string, z.ZodType> = {};
  for (const [name, property] of Object.entries(properties)) {
    const schema = jsonSchemaToZod(property);
    shape[name] = required.has(name) ? schema : schema.optional();
  }
  const object = z.object(shape);
  return node.additionalProperties === false ? object.strict() : object.loose();
}
