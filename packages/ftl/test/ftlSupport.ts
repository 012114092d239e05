import { expect } from 'chai';
import { compileTemplate, TemplateError, type TemplateOptions } from '../src/index.js';

export function render(source: string, model: object = {}, options?: TemplateOptions): string {
  return compileTemplate(source, options).render(model);
}

/** The TemplateError a template gives when compiled or rendered, with its position and description. */
export function failure(
  source: string,
  model: object = {},
  options?: TemplateOptions,
): { line: number; column: number; description: string; message: string } {
  try {
    compileTemplate(source, options).render(model);
  } catch (e) {
    expect(e).to.be.instanceOf(TemplateError);
    const t = e as TemplateError;
    return { line: t.line, column: t.column, description: t.description, message: t.message };
  }
  throw new Error(`expected ${JSON.stringify(source)} to fail`);
}

export const D = new Date(Date.UTC(2026, 10, 23, 7, 30, 5, 0));
export const D_MS = new Date(Date.UTC(2026, 0, 2, 15, 4, 9, 12));
