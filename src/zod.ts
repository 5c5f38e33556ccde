import { config } from 'zod/v4/core';

/**
 * zod as the console loads it (vite.config.ts points the contract's `zod` here): the same API,
 * set never to compile parsers. Zod probes whether it may (`new Function`) as a schema is built;
 * the console's CSP has no 'unsafe-eval', and the browser reports the probe as a violation even
 * though zod catches it. Only the screens that check with a schema load this, in their chunk.
 */
config({ jitless: true });

export * from 'zod/v4';
