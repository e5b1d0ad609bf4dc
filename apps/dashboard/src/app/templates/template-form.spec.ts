import { ApiFailure } from '../api/failures';
import {
  emptyItem,
  hasProblems,
  type ItemValues,
  keyOf,
  problemsOfFailure,
  templateBodyOf,
  templateProblems,
} from './template-form';

const item = (values: Partial<ItemValues>): ItemValues => ({ ...emptyItem(), ...values });

describe('the template form', () => {
  it('makes an item’s key from its label', () => {
    expect(keyOf('Your logo')).toBe('your_logo');
    expect(keyOf('  Fotky z akce (výběr) ')).toBe('fotky_z_akce_vyber');
    expect(keyOf('Überweisung – IBAN')).toBe('uberweisung_iban');
    expect(keyOf('!!!')).toBe('');
    expect(keyOf(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });

  it('says what is missing or wrong before sending', () => {
    const empty = templateProblems({ name: ' ', items: [] });
    expect(empty).toEqual({ name: 'form.required', form: 'templates.no_items', items: [] });
    expect(hasProblems(empty)).toBe(true);

    const problems = templateProblems({
      name: 'Website',
      items: [
        item({ label: 'Logo' }),
        item({ label: 'logo' }),
        item({ label: '' }),
        item({ label: 'Colour', type: 'select', options: ' \n ' }),
        item({ label: 'Pages', type: 'multiselect', options: 'Home\nHome' }),
        item({ label: 'Odd', key: 'Not A Key' }),
      ],
    });
    expect(problems.items).toEqual([
      {},
      { key: 'templates.key_duplicate' },
      { label: 'form.required', key: 'templates.key_invalid' },
      { options: 'templates.options_required' },
      { options: 'templates.options_duplicate' },
      { key: 'templates.key_invalid' },
    ]);
    expect(hasProblems(templateProblems({ name: 'Website', items: [item({ label: 'Logo' })] }))).toBe(false);
  });

  it('becomes POST /v1/templates’s body', () => {
    expect(
      templateBodyOf({
        name: ' Website basics ',
        items: [
          item({ label: ' Your logo ', type: 'image', help: ' SVG if you have it ' }),
          item({ label: 'Style', key: 'style', type: 'select', required: false, options: 'Calm\n\n Bold \n' }),
        ],
      }),
    ).toEqual({
      name: 'Website basics',
      items: [
        { key: 'your_logo', type: 'image', label: 'Your logo', required: true, help: 'SVG if you have it' },
        { key: 'style', type: 'select', label: 'Style', required: false, options: ['Calm', 'Bold'] },
      ],
    });
  });

  it('places the API’s field problems at the form’s fields', () => {
    const failure = new ApiFailure(422, {
      error: 'unprocessable',
      message: 'm',
      request_id: 'r',
      details: [
        { path: 'name', message: 'must not be blank' },
        { path: 'items[1].key', message: 'duplicates items[0].key' },
        { path: 'items[0].options[2]', message: 'must not be blank' },
        { path: 'items[9].label', message: 'out of the form' },
      ],
    });
    expect(problemsOfFailure(failure, 2)).toEqual({
      name: 'templates.name_invalid',
      items: [{ options: 'templates.field_invalid' }, { key: 'templates.field_invalid' }],
    });
    expect(problemsOfFailure(new Error('x'), 1)).toEqual({ items: [{}] });
  });
});
