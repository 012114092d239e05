/** How the composition root asks a context module for its adapters: TypeORM on PostgreSQL, or in-memory fakes. */
export interface ContextModuleOptions {
  readonly store: 'typeorm' | 'memory';
}
