const USERNAME = /^[^\s:\u0000-\u001f\u007f]{1,64}$/u;

/** Whether `name` can be a local username: 1 to 64 characters, no whitespace, colon or control character. */
export function isValidUsername(name: string): boolean {
  return USERNAME.test(name);
}
