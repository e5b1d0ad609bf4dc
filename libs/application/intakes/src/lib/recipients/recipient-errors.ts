import { DomainError } from '@intake/errors';

export const recipientNotFound = () =>
  new DomainError('not_found', 'The intake has no such recipient.', { reason: 'recipient_not_found' });
