import type { ErrorDetail } from '@intake/errors';
import { codePointLength, fieldPath, indexPath, isPlainObject, isPositiveInteger } from './detail-paths';
import {
  CONSTRAINT_KEYS,
  type ConstraintKey,
  type Constraints,
  type ItemDefinition,
  type Proposal,
} from './item-definition';
import { acceptsConstraint, CONSTRAINT_MAXIMUMS, ITEM_LIMITS, ITEM_TYPE_RULES } from './item-type-rules';
import { ASSIGNEES, type Assignee, isDecisionType, isItemType, ITEM_TYPES, type ItemType } from './item-types';
import { parseStructuredSchema } from './structured-schema';
import { compileItemPattern, isPatternRefusal } from './item-pattern';
import { validateMultiselectChoices } from './validate-item-value';

const DEFINITION_FIELDS = [
  'key',
  'type',
  'label',
  'help',
  'required',
  'assignee',
  'constraints',
  'schema',
  'options',
  'pattern',
  'proposed',
] as const satisfies ReadonlyArray<keyof ItemDefinition>;

export interface ParsedItemDefinition {
  /** Present only when `details` is empty. */
  definition?: ItemDefinition;
  details: ErrorDetail[];
}

export interface ParsedItemDefinitions {
  /** Present only when `details` is empty. */
  definitions?: ItemDefinition[];
  details: ErrorDetail[];
}

/**
 * Validates one untrusted item definition (from a JSON request or a template) and normalises it.
 * Every offending field yields one detail under `path`; a definition is returned only when none did.
 * Optional fields may be omitted or null, which means "use the default".
 */
export function parseItemDefinition(input: unknown, path: string): ParsedItemDefinition {
  if (!isPlainObject(input)) return { details: [{ path, message: 'must be an object' }] };
  const details: ErrorDetail[] = [];
  const at = (field: string): string => fieldPath(path, field);

  for (const field of Object.keys(input)) {
    if (!(DEFINITION_FIELDS as readonly string[]).includes(field)) {
      details.push({ path: at(field), message: 'is not a known field' });
    }
  }

  const key = parseKey(input['key'], at('key'), details);
  const type = parseType(input['type'], at('type'), details);
  const label = parseLabel(input['label'], at('label'), details);
  const help = parseHelp(input['help'], at('help'), details);
  const required = parseBoolean(input['required'], at('required'), details, true);
  const assignee = parseAssignee(input['assignee'], at('assignee'), details);

  // Everything below depends on the type; with an unknown type there is nothing sound to check it against.
  if (type === undefined) return { details };

  const rule = ITEM_TYPE_RULES[type];
  const refuse = (field: string): void => {
    details.push({ path: at(field), message: `is not accepted for type ${type}` });
  };

  const constraints = parseConstraints(input['constraints'], type, at('constraints'), details);

  let options: string[] | null = null;
  if (rule.options) options = parseOptions(input['options'], at('options'), details) ?? null;
  else if (isGiven(input['options'])) refuse('options');

  let schema = null;
  if (rule.schema) {
    if (isGiven(input['schema'])) schema = parseStructuredSchema(input['schema'], at('schema'), details) ?? null;
    else details.push({ path: at('schema'), message: 'is required' });
  } else if (isGiven(input['schema'])) refuse('schema');

  let pattern: string | null = null;
  const rawPattern = input['pattern'];
  if (rawPattern !== undefined && rawPattern !== null && rawPattern !== '') {
    if (rule.pattern) pattern = parsePattern(rawPattern, at('pattern'), details) ?? null;
    else refuse('pattern');
  }

  if (options && constraints && type === 'multiselect' && (constraints.min_count ?? 1) > options.length) {
    details.push({
      path: fieldPath(at('constraints'), 'min_count'),
      message: 'must not be greater than the number of options',
    });
  }

  let proposed: Proposal | null = null;
  if (isGiven(input['proposed'])) {
    if (!isDecisionType(type)) refuse('proposed');
    else if (assignee === 'client') {
      details.push({ path: at('proposed'), message: 'is only accepted on owner-assigned items' });
    } else if (assignee === 'owner') {
      proposed = parseProposal(input['proposed'], type, options, constraints, at('proposed'), details) ?? null;
    }
  }

  if (
    details.length > 0 ||
    key === undefined ||
    label === undefined ||
    help === undefined ||
    required === undefined ||
    assignee === undefined ||
    constraints === undefined
  ) {
    return { details };
  }
  return {
    definition: { key, type, label, help, required, assignee, constraints, schema, options, pattern, proposed },
    details,
  };
}

