import type { ErrorDetail } from '@intake/errors';
import { codePointLength, describeList, fieldPath, indexPath, isPlainObject } from './detail-paths';
import { ITEM_LIMITS } from './item-type-rules';
import { SCHEMA_TYPES, type SchemaType, type StructuredSchema } from './item-definition';

const SCHEMA_KEYWORDS = ['type', 'required', 'properties', 'items', 'enum', 'description'] as const;
const SCALAR_TYPES: readonly SchemaType[] = ['string', 'number', 'integer', 'boolean'];

/**
 * Checks an untrusted schema and returns a normalised copy, or undefined when `details` gained an entry.
 * Keywords that cannot apply to the node's type (`properties` on a string) are refused rather than
 * ignored, so an owner never believes a rule is enforced when it is not.
 */
export function parseStructuredSchema(
  input: unknown,
  path: string,
  details: ErrorDetail[],
): StructuredSchema | undefined {
  const budget = { nodes: 0 };
  return parseNode(input, path, details, 1, budget);
}

function parseNode(
  input: unknown,
  path: string,
  details: ErrorDetail[],
  depth: number,
  budget: { nodes: number },
): StructuredSchema | undefined {
  const before = details.length;
  if (!isPlainObject(input)) {
    details.push({ path, message: 'must be an object' });
    return undefined;
  }
  budget.nodes += 1;
  if (budget.nodes > ITEM_LIMITS.schemaNodesMax) {
    // Reported once, on the node that crossed the line; deeper nodes stop here.
    if (budget.nodes === ITEM_LIMITS.schemaNodesMax + 1) {
      details.push({ path, message: `has too many nodes (at most ${ITEM_LIMITS.schemaNodesMax} in a schema)` });
    }
    return undefined;
  }
  if (depth > ITEM_LIMITS.schemaDepthMax) {
    details.push({ path, message: `nests too deeply (at most ${ITEM_LIMITS.schemaDepthMax} levels)` });
    return undefined;
  }

  for (const keyword of Object.keys(input)) {
    if (!(SCHEMA_KEYWORDS as readonly string[]).includes(keyword)) {
      details.push({ path: fieldPath(path, keyword), message: 'is not a supported schema keyword' });
    }
  }

  const type = input['type'];
  if (type === undefined) {
    details.push({ path: fieldPath(path, 'type'), message: 'is required' });
    return undefined;
  }
  if (typeof type !== 'string' || !(SCHEMA_TYPES as readonly string[]).includes(type)) {
    details.push({ path: fieldPath(path, 'type'), message: `must be one of ${SCHEMA_TYPES.join(', ')}` });
    return undefined;
  }
  const schemaType = type as SchemaType;
  const schema: StructuredSchema = { type: schemaType };

  const refuseFor = (keyword: string): void => {
    details.push({ path: fieldPath(path, keyword), message: `is not accepted for schema type ${schemaType}` });
  };

  const properties = input['properties'];
  if (properties !== undefined) {
    if (schemaType !== 'object') refuseFor('properties');
    else if (!isPlainObject(properties)) {
      details.push({ path: fieldPath(path, 'properties'), message: 'must be an object' });
    } else {
      const names = Object.keys(properties);
      if (names.length > ITEM_LIMITS.schemaPropertiesMax) {
        details.push({
          path: fieldPath(path, 'properties'),
          message: `must not have more than ${ITEM_LIMITS.schemaPropertiesMax} properties`,
        });
      } else {
        const parsed: Record<string, StructuredSchema> = {};
        for (const name of names) {
          const propertyPath = fieldPath(fieldPath(path, 'properties'), name);
          if (name.trim() === '' || codePointLength(name) > ITEM_LIMITS.schemaPropertyNameMaxChars) {
            details.push({
              path: propertyPath,
              message: `property names must be 1 to ${ITEM_LIMITS.schemaPropertyNameMaxChars} characters`,
            });
            continue;
          }
          const child = parseNode(properties[name], propertyPath, details, depth + 1, budget);
          if (child) parsed[name] = child;
        }
        schema.properties = parsed;
      }
    }
  }

  const required = input['required'];
  if (required !== undefined) {
    if (schemaType !== 'object') refuseFor('required');
    else if (!Array.isArray(required)) {
      details.push({ path: fieldPath(path, 'required'), message: 'must be an array of property names' });
    } else {
      const seen = new Map<string, number>();
      required.forEach((name: unknown, index) => {
        const namePath = indexPath(fieldPath(path, 'required'), index);
        if (typeof name !== 'string' || name === '') {
          details.push({ path: namePath, message: 'must be a property name' });
          return;
        }
        const first = seen.get(name);
        if (first !== undefined) {
          details.push({ path: namePath, message: `duplicates ${indexPath(fieldPath(path, 'required'), first)}` });
          return;
        }
        seen.set(name, index);
        // With `properties` given no other property is accepted, so requiring one would be unsatisfiable.
        if (isPlainObject(properties) && !Object.prototype.hasOwnProperty.call(properties, name)) {
          details.push({ path: namePath, message: 'is not a defined property' });
        }
      });
      schema.required = required.filter((name): name is string => typeof name === 'string');
    }
  }

  const items = input['items'];
  if (items !== undefined) {
    if (schemaType !== 'array') refuseFor('items');
    else {
      const child = parseNode(items, fieldPath(path, 'items'), details, depth + 1, budget);
      if (child) schema.items = child;
    }
  }

  const enumValues = input['enum'];
  if (enumValues !== undefined) {
    if (!SCALAR_TYPES.includes(schemaType)) refuseFor('enum');
    else if (!Array.isArray(enumValues) || enumValues.length === 0 || enumValues.length > ITEM_LIMITS.schemaEnumMax) {
      details.push({
        path: fieldPath(path, 'enum'),
        message: `must be an array of 1 to ${ITEM_LIMITS.schemaEnumMax} values`,
      });
    } else {
      const seen: unknown[] = [];
      enumValues.forEach((value: unknown, index) => {
        const valuePath = indexPath(fieldPath(path, 'enum'), index);
        const typeError = scalarTypeError(schemaType, value);
        if (typeError) details.push({ path: valuePath, message: typeError });
        else if (seen.includes(value)) details.push({ path: valuePath, message: 'is listed twice' });
        seen.push(value);
      });
      schema.enum = [...enumValues];
    }
  }

  const description = input['description'];
  if (description !== undefined) {
    if (typeof description !== 'string') {
      details.push({ path: fieldPath(path, 'description'), message: 'must be a string' });
    } else if (codePointLength(description) > ITEM_LIMITS.schemaDescriptionMaxChars) {
      details.push({
        path: fieldPath(path, 'description'),
        message: `must not be longer than ${ITEM_LIMITS.schemaDescriptionMaxChars} characters`,
      });
    } else {
      schema.description = description;
    }
  }

  return details.length === before ? schema : undefined;
}

