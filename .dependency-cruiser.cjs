/**
 * The import rules of gwsim (ARCHITECTURE.md, "Layers"), checked by `npm run check:imports` inside `npm test`.
 * TypeScript sources are parsed with swc (TypeScript 7 has no compiler API), `import type` included.
 */
const FRAMEWORKS = '(^|/)node_modules/(koa|@koa|koa-body|typeorm|typeorm-pglite|@electric-sql|pg|inversify|class-validator|class-transformer|class-validator-jsonschema|pino|proper-lockfile|commander)/';

module.exports = {
  forbidden: [
    {
      name: 'contexts-never-import-app',
      comment: 'The composition root imports the contexts, never the other way round.',
      severity: 'error',
      from: { path: '^src/(contexts|shared)/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'contexts-meet-through-index',
      comment: "A context imports another context only through that context's index.ts.",
      severity: 'error',
      from: { path: '^src/contexts/([^/]+)/' },
      to: { path: '^src/contexts/[^/]+/', pathNot: ['^src/contexts/$1/', '^src/contexts/[^/]+/index\\.ts$'] },
    },
    {
      name: 'domain-imports-no-framework',
      comment: 'domain/ is plain TypeScript: no HTTP, SQL, container or validation framework.',
      severity: 'error',
      from: { path: '/domain/' },
      to: { path: FRAMEWORKS },
    },
    {
      name: 'domain-imports-no-outer-layer',
      comment: 'domain/ imports only domain code (its own, the shared kernel\'s, other contexts\' public faces).',
      severity: 'error',
      from: { path: '/domain/' },
      to: { path: '/(application|infrastructure|interface)/' },
    },
    {
      name: 'shared-kernel-imports-no-context',
      comment: 'src/shared is the kernel every context builds on; it knows no context.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/contexts/' },
    },
    {
      name: 'packages-never-import-src',
      comment: 'packages/ are domain-free libraries with their own tests.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(src|test)/' },
    },
    {
      name: 'no-circular-between-contexts',
      comment: 'Contexts depend on each other in one direction only.',
      severity: 'error',
      from: { path: '^src/contexts/([^/]+)/' },
      to: { circular: true, path: '^src/contexts/', pathNot: '^src/contexts/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['main', 'types'],
    },
  },
};
