/** A response other than plain JSON: text, HTML, a file, or an empty 200. */
export class Reply {
  private constructor(
    readonly kind: 'json' | 'text' | 'html' | 'empty' | 'file',
    readonly body: unknown,
    readonly contentType: string | undefined,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  static json(value: unknown): Reply {
    return new Reply('json', value, 'application/json; charset=utf-8');
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

  static file(content: Buffer | string, filename: string, contentType = 'application/octet-stream'): Reply {
    const safe = filename.replace(/["\\\r\n]/g, '_');
    return new Reply('file', content, contentType, {
      'content-disposition': `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    });
  }
}
