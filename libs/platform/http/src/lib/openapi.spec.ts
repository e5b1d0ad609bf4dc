import { toOpenApi31 } from './openapi';

describe('toOpenApi31', () => {
  it('turns nullable scalars into a null member of type', () => {
    expect(toOpenApi31({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(toOpenApi31({ type: 'string', enum: ['a'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
  });

  it('wraps nullable references in anyOf, keeping the description outside', () => {
    expect(toOpenApi31({ $ref: '#/components/schemas/X', nullable: true, description: 'd' })).toEqual({
      description: 'd',
      anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }],
    });
  });

  it('rewrites boolean exclusive bounds and walks nested schemas', () => {
    expect(
      toOpenApi31({ properties: { n: { type: 'number', minimum: 5, exclusiveMinimum: true, nullable: false } } }),
    ).toEqual({ properties: { n: { type: 'number', exclusiveMinimum: 5 } } });
    expect(toOpenApi31([{ type: 'integer', nullable: true }])).toEqual([{ type: ['integer', 'null'] }]);
  });
});
