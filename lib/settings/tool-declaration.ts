import { z } from 'zod';

/**
 * A tool the user declares instead of writing code: a JSON entry with a name, a description,
 * parameters and an HTTP endpoint. Everything a call will need is checked here, when the
 * declaration is saved, so a field that is optional on paper but needed at run time cannot slip
 * through and fail later with a message nobody can place.
 */

/** Built-in tool names a declaration may not take (the main agent's and the sub-agent's). */
export const RESERVED_TOOL_NAMES = [
  'list_tabs',
  'read_tab',
  'fetch',
  'agentic_fetch',
  'web_fetch',
  'web_search',
  'view',
  'grep',
  'glob',
] as const;

/** The main agent's built-in tools as Settings → Tools lists them, each with a switch. */
export const BUILT_IN_MAIN_TOOLS = [
  { name: 'list_tabs', description: 'Lists the open tabs of your window (titles and addresses).' },
  { name: 'read_tab', description: 'Reads a tab you name, after asking you.' },
  { name: 'fetch', description: 'Fetches a web page, after asking you.' },
  {
    name: 'agentic_fetch',
    description: 'Runs a Fetch Analysis: a helper that fetches and searches, asking you each time.',
  },
] as const;

/** Shown instead of a header value in exports and in the edit box: values are secrets. */
export const SECRET_PLACEHOLDER = '<secret>';

const DECLARATION_FIELDS = [
  'name',
  'description',
  'parameters',
  'endpoint',
  'method',
  'headers',
  'timeout_secs',
  'retries',
  'result',
] as const;

const SCALAR_TYPES = ['string', 'number', 'integer', 'boolean'] as const;

const scalarSchema = z
  .object(
    {
      type: z.enum(SCALAR_TYPES, {
        error: 'must have a `type` of string, number, integer or boolean',
      }),
      description: z.string({ error: 'must be a string' }).optional(),
      enum: z
        .array(z.union([z.string(), z.number(), z.boolean()]), {
          error: 'must be a list of allowed values',
        })
        .min(1, 'must list at least one allowed value')
        .optional(),
    },
    { error: 'must be a JSON Schema object' },
  )
  .strict();

const propertySchema = z.union(
  [
    scalarSchema,
    z
      .object({
        type: z.literal('array'),
        description: z.string({ error: 'must be a string' }).optional(),
        items: scalarSchema,
      })
      .strict(),
  ],
  {
    error:
      'must be a JSON Schema of type string, number, integer, boolean, an enum, or an array of those',
  },
);

const parametersSchema = z
  .object(
    {
      type: z.literal('object', { error: 'must be "object"' }),
      properties: z.record(
        z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'names must be letters, digits and _'),
        propertySchema,
        { error: 'must be an object of named parameters' },
      ),
      required: z.array(z.string(), { error: 'must be a list of parameter names' }).optional(),
      additionalProperties: z.boolean().optional(),
    },
    { error: 'must be a JSON Schema object like {"type": "object", "properties": {…}}' },
  )
  .strict()
  .superRefine((value, context) => {
    for (const name of value.required ?? []) {
      if (!(name in value.properties)) {
        context.addIssue({
          code: 'custom',
          path: ['required'],
          message: `names "${name}", which is not one of the properties`,
        });
      }
    }
  });

function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '[::1]'
  );
}

function shorten(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}…` : value;
}

const endpointSchema = z
  .string({ error: 'is required: the https URL the call is sent to' })
  .trim()
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({
        code: 'custom',
        message: `must be an https URL; got \`${shorten(value)}\``,
      });
      return;
    }
    const loopback = isLoopbackHost(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
      context.addIssue({
        code: 'custom',
        message: `must be an https URL (http only on this computer); got \`${shorten(value)}\``,
      });
    } else if (url.username !== '' || url.password !== '') {
      context.addIssue({
        code: 'custom',
        message: 'must not carry a user name or password; put credentials in `headers`',
      });
    } else if (url.search !== '' || url.hash !== '') {
      context.addIssue({
        code: 'custom',
        message: 'must not have a query or fragment; the arguments are added by the call',
      });
    }
  });

/** Headers the browser owns or that would leak the user's session; never declared. */
const FORBIDDEN_HEADERS = new Set([
  'cookie',
  'host',
  'content-length',
  'origin',
  'referer',
  'connection',
  'transfer-encoding',
]);

const headersSchema = z
  .record(
    z.string(),
    z
      .string({ error: 'must be a string' })
      .min(1, 'must not be empty')
      .refine((value) => !/[\r\n]/.test(value), 'must be on one line'),
    { error: 'must be an object of header names and values' },
  )
  .superRefine((value, context) => {
    for (const name of Object.keys(value)) {
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
        context.addIssue({ code: 'custom', path: [name], message: 'is not a valid header name' });
      } else if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'is set by the browser and cannot be declared',
        });
      }
    }
  });

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

