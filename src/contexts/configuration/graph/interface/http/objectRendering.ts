import type { ConfigObject, ParameterValue } from '../../domain/ConfigObject.js';
import { isSecretType } from '../../domain/catalog/ParameterType.js';
import { SortCatalog } from '../../domain/catalog/SortCatalog.js';
import type { AnynodefeView, ConfigObjectView } from './ConfigObjectViews.js';

/**
 * The wire rendering of one configuration object, as the real product shows objects (objects/get, and every
 * typed view that answers an object of the graph, such as nodes/subTreeObject/get): one flat JSON object whose
 * scalars are all strings ("5060", "true", "false", "" for nothing), lists as arrays, records as objects:
 *
 *   { "id", "sort", "displayName", "comment", "visible", "protected", "trMark",
 *     <each parameter of the sort>, <each reference slot: an id ("" for none) or an array of ids>,
 *     "metaData": { "anynodefe": { "compatibility": "0", ...stored metadata,
 *                                  "replication": { "systemIdentifiersEnabled": "false", ...stored },
 *                                  "note", "version": "<n>" } } }
 *
 * Secret parameters (passwords, shared secrets, private keys) are never answered. It lives with the graph so
 * that every view renders objects the one way without importing another view.
 */
export type WireValue = string | readonly WireValue[] | { readonly [key: string]: WireValue };

export function renderValue(value: ParameterValue | undefined): WireValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(renderValue);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v)]));
}

export function renderObject(object: ConfigObject): ConfigObjectView {
  const definition = SortCatalog.of(object.sort);
  const fields: { [key: string]: WireValue } = {};
  const secrets = new Set(definition.parameters.filter((p) => isSecretType(p.type)).map((p) => p.name));
  for (const parameter of definition.parameters) {
    if (!secrets.has(parameter.name))
      fields[parameter.name] = renderValue(object.parameters[parameter.name] ?? parameter.default);
  }
  for (const [name, value] of Object.entries(object.parameters))
    if (!(name in fields) && !secrets.has(name)) fields[name] = renderValue(value);
  for (const slot of definition.references) {
    const ids = object.references[slot.name] ?? [];
    fields[slot.name] = slot.cardinality === 'one' ? (ids[0] ?? '') : [...ids];
  }
  for (const [slot, ids] of Object.entries(object.references)) if (!(slot in fields)) fields[slot] = [...ids];
  const { note: _note, version: _version, ...metadata } = object.metadata;
  const stored = renderValue(metadata) as { [key: string]: WireValue };
  const replication = stored['replication'];
  const anynodefe: AnynodefeView = {
    compatibility: '0',
    ...stored,
    replication: {
      systemIdentifiersEnabled: 'false',
      ...(replication !== null && typeof replication === 'object' && !Array.isArray(replication) ? replication : {}),
    },
    note: object.note,
    version: String(object.version),
  };
  const head = {
    id: object.id,
    sort: object.sort,
    displayName: object.displayName,
    comment: object.common.comment,
    visible: String(object.common.visible),
    protected: String(object.common.protected),
    trMark: String(object.common.trMark),
  };
  // Parameters and slots never shadow the common members (the catalog reserves their names).
  return { ...head, ...fields, ...head, metaData: { anynodefe } };
}
