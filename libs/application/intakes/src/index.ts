// The intakes context's published interface: what other contexts and the apps may use.

// Records and their state-machine view
export * from './lib/model/records';
export * from './lib/model/intake-state';
export * from './lib/model/purge';
export * from './lib/model/sealed-secret';

// Ports: implemented by adapters (stores) or by other contexts (IntakeFiles), bound by the apps
export * from './lib/ports/intake-store.port';
export * from './lib/ports/idempotency-store.port';
export * from './lib/ports/folder-store.port';
export * from './lib/ports/template-store.port';
export * from './lib/ports/client-directory.port';
export * from './lib/ports/reminder-planner.port';
export * from './lib/ports/intake-chases.port';
export * from './lib/ports/intake-files.port';
export * from './lib/model/portal-links';
export * from './lib/ports/owner-notifier.port';
export * from './lib/ports/client-thanks.port';
export * from './lib/ports/intake-sweeps.port';
export * from './lib/ports/read-models.port';
export * from './lib/ports/test-clock-store.port';
export * from './lib/ports/test-clock-advances.port';

// The write path, shared by every context that changes an intake
export * from './lib/write-path/intake-writer';
export * from './lib/write-path/intake-events';
export * from './lib/write-path/chases';

// Use cases
export * from './lib/intakes/create-intake';
export * from './lib/intakes/intake-drafts';
export * from './lib/intakes/intake-idempotency';
export * from './lib/intakes/get-intake';
export * from './lib/intakes/list-intakes';
export * from './lib/intakes/get-intake-status';
export * from './lib/intakes/send-intake';
export * from './lib/intakes/archive-intake';
export * from './lib/intakes/delete-intake';
export * from './lib/intakes/update-intake';
export * from './lib/recipients/add-recipient';
export * from './lib/recipients/remove-recipient';
export * from './lib/clients/list-clients';
export * from './lib/items/add-items';
export * from './lib/items/approve-item';
export * from './lib/items/update-item';
export * from './lib/items/request-revision';
export * from './lib/items/mark-item-done';
export * from './lib/items/mark-received-outside';
export * from './lib/items/undo-received-outside';
export * from './lib/items/answer-item';
export * from './lib/items/waive-item';
export * from './lib/items/decide-waiver';
export * from './lib/items/unwaive-item';
export * from './lib/folders/list-folders';
export * from './lib/folders/create-folder';
export * from './lib/folders/update-folder';
export * from './lib/folders/delete-folder';
export * from './lib/templates/list-templates';
export * from './lib/templates/create-template';
export * from './lib/templates/template-defaults';

// Scheduler passes of the intakes context
export * from './lib/sweeps/sweep-in-batches';
export * from './lib/sweeps/overdue-sweep';
export * from './lib/sweeps/retention-sweep';

// Test clocks (test mode): the routes' use cases and the scheduler's advance
export * from './lib/test-clocks/test-clock';
export * from './lib/test-clocks/create-test-clock';
export * from './lib/test-clocks/get-test-clock';
export * from './lib/test-clocks/list-test-clocks';
export * from './lib/test-clocks/advance-test-clock';
export * from './lib/test-clocks/delete-test-clock';
export * from './lib/test-clocks/advance-test-clocks';

// Read models: drift found and repaired
export * from './lib/read-models/reconcile-read-models';