export const toolDeclarationSchema = z
  .object(
    {
      name: z
        .string({ error: 'is required: a snake_case name like search_warehouse' })
        .regex(
          /^[a-z][a-z0-9_]{0,47}$/,
          'must be snake_case (lowercase letters, digits and _, starting with a letter, at most 48)',
        )
        .refine(
          (name) => !(RESERVED_TOOL_NAMES as readonly string[]).includes(name),
          'is the name of a built-in tool; choose another',
        )
        .refine((name) => !name.startsWith('mcp__'), 'must not start with mcp__'),
      description: z
        .string({ error: 'is required: one or two sentences telling the model what it does' })
        .trim()
        .min(10, 'must say in at least 10 characters what the tool does')
        .max(1000, 'must be at most 1,000 characters'),
      parameters: parametersSchema,
      endpoint: endpointSchema,
      method: z.enum(['GET', 'POST'], { error: 'must be "GET" or "POST"' }).default('POST'),
      headers: headersSchema.optional(),
      timeout_secs: wholeNumber(1, 120).default(15),
      retries: wholeNumber(0, 3).default(2),
      result: z
        .string({ error: 'must be a JSON pointer string like "/data/items"' })
        .regex(/^(\/([^~/]|~[01])*)*$/, 'must be a JSON pointer like "/data/items" (or "")')
        .optional(),
    },
    { error: 'must be a JSON object' },
  )
  .strict();

/** A declaration as stored: every default filled in. */
export type ToolDeclaration = z.output<typeof toolDeclarationSchema>;

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `\`${[...issue.path, key].map(String).join('.')}\``);
    const where = issue.path.length === 0 ? `the fields are ${DECLARATION_FIELDS.join(', ')}` : '';
    return `${keys.join(', ')} ${keys.length === 1 ? 'is' : 'are'} not allowed${where ? ` (${where})` : ''}`;
  }
  const path = fieldPath(issue.path);
  return path === '' ? issue.message : `\`${path}\` ${issue.message}`;
}

export type DeclarationsParse =
  | { ok: true; declarations: ToolDeclaration[] }
  | { ok: false; problems: string[] };

/**
 * Reads pasted or imported JSON: one declaration or an array of them. Every problem becomes a
 * sentence naming the tool (or its position when it has no usable name) and the field; nothing
 * is returned as valid unless all of them are.
 */
export function parseDeclarations(text: string, taken: readonly string[] = []): DeclarationsParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [`The text is not valid JSON: ${(error as Error).message}.`],
    };
  }
  const entries = Array.isArray(json) ? json : [json];
  if (entries.length === 0) return { ok: false, problems: ['The list has no tool in it.'] };
  const problems: string[] = [];
  const declarations: ToolDeclaration[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const rawName = (entry as { name?: unknown } | null)?.name;
    const label =
      typeof rawName === 'string' && rawName !== ''
        ? `Tool ${rawName}`
        : `Tool #${index + 1} (no name)`;
    const parsed = toolDeclarationSchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${label}: ${describeIssue(issue)}.`);
      return;
    }
    const { name } = parsed.data;
    if (seen.has(name)) {
      problems.push(`${label}: \`name\` is used by another tool in the same list.`);
    } else if (taken.includes(name)) {
      problems.push(`${label}: \`name\` is already taken by a declared tool; Edit it instead.`);
    }
    seen.add(name);
    declarations.push(parsed.data);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, declarations };
}

/** The declaration as shown in Export and the edit box: header values replaced by the placeholder. */
export function withoutSecrets(declaration: ToolDeclaration): ToolDeclaration {
  if (!declaration.headers) return declaration;
  return {
    ...declaration,
    headers: Object.fromEntries(
      Object.keys(declaration.headers).map((name) => [name, SECRET_PLACEHOLDER]),
    ),
  };
}

/**
 * An edited declaration whose header values are still the placeholder keeps the stored values;
 * a placeholder for a header that has no stored value is a problem for the user to fix.
 */
export function restoreSecrets(
  edited: ToolDeclaration,
  stored: ToolDeclaration | undefined,
): { ok: true; declaration: ToolDeclaration } | { ok: false; problem: string } {
  if (!edited.headers) return { ok: true, declaration: edited };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(edited.headers)) {
    if (value !== SECRET_PLACEHOLDER) {
      headers[name] = value;
      continue;
    }
    const kept = stored?.headers?.[name];
    if (kept === undefined) {
      return {
        ok: false,
        problem: `Tool ${edited.name}: \`headers.${name}\` is the placeholder ${SECRET_PLACEHOLDER}; paste the real value.`,
      };
    }
    headers[name] = kept;
  }
  return { ok: true, declaration: { ...edited, headers } };
}
