// Zod compiles object schemas with `new Function` where it may, and probes for that with a `Function('')` it
// catches. The app's Content-Security-Policy has no 'unsafe-eval', so that probe was refused and reported on every
// page that checks data with a shared schema. The web app parses without compiling (the server keeps Zod's default).
//
// Zod keeps its configuration on globalThis.__zod_globalConfig (one object for every copy of Zod) and adopts an
// object already there. Setting `jitless` on it here, first thing in main.tsx, reaches Zod before any schema is used
// without importing Zod into the first bundle (Zod comes with the pages that need it). zodWithoutEval.test.ts checks
// that Zod still reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
