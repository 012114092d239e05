/** Which engine serves the DataSource: the embedded one (PGlite, one connection) or a PostgreSQL server. */
export class DatabaseKind {
  constructor(readonly embedded: boolean) {}
}
