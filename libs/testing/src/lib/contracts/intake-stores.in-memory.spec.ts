import { DEFAULT_NOTIFICATION_SETTINGS } from '@intake/application-accounts';
import {
  InMemoryAccountStore,
  InMemoryChaseQueue,
  InMemoryChaseStore,
  InMemoryClientDirectory,
  InMemoryDatabase,
  InMemoryFolderStore,
  InMemoryIdempotencyStore,
  InMemoryIntakeStore,
  InMemorySentChases,
  InMemoryIntakeSweeps,
  InMemoryOwnerNoticeQueue,
  InMemoryReadModels,
  InMemoryTemplateStore,
  InMemoryTestClockAdvances,
  InMemoryTestClockStore,
} from '../in-memory';
import { describeClientDirectoryContract } from './client-directory.contract';
import { describeFolderStoreContract } from './folder-store.contract';
import { describeIdempotencyStoreContract } from './idempotency-store.contract';
import { describeIntakeStoreContract } from './intake-store.contract';
import { type IntakeStoresFixture, sessionAccess, T0 } from './intake-stores.fixture';
import { describeChaseCancellationContract } from './chase-cancellation.contract';
import { describeChaseStoreContract } from './chase-store.contract';
import { describeResultIntakesContract } from './result-intakes.contract';
import { describeChaseIntakesContract } from './chase-intakes.contract';
import { describeFileIntakesContract } from './file-intakes.contract';
import { describePortalIntakesContract } from './portal-intakes.contract';
import { describeChaseQueueContract } from './chase-queue.contract';
import { describeSentChasesContract } from './sent-chases.contract';
import { describeIntakeSweepsContract } from './intake-sweeps.contract';
import { describeOwnerNoticeQueueContract } from './owner-notice-queue.contract';
import { describeTemplateStoreContract } from './template-store.contract';
import { describeReadModelsContract } from './read-models.contract';
import { describeTestClocksContract } from './test-clocks.contract';
import { newId } from '@intake/ids';

/** The intakes context's twins over one in-memory database. */
async function inMemoryIntakeStores(db = new InMemoryDatabase()): Promise<IntakeStoresFixture> {
  const accounts = new InMemoryAccountStore(db);
  return {
    intakes: new InMemoryIntakeStore(db),
    chases: new InMemoryChaseStore(db),
    idempotency: new InMemoryIdempotencyStore(db),
    folders: new InMemoryFolderStore(db),
    templates: new InMemoryTemplateStore(db),
    clients: new InMemoryClientDirectory(db),
    readModels: new InMemoryReadModels(db),
    uow: db.uow,
    createAccount: async () => {
      const id = newId('account');
      await accounts.createAccount({
        id,
        name: 'Studio',
        plan: 'free',
        default_language: 'en',
        default_timezone: 'Europe/Prague',
        sender_name: null,
        branding: null,
        ...DEFAULT_NOTIFICATION_SETTINGS,
        storage_bytes_used: 0,
        created_at: T0,
        updated_at: T0,
      });
      return id;
    },
    // Units of work run one at a time: a second one waits without having started.
    waitForLockWaiter: () => new Promise((resolve) => setImmediate(resolve)),
    teardown: async () => undefined,
  };
}

describeIntakeStoreContract('in memory', inMemoryIntakeStores);
describeIdempotencyStoreContract('in memory', inMemoryIntakeStores);
describeFolderStoreContract('in memory', inMemoryIntakeStores);
describeTemplateStoreContract('in memory', inMemoryIntakeStores);
describeClientDirectoryContract('in memory', inMemoryIntakeStores);
describeChaseStoreContract('in memory', inMemoryIntakeStores);
describeChaseCancellationContract('in memory', inMemoryIntakeStores);
describeReadModelsContract('in memory', inMemoryIntakeStores);
describeResultIntakesContract('in memory', inMemoryIntakeStores);
describeChaseIntakesContract('in memory', inMemoryIntakeStores);
describeFileIntakesContract('in memory', inMemoryIntakeStores);
describePortalIntakesContract('in memory', inMemoryIntakeStores);

describeChaseQueueContract('in memory', async () => {
  const db = new InMemoryDatabase();
  const queue = new InMemoryChaseQueue(db);
  return { ...(await inMemoryIntakeStores(db)), queue, otherQueue: queue };
});

describeSentChasesContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return { ...(await inMemoryIntakeStores(db)), queue: new InMemoryChaseQueue(db), sent: new InMemorySentChases(db) };
});

describeIntakeSweepsContract('in memory', async () => {
  const db = new InMemoryDatabase();
  const queue = new InMemoryChaseQueue(db);
  return {
    ...(await inMemoryIntakeStores(db)),
    sweeps: new InMemoryIntakeSweeps(db),
    recordRecipients: async (chaseId, recipients) => {
      queue.delivery(chaseId).recipients = [...recipients];
      queue.delivery(chaseId).delivered_to = [...recipients];
    },
    recipientsOf: async (chaseId) => {
      const { recipients, delivered_to } = queue.delivery(chaseId);
      return { recipients: [...recipients], delivered_to: [...delivered_to] };
    },
  };
});

describeOwnerNoticeQueueContract('in memory', async () => {
  const db = new InMemoryDatabase();
  const queue = new InMemoryOwnerNoticeQueue(db);
  const stores = await inMemoryIntakeStores(db);
  return {
    ...stores,
    queue,
    otherQueue: queue,
    stored: async (noticeId) => {
      const row = queue.rows.find((n) => n.id === noticeId);
      if (!row) return undefined;
      const { status, mail, sent_at, provider_message_id, send_attempts, error } = row;
      return { status, mail, sent_at, provider_message_id, send_attempts, error };
    },
    deleteIntake: async (accountId, intakeId) => {
      await stores.intakes.delete(sessionAccess(accountId), intakeId);
    },
  };
});

describeTestClocksContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return {
    ...(await inMemoryIntakeStores(db)),
    clocks: new InMemoryTestClockStore(db),
    advances: new InMemoryTestClockAdvances(db),
    queue: new InMemoryChaseQueue(db),
  };
});
