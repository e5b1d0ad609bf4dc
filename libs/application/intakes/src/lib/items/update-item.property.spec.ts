import {
  isFileType,
  ITEM_TYPE_RULES,
  ITEM_TYPES,
  type ItemDefinition,
  type ItemType,
  parseItemDefinition,
  type SubmittedFile,
  validateFileSet,
  validateItemValue,
} from '@intake/domain-items';
import { givenAccount, givenIntake, givenStoredFile, InMemoryContext, META, writtenState } from '@intake/testing';
import fc from 'fast-check';
import { definitionOf } from '../model/intake-state';
import { fileFacts, type IntakeFile } from '../ports/intake-files.port';
import { type ItemPatch, UpdateItem } from './update-item';

/**
 * PATCH …/items/:key on an answered item, for random definitions, answers and changes: the change is
 * accepted with the answer kept exactly when the answer is valid for the new definition (by the
 * portal's rules, in the new type's shape); otherwise it is 409 item_answer_would_be_discarded,
 * nothing is written, and only discard_submitted_value makes it.
 */

const OPTIONS = ['a', 'b', 'c'];
const SCHEMAS = [
  { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
  { type: 'string' },
  { type: 'array', items: { type: 'integer' } },
];
const PATTERNS = ['[a-z]+', '[a-z@. ]+', '.*\\d.*'];

/** What the portal could have stored for a value item (kept only when valid for the old definition). */
const VALUES: readonly unknown[] = [
  'a',
  'b',
  'Jana',
  'jana',
  'jana@example.com',
  'https://example.com/brief',
  '2026-02-28',
  'one\ntwo',
  'x'.repeat(40),
  'secret 42',
  42,
  2.5,
  true,
  false,
  ['a'],
  ['b', 'c'],
  ['a', 'b', 'c'],
  { a: 'x' },
  { a: 1 },
  [1, 2],
];

/** Facts of uploads the sniffer could have reported. */
const FILES: readonly Partial<IntakeFile>[] = [
  { mime: 'image/png', extension: 'png', size: 1_000, width: 800, height: 600, has_alpha: false },
  { mime: 'image/png', extension: 'png', size: 3_000, width: 200, height: 200, has_alpha: true },
  { mime: 'image/jpeg', extension: 'jpg', size: 4_000, width: 1_600, height: 900, has_alpha: false },
  { mime: 'application/pdf', extension: 'pdf', size: 2_000, width: null, height: null, has_alpha: null },
];

const constraintsFor = (type: ItemType) => {
  const keys = ITEM_TYPE_RULES[type].constraints as readonly string[];
  const arbitraries: Record<string, fc.Arbitrary<unknown>> = {
    formats: fc.subarray(['png', 'jpg', 'pdf', 'docx'], { minLength: 1 }),
    min_width: fc.integer({ min: 100, max: 1_000 }),
    transparent_background: fc.boolean(),
    max_chars: fc.integer({ min: 1, max: 45 }),
    min_count: fc.integer({ min: 1, max: 3 }),
    max_count: fc.integer({ min: 1, max: 3 }),
    max_bytes: fc.integer({ min: 500, max: 5_000 }),
  };
  return fc.record(Object.fromEntries(keys.map((key) => [key, arbitraries[key] as fc.Arbitrary<unknown>])), {
    requiredKeys: [],
  });
};

/** A definition's input as a request would give it (parsed afterwards; invalid ones are skipped). */
const definitionInput = (type: ItemType) =>
  fc.record({
    key: fc.constant('k'),
    type: fc.constant(type),
    label: fc.constant('Item'),
    required: fc.boolean(),
    constraints: constraintsFor(type),
    options: fc.constant(ITEM_TYPE_RULES[type].options ? OPTIONS : null),
    schema: ITEM_TYPE_RULES[type].schema ? fc.constantFrom(...SCHEMAS) : fc.constant(null),
    pattern: ITEM_TYPE_RULES[type].pattern ? fc.option(fc.constantFrom(...PATTERNS), { nil: null }) : fc.constant(null),
  });

/** Types whose answers often carry over, so kept and refused changes both occur. */
const NEIGHBOURS: Record<ItemType, readonly ItemType[]> = {
  text: ['longtext', 'email', 'url', 'date', 'secret', 'number'],
  longtext: ['text', 'secret'],
  secret: ['text', 'longtext'],
  email: ['text', 'url'],
  url: ['text', 'longtext'],
  date: ['text'],
  number: ['text', 'boolean'],
  boolean: ['number', 'text'],
  select: ['multiselect', 'text'],
  multiselect: ['select', 'longtext'],
  structured: ['text'],
  file: ['file_list', 'image', 'text'],
  file_list: ['file', 'image'],
  image: ['file', 'file_list', 'longtext'],
};

const patchTo = (type: ItemType) =>
  fc.record(
    {
      type: fc.constant(type),
      constraints: constraintsFor(type),
      required: fc.boolean(),
      label: fc.constant('Changed'),
    },
    { requiredKeys: ['type'] },
  );

const cases: fc.Arbitrary<Case> = fc.constantFrom(...ITEM_TYPES).chain((type) =>
  fc.record({
    before: definitionInput(type),
    value: fc.constantFrom(...VALUES),
    files: fc.array(fc.constantFrom(...FILES), { minLength: 1, maxLength: 3 }),
    patch: fc
      .oneof(fc.constant(type), fc.constantFrom(...NEIGHBOURS[type]), fc.constantFrom(...ITEM_TYPES))
      .chain(patchTo),
  }),
);

interface Case {
  before: Record<string, unknown>;
  value: unknown;
  files: ReadonlyArray<Partial<IntakeFile>>;
  patch: ItemPatch;
}

/**
 * The contract's answer to "is this answer valid for that definition", stated independently of the
 * use case: the portal's rules on the answer in the new type's shape (a choice and a list of one
 * choice are the same answer, as a file and a list of one file are); files never answer a value
 * item nor a value a file item; a secret never becomes plain, nor plain a secret.
 */
function validFor(after: ItemDefinition, fromType: ItemType, value: unknown, files: SubmittedFile[]): boolean {
  if (isFileType(fromType)) return isFileType(after.type) && validateFileSet(after, files).length === 0;
  if (isFileType(after.type) || (fromType === 'secret') !== (after.type === 'secret')) return false;
  return validateItemValue(after, inShape(fromType, after.type, value)).length === 0;
}

function inShape(from: ItemType, to: ItemType, value: unknown): unknown {
  if (from === 'select' && to === 'multiselect' && typeof value === 'string') return [value];
  if (from === 'multiselect' && to === 'select' && Array.isArray(value) && value.length === 1) return value[0];
  return value;
}

describe('UpdateItem: a change keeps the answer exactly when the answer is valid for the new definition', () => {
  it('holds for random definitions, answers and changes', async () => {
    let kept = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ before, value, files, patch }) => {
        const parsed = parseItemDefinition(before, 'item');
        fc.pre(parsed.definition !== undefined);
        const definition = parsed.definition as ItemDefinition;
        const fileItem = isFileType(definition.type);
        const facts = fileItem ? files.map((f) => fileFacts(f as IntakeFile)) : [];
        // The stored answer was valid when the client submitted it.
        fc.pre(
          fileItem
            ? validateFileSet(definition, facts).length === 0
            : validateItemValue(definition, value).length === 0,
        );

        const context = new InMemoryContext();
        const given = await givenAccount(context);
        const stored = definition.type === 'secret' ? { sealed: context.secretBox.seal(value as string) } : value;
        const { intake } = await givenIntake(context, given, {
          status: 'in_progress',
          items: [{ ...definition, status: 'submitted', value: fileItem ? null : stored }],
        });
        const uploads: IntakeFile[] = [];
        if (fileItem) for (const file of files) uploads.push(await givenStoredFile(context, intake, 'k', file));
        const update = (p: ItemPatch) =>
          context
            .use(UpdateItem)
            .execute({ principal: given.liveKey, intakeId: intake.id, key: 'k', patch: p, meta: META });
        const item = () => context.db.items.rows.find((i) => i.intake_id === intake.id && i.key === 'k');
        const untouched = writtenState(context);

        const outcome = await update(patch).then(
          (changed) => ({ changed }),
          (error: { code?: string }) => ({ error }),
        );
        if ('error' in outcome) {
          expect(writtenState(context)).toEqual(untouched);
          if (outcome.error.code === 'unprocessable') return; // the new definition itself is invalid
          expect(outcome.error.code).toBe('item_answer_would_be_discarded');
          refused += 1;
          const discarded = await update({ ...patch, discard_submitted_value: true });
          const after = definitionOf(discarded.items[0] ?? fail('no item'));
          expect(validFor(after, definition.type, value, facts)).toBe(false);
          expect(item()).toMatchObject({ status: 'pending', value: null });
          expect(discarded.files).toEqual([]);
          return;
        }
        kept += 1;
        const after = definitionOf(item() ?? fail('no item'));
        expect(validFor(after, definition.type, value, facts)).toBe(true);
        expect(item()).toMatchObject({ status: 'submitted' });
        expect(item()?.value).toEqual(
          fileItem ? null : definition.type === 'secret' ? stored : inShape(definition.type, after.type, value),
        );
        const byId = (a: IntakeFile, b: IntakeFile) => a.id.localeCompare(b.id);
        expect([...outcome.changed.files].sort(byId)).toEqual([...uploads].sort(byId));
      }),
      { numRuns: 300 },
    );
    // Both sides of the property were exercised.
    expect(kept).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });
});

function fail(message: string): never {
  throw new Error(message);
}
