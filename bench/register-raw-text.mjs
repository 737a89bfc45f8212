import { register } from 'node:module';

register('./raw-text-hooks.mjs', import.meta.url);
