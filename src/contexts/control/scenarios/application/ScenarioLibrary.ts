/** A shipped scenario as listed: its name, what it shows, and the file it comes from. */
export interface ScenarioEntry {
  readonly name: string;
  readonly description: string;
  readonly file: string;
}

/**
 * The scenarios shipped with gwsim (demo/scenarios), usable by name: `POST /_sim/labs/{lab}/scenario {use}`,
 * `POST /_sim/labs {scenario: "<name>"}`, `gwsim scenario run <name>`. `find` answers the document with the files
 * it references embedded, or undefined for an unknown name.
 */
export abstract class ScenarioLibrary {
  abstract list(): readonly ScenarioEntry[];
  abstract find(name: string): Record<string, unknown> | undefined;
}
