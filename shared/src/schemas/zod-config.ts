import { z } from 'zod';

// In the browser zod must not compile parsers with `new Function`: the Content-Security-Policy
// forbids eval, and even zod's probe for it is reported as a violation. Servers keep the faster
// compiled parsers. zod decides when a schema is built, so every module that builds schemas
// imports this one first, and shared/package.json names it as the package's one side effect so
// the client's bundler keeps it ahead of them (tests/unit/zod-config.test.ts checks both).
if ('document' in globalThis) z.config({ jitless: true });
