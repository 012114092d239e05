import { EXIT } from './exitCodes.js';

/** Whether an error is a write to a pipe whose reader has gone (`gwsim openapi | head`). */
export function isClosedPipe(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EPIPE';
}

/**
 * A standard output or error whose reader has gone ends the command at once, silently, with exit code 0: the
 * reader wanted no more (`gwsim openapi | head`). Any other error of the streams is thrown on as before.
 * `gwsim serve` logs through a stream of its own, so this never cuts a server's shutdown short.
 */
export function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error) => {
      if (!isClosedPipe(error)) throw error;
      process.exit(EXIT.ok);
    });
  }
}
