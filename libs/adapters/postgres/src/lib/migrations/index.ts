import { CreateOutbox1795000000000 } from './1795000000000-create-outbox';

/** Every migration, oldest first. A new migration file is added here as well. */
export const MIGRATIONS = [CreateOutbox1795000000000];
