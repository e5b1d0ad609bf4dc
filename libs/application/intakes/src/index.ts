export * from './lib/folders/folders';
export * from './lib/templates/templates';
export * from './lib/intakes/records';
export * from './lib/intakes/intake.store';
export * from './lib/intakes/intake-views';
export * from './lib/intakes/intake.service';
export * from './lib/intakes/item.service';
export * from './lib/intakes/settings.service';
