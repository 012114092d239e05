/** A line or a description that breaks RFC 4566's grammar. */
export class SdpSyntaxError extends Error {
  constructor(why: string, line?: string) {
    super(line === undefined ? why : `${why}: ${JSON.stringify(line)}`);
    this.name = 'SdpSyntaxError';
  }
}
