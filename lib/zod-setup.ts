import { z } from 'zod';

// Extension CSP forbids eval/new Function. zod decides whether to compile a schema when the
// schema is built, so this must run before any module that defines schemas: import this file
// first in every entrypoint. https://zod.dev/api#jitless
z.config({ jitless: true });
