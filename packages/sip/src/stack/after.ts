/**
 * A one-shot timer that never keeps the process alive. What `fn` throws goes to `failed` (a process warning by
 * default), never into the event loop: a faulty retransmission or timeout must not stop the process.
 */
export function after(
  ms: number,
  fn: () => void,
  failed: (error: Error) => void = (error) => process.emitWarning(error),
): NodeJS.Timeout {
  const timer = setTimeout(() => {
    try {
      fn();
    } catch (e) {
      failed(e instanceof Error ? e : new Error(String(e)));
    }
  }, ms);
  timer.unref();
  return timer;
}
