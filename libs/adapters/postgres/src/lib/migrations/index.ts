import { CreateOutbox1795000000000 } from './1795000000000-create-outbox';
import { CreateAccounts1795000100000 } from './1795000100000-create-accounts';
import { CreateIntakes1795000200000 } from './1795000200000-create-intakes';
import { AuditClientActor1795000300000 } from './1795000300000-audit-client-actor';
import { IntakeCounts1795000400000 } from './1795000400000-intake-counts';
import { CreateFiles1795000500000 } from './1795000500000-create-files';
import { KeepSchemaOrder1795000600000 } from './1795000600000-keep-schema-order';
import { ScanRetries1795000700000 } from './1795000700000-scan-retries';
import { ChaseLeases1795000800000 } from './1795000800000-chase-leases';
import { BounceState1795001000000 } from './1795001000000-bounce-state';
import { SweepsAndOwnerNotifications1795001100000 } from './1795001100000-sweeps-and-owner-notifications';
import { Webhooks1795001200000 } from './1795001200000-webhooks';
import { WebhookDeliveryLeases1795001400000 } from './1795001400000-webhook-delivery-leases';
import { SealItemSecrets1795001600000 } from './1795001600000-seal-item-secrets';
import { ResultCursors1795001700000 } from './1795001700000-result-cursors';
import { ReadModels1795002500000 } from './1795002500000-read-models';
import { OutboxTraceContext1795002600000 } from './1795002600000-outbox-trace-context';
import { Billing1795003000000 } from './1795003000000-billing';
import { SearchByField1795003500000 } from './1795003500000-search-by-field';
import { SearchFilters1795003600000 } from './1795003600000-search-filters';
import { SearchTotals1795003700000 } from './1795003700000-search-totals';
import { ClientMails1795004000000 } from './1795004000000-client-mails';
import { AccountBranding1795004300000 } from './1795004300000-account-branding';
import { TestClocks1795004500000 } from './1795004500000-test-clocks';

/** Every migration, oldest first. A new migration file is added here as well. */
export const MIGRATIONS = [
  CreateOutbox1795000000000,
  CreateAccounts1795000100000,
  CreateIntakes1795000200000,
  AuditClientActor1795000300000,
  IntakeCounts1795000400000,
  CreateFiles1795000500000,
  KeepSchemaOrder1795000600000,
  ScanRetries1795000700000,
  ChaseLeases1795000800000,
  BounceState1795001000000,
  SweepsAndOwnerNotifications1795001100000,
  Webhooks1795001200000,
  WebhookDeliveryLeases1795001400000,
  SealItemSecrets1795001600000,
  ResultCursors1795001700000,
  ReadModels1795002500000,
  OutboxTraceContext1795002600000,
  Billing1795003000000,
  SearchByField1795003500000,
  SearchFilters1795003600000,
  SearchTotals1795003700000,
  ClientMails1795004000000,
  AccountBranding1795004300000,
  TestClocks1795004500000,
];
