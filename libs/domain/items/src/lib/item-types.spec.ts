import {
  DECISION_TYPES,
  FILE_TYPES,
  isDecisionType,
  isFileType,
  isItemType,
  ITEM_TYPE_RULES,
  ITEM_TYPES,
} from '../index';

describe('item types', () => {
  it('names the spec types and the short-value types', () => {
    expect([...ITEM_TYPES].sort()).toEqual(
      [
        'image',
        'longtext',
        'structured',
        'file_list',
        'file',
        'select',
        'multiselect',
        'secret',
        'text',
        'email',
        'url',
        'number',
        'date',
        'boolean',
      ].sort(),
    );
    expect(FILE_TYPES).toEqual(['file', 'file_list', 'image']);
    expect(DECISION_TYPES).toEqual(['select', 'multiselect']);
  });

  it.each(
    ITEM_TYPES.map(
      (type) =>
        [type, ['file', 'file_list', 'image'].includes(type), ['select', 'multiselect'].includes(type)] as const,
    ),
  )('%s: file type %s, decision type %s', (type, file, decision) => {
    expect(isFileType(type)).toBe(file);
    expect(isDecisionType(type)).toBe(decision);
    expect(ITEM_TYPE_RULES[type].answer).toBe(file ? 'files' : 'value');
    expect(ITEM_TYPE_RULES[type].options).toBe(decision);
    expect(ITEM_TYPE_RULES[type].schema).toBe(type === 'structured');
    expect(ITEM_TYPE_RULES[type].pattern).toBe(['text', 'longtext', 'secret'].includes(type));
  });

  it.each([
    ['text', true],
    ['Text', false],
    ['video', false],
    [1, false],
    [null, false],
  ])('isItemType(%p) is %s', (value, expected) => {
    expect(isItemType(value)).toBe(expected);
  });
});
