/**
 * Why a call could not get its media ports: the node's RTP range has no free pair left (`range`), or the process
 * holds as many files as it may (`files`: EMFILE, or ENFILE for the whole host). Either way the call cannot be
 * anchored, and the gateway refuses it (503, RFC 3261 section 21.5.4) rather than carry it without its relay.
 */
export class MediaPortsUnavailable extends Error {
  override readonly name = 'MediaPortsUnavailable';

  constructor(
    readonly reason: 'range' | 'files',
    message: string,
  ) {
    super(message);
  }
}

/** The errno codes of a process (EMFILE) or a host (ENFILE) out of file descriptors. */
const OUT_OF_FILES = new Set(['EMFILE', 'ENFILE']);

/** Whether an error (a bind's, a socket's) says the process or the host has no file descriptor left. */
export function outOfFiles(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && OUT_OF_FILES.has(code)) return true;
  return error instanceof Error && /\bE[MN]FILE\b/.test(error.message);
}