/**
 * Validates the `items` array of a request: each definition, the count, and that keys are unique
 * (docs/contract.md "Item (in intake detail)": unique within the intake); a repeated key is reported on the
 * later occurrence.
 */
export function parseItemDefinitions(inputs: unknown, path = 'items'): ParsedItemDefinitions {
  if (!Array.isArray(inputs)) return { details: [{ path, message: 'must be an array' }] };
  if (inputs.length === 0) return { details: [{ path, message: 'must contain at least one item' }] };
  if (inputs.length > ITEM_LIMITS.itemsPerRequestMax) {
    return { details: [{ path, message: `must not contain more than ${ITEM_LIMITS.itemsPerRequestMax} items` }] };
  }
  const details: ErrorDetail[] = [];
  const definitions: ItemDefinition[] = [];
  const firstIndexOfKey = new Map<string, number>();
  inputs.forEach((input: unknown, index) => {
    const itemPath = indexPath(path, index);
    const parsed = parseItemDefinition(input, itemPath);
    details.push(...parsed.details);
    if (parsed.definition) definitions.push(parsed.definition);
    // Checked on the raw key too, so a duplicate is reported even when the item has other errors.
    const key = isPlainObject(input) ? input['key'] : undefined;
    if (typeof key !== 'string' || !ITEM_LIMITS.keyPattern.test(key)) return;
    const first = firstIndexOfKey.get(key);
    if (first === undefined) firstIndexOfKey.set(key, index);
    else details.push({ path: fieldPath(itemPath, 'key'), message: `duplicates ${indexPath(path, first)}.key` });
  });
  return details.length > 0 ? { details } : { definitions, details };
}

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function parseKey(value: unknown, path: string, details: ErrorDetail[]): string | undefined {
  if (value === undefined || value === null) details.push({ path, message: 'is required' });
  else if (typeof value !== 'string') details.push({ path, message: 'must be a string' });
  else if (!ITEM_LIMITS.keyPattern.test(value)) {
    details.push({
      path,
      message: 'must be 1 to 64 lower-case letters, digits, "_" or "-", starting with a letter or digit',
    });
  } else return value;
  return undefined;
}

function parseType(value: unknown, path: string, details: ErrorDetail[]): ItemType | undefined {
  if (value === undefined || value === null) details.push({ path, message: 'is required' });
  else if (!isItemType(value)) details.push({ path, message: `must be one of ${ITEM_TYPES.join(', ')}` });
  else return value;
  return undefined;
}

function parseLabel(value: unknown, path: string, details: ErrorDetail[]): string | undefined {
  if (value === undefined || value === null) details.push({ path, message: 'is required' });
  else if (typeof value !== 'string') details.push({ path, message: 'must be a string' });
  else {
    const label = value.trim();
    if (label === '') details.push({ path, message: 'must not be blank' });
    else if (codePointLength(label) > ITEM_LIMITS.labelMaxChars) {
      details.push({ path, message: `must not be longer than ${ITEM_LIMITS.labelMaxChars} characters` });
    } else return label;
  }
  return undefined;
}

/**
 * Help is optional text: trimmed, and blank is stored as null like the client brief
 * (docs/contract.md "Client brief").
 */
