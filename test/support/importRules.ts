import type { ImportRule } from './importGraph.js';

const FRAMEWORKS =
  /^node_modules\/(koa|@koa\/.+|koa-body|typeorm|typeorm-pglite|@electric-sql\/.+|pg|inversify|class-validator|class-transformer|class-validator-jsonschema|pino|proper-lockfile|commander)$/;

/** The import rules of gwsim (ARCHITECTURE.md, "Layers"), checked over the whole tree in `npm test`. */
export const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: 'contexts-never-import-app',
    why: 'the composition root imports the contexts, never the other way round',
    from: /^src\/(contexts|shared)\//,
    to: /^src\/app\//,
  },
  {
    name: 'contexts-meet-through-index',
    why: "a context imports another context only through that context's index.ts",
    from: /^src\/contexts\/([^/]+)\//,
    to: /^src\/contexts\/[^/]+\//,
    except: (context) => new RegExp(`^src/contexts/(${context}/|[^/]+/index\\.ts$)`),
  },
  {
    name: 'domain-imports-no-framework',
    why: 'domain/ is plain TypeScript: no HTTP, SQL, container or validation framework',
    from: /\/domain\//,
    to: FRAMEWORKS,
  },
  {
    name: 'domain-imports-no-outer-layer',
    why: "domain/ imports only domain code (its own, the shared kernel's, other contexts' public faces)",
    from: /\/domain\//,
    to: /\/(application|infrastructure|interface)\//,
  },
  {
    name: 'shared-kernel-imports-no-context',
    why: 'src/shared is the kernel every context builds on; it knows no context',
    from: /^src\/shared\//,
    to: /^src\/contexts\//,
  },
  {
    name: 'packages-never-import-src',
    why: 'packages/ are domain-free libraries with their own tests',
    from: /^packages\//,
    to: /^(src|test)\//,
  },
];
