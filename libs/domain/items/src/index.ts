export * from './lib/item-types';
export * from './lib/item-definition';
export * from './lib/item-type-rules';
export * from './lib/parse-item-definition';
export * from './lib/structured-schema';
export * from './lib/validate-item-value';
export * from './lib/validate-file-set';
export * from './lib/answer-still-valid';
