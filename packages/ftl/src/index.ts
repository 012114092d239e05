/**
 * @gwsim/ftl: a FreeMarker-style template engine for the subset documented in README.md.
 */
import { Template, type TemplateOptions } from './Template.js';

export { Template, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_STEPS, type TemplateOptions } from './Template.js';
export { TemplateError } from './TemplateError.js';

/** Compiles a template; syntax errors throw a TemplateError with the line and column. */
export function compileTemplate(source: string, options?: TemplateOptions): Template {
  return new Template(source, options);
}