function parseHelp(value: unknown, path: string, details: ErrorDetail[]): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    details.push({ path, message: 'must be a string or null' });
    return undefined;
  }
  const help = value.trim();
  if (codePointLength(help) > ITEM_LIMITS.helpMaxChars) {
    details.push({ path, message: `must not be longer than ${ITEM_LIMITS.helpMaxChars} characters` });
    return undefined;
  }
  return help === '' ? null : help;
}

function parseBoolean(value: unknown, path: string, details: ErrorDetail[], fallback: boolean): boolean | undefined {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  details.push({ path, message: 'must be a boolean' });
  return undefined;
}

function parseAssignee(value: unknown, path: string, details: ErrorDetail[]): Assignee | undefined {
  if (value === undefined || value === null) return 'client';
  if (typeof value === 'string' && (ASSIGNEES as readonly string[]).includes(value)) return value as Assignee;
  details.push({ path, message: `must be one of ${ASSIGNEES.join(', ')}` });
  return undefined;
}

/**
 * Constraint keys a type does not accept are refused, not dropped, so an owner never believes a limit
 * applies when it does not. A null constraint value means "no limit", which lets a PATCH clear one.
 */
export function parseConstraints(
  value: unknown,
  type: ItemType,
  path: string,
  details: ErrorDetail[],
): Constraints | undefined {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    details.push({ path, message: 'must be an object' });
    return undefined;
  }
  const before = details.length;
  const constraints: Constraints = {};
  for (const [name, raw] of Object.entries(value)) {
    const at = fieldPath(path, name);
    if (!(CONSTRAINT_KEYS as readonly string[]).includes(name)) {
      details.push({ path: at, message: 'is not a known constraint' });
      continue;
    }
    const key = name as ConstraintKey;
    if (raw === null) continue;
    if (!acceptsConstraint(type, key)) {
      details.push({ path: at, message: `is not accepted for type ${type}` });
      continue;
    }
    switch (key) {
      case 'formats': {
        const formats = parseFormats(raw, at, details);
        if (formats) constraints.formats = formats;
        break;
      }
      case 'transparent_background':
        if (typeof raw === 'boolean') constraints.transparent_background = raw;
        else details.push({ path: at, message: 'must be a boolean' });
        break;
      case 'min_width':
      case 'max_chars':
      case 'min_count':
      case 'max_count':
      case 'max_bytes': {
        const maximum = CONSTRAINT_MAXIMUMS[key];
        if (!isPositiveInteger(raw)) details.push({ path: at, message: 'must be a positive integer' });
        else if (raw > maximum) details.push({ path: at, message: `must not be greater than ${maximum}` });
        else constraints[key] = raw;
        break;
      }
    }
  }
  if (
    constraints.min_count !== undefined &&
    constraints.max_count !== undefined &&
    constraints.min_count > constraints.max_count
  ) {
    details.push({ path: fieldPath(path, 'min_count'), message: 'must not be greater than max_count' });
  }
  return details.length === before ? constraints : undefined;
}

/** Extensions are compared in one spelling: lower case, no leading dot (`.PNG` is `png`); repeats collapse. */
function parseFormats(value: unknown, path: string, details: ErrorDetail[]): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > ITEM_LIMITS.formatsMax) {
    details.push({ path, message: `must be an array of 1 to ${ITEM_LIMITS.formatsMax} formats` });
    return undefined;
  }
  const formats: string[] = [];
  let valid = true;
  value.forEach((entry: unknown, index) => {
    const normalised = typeof entry === 'string' ? normaliseFormat(entry) : '';
    if (!ITEM_LIMITS.formatPattern.test(normalised)) {
      details.push({
        path: indexPath(path, index),
        message: 'must be a file extension such as png or pdf (a-z, 0-9, ".", "+", "-"; at most 20 characters)',
      });
      valid = false;
    } else if (!formats.includes(normalised)) formats.push(normalised);
  });
  return valid ? formats : undefined;
}

export function normaliseFormat(value: string): string {
  return value.trim().toLowerCase().replace(/^\./, '');
}

