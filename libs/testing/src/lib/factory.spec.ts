import { factory } from './factory';

describe('builder factories', () => {
  let counter = 0;
  const aClient = factory(() => ({ id: `c${++counter}`, name: 'Jana Nováková', language: 'cs' }));

  it('builds with defaults, fresh for each object', () => {
    const [a, b] = aClient().buildMany(2);
    expect(a).toMatchObject({ name: 'Jana Nováková', language: 'cs' });
    expect(a?.id).not.toBe(b?.id);
  });

  it('overrides only the named fields and never mutates the parent builder', () => {
    const base = aClient();
    const german = base.with({ language: 'de' });
    expect(german.build()).toMatchObject({ name: 'Jana Nováková', language: 'de' });
    expect(base.build().language).toBe('cs');
    expect(german.with({ name: 'Eva' }).build()).toMatchObject({ name: 'Eva', language: 'de' });
  });
});
