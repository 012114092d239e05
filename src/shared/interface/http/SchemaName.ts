/**
 * The OpenAPI schema name of a wire class whose name in the specification differs from the class's own (requests
 * are `…Dto`, answers `…View`): the documents key their schemas by class name, so this sets the class's `name`.
 */
export function SchemaName(name: string): ClassDecorator {
  return (target) => {
    Object.defineProperty(target, 'name', { value: name, configurable: true });
  };
}