/** The message for a scalar of the wrong JSON type, or undefined when the type matches. */
function scalarTypeError(type: SchemaType, value: unknown): string | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? undefined : 'must be an integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean';
    case 'object':
      return isPlainObject(value) ? undefined : 'must be an object';
    case 'array':
      return Array.isArray(value) ? undefined : 'must be an array';
  }
}

/**
 * Checks a submitted value against a (parsed) schema. Forms send null for a field left empty, so an
 * optional property that is null counts as absent; a required one that is null or blank is missing.
 */
export function validateStructuredValue(schema: StructuredSchema, value: unknown, path: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  validateNode(schema, value, path, details);
  return details;
}

function validateNode(schema: StructuredSchema, value: unknown, path: string, details: ErrorDetail[]): void {
  const typeError = scalarTypeError(schema.type, value);
  if (typeError) {
    details.push({ path, message: typeError });
    return;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    details.push({ path, message: `must be one of ${describeList(schema.enum)}` });
    return;
  }
  if (schema.type === 'array' && Array.isArray(value)) {
    const items = schema.items;
    if (items)
      value.forEach((element: unknown, index) => validateNode(items, element, indexPath(path, index), details));
    return;
  }
  if (schema.type === 'object' && isPlainObject(value)) {
    const required = new Set(schema.required ?? []);
    for (const name of required) {
      const present = value[name];
      if (present === undefined || present === null || (typeof present === 'string' && present.trim() === '')) {
        details.push({ path: fieldPath(path, name), message: 'is required' });
      }
    }
    const properties = schema.properties;
    if (!properties) return;
    for (const [name, propertyValue] of Object.entries(value)) {
      const propertyPath = fieldPath(path, name);
      const propertySchema = Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : undefined;
      if (!propertySchema) {
        details.push({ path: propertyPath, message: 'is not a known property' });
        continue;
      }
      if (propertyValue === null || propertyValue === undefined) continue;
      if (required.has(name) && typeof propertyValue === 'string' && propertyValue.trim() === '') continue;
      validateNode(propertySchema, propertyValue, propertyPath, details);
    }
  }
}