function parseOptions(value: unknown, path: string, details: ErrorDetail[]): string[] | undefined {
  if (value === undefined || value === null) {
    details.push({ path, message: 'is required' });
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > ITEM_LIMITS.optionsMax) {
    details.push({ path, message: `must be an array of 1 to ${ITEM_LIMITS.optionsMax} options` });
    return undefined;
  }
  const firstIndexOf = new Map<string, number>();
  let valid = true;
  value.forEach((entry: unknown, index) => {
    const at = indexPath(path, index);
    const option = typeof entry === 'string' ? entry.trim() : undefined;
    const first = option === undefined ? undefined : firstIndexOf.get(option);
    if (option === undefined) details.push({ path: at, message: 'must be a string' });
    else if (option === '') details.push({ path: at, message: 'must not be blank' });
    else if (codePointLength(option) > ITEM_LIMITS.optionMaxChars) {
      details.push({ path: at, message: `must not be longer than ${ITEM_LIMITS.optionMaxChars} characters` });
    } else if (first !== undefined) details.push({ path: at, message: `duplicates ${indexPath(path, first)}` });
    else {
      firstIndexOf.set(option, index);
      return;
    }
    valid = false;
  });
  return valid ? [...firstIndexOf.keys()] : undefined;
}

function parsePattern(value: unknown, path: string, details: ErrorDetail[]): string | undefined {
  if (typeof value !== 'string') details.push({ path, message: 'must be a string or null' });
  else if (codePointLength(value) > ITEM_LIMITS.patternMaxChars) {
    details.push({ path, message: `must not be longer than ${ITEM_LIMITS.patternMaxChars} characters` });
  } else {
    // Compiled here once: the same cache answers every later value check.
    const compiled = compileItemPattern(value);
    if (!isPatternRefusal(compiled)) return value;
    details.push({ path, message: compiled.message });
  }
  return undefined;
}

function parseProposal(
  value: unknown,
  type: 'select' | 'multiselect',
  options: string[] | null,
  constraints: Constraints | undefined,
  path: string,
  details: ErrorDetail[],
): Proposal | undefined {
  if (!isPlainObject(value)) {
    details.push({ path, message: 'must be an object with value and rationale' });
    return undefined;
  }
  const before = details.length;
  for (const field of Object.keys(value)) {
    if (field !== 'value' && field !== 'rationale') {
      details.push({ path: fieldPath(path, field), message: 'is not a known field' });
    }
  }

  let rationale: string | null = null;
  const rawRationale = value['rationale'];
  if (rawRationale !== undefined && rawRationale !== null) {
    if (typeof rawRationale !== 'string') {
      details.push({ path: fieldPath(path, 'rationale'), message: 'must be a string or null' });
    } else if (codePointLength(rawRationale.trim()) > ITEM_LIMITS.rationaleMaxChars) {
      details.push({
        path: fieldPath(path, 'rationale'),
        message: `must not be longer than ${ITEM_LIMITS.rationaleMaxChars} characters`,
      });
    } else rationale = rawRationale.trim() === '' ? null : rawRationale.trim();
  }

  const valuePath = fieldPath(path, 'value');
  const proposedValue = value['value'];
  if (proposedValue === undefined || proposedValue === null) {
    details.push({ path: valuePath, message: 'is required' });
  } else if (type === 'select') {
    if (typeof proposedValue !== 'string') details.push({ path: valuePath, message: 'must be a string' });
    // Options that failed their own checks cannot be compared against; their details already explain.
    else if (options && !options.includes(proposedValue)) {
      details.push({ path: valuePath, message: 'must be one of the options' });
    }
  } else if (options && constraints) {
    details.push(...validateMultiselectChoices(options, constraints, proposedValue, valuePath));
  } else if (!Array.isArray(proposedValue)) {
    details.push({ path: valuePath, message: 'must be an array' });
  }

  if (details.length > before) return undefined;
  return { value: proposedValue as string | string[], rationale };
}
