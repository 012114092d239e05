/** A response other than plain JSON: text, HTML, a file, or an empty 200. */
export class Reply {
  private constructor(
    readonly kind: 'json' | 'serialized' | 'text' | 'html' | 'empty' | 'file',
    readonly body: unknown,
    readonly contentType: string | undefined,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  static json(value: unknown): Reply {
    return new Reply('json', value, 'application/json; charset=utf-8');
  }

  /** JSON already serialised: for constant answers read very often (the version operation is a health probe). */
  static serializedJson(json: string): Reply {
    return new Reply('serialized', json, 'application/json; charset=utf-8');
  }

  static text(value: string): Reply {
    return new Reply('text', value, 'text/plain; charset=utf-8');
  }

  static html(value: string): Reply {
    return new Reply('html', value, 'text/html; charset=utf-8');
  }

  static empty(): Reply {
    return new Reply('empty', undefined, undefined);
  }

  /** A download: `filename` is sent in ASCII (others replaced by _) and in full as RFC 5987 `filename*`. */
  static file(content: Buffer | string, filename: string, contentType = 'application/octet-stream'): Reply {
    const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return new Reply('file', content, contentType, {
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    });
  }

  /** The same reply with more headers (lower-case names), e.g. an ETag. */
  withHeaders(headers: Readonly<Record<string, string>>): Reply {
    return new Reply(this.kind, this.body, this.contentType, { ...this.headers, ...headers });
  }
}
