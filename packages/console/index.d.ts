/** A file of the console, served under /_sim/console/<name>. */
export interface ConsoleFile {
  readonly file: string;
  readonly type: string;
}
export declare function consoleFiles(): Record<string, ConsoleFile>;
export declare function importMap(base: string): { imports: Record<string, string> };
