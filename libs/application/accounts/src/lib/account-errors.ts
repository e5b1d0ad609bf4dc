import { DomainError } from '@intake/errors';

/** 409 email_taken: the address already has an account (sign-up, invitations). */
export const emailTaken = () =>
  new DomainError('conflict', 'An account with this e-mail address already exists.', {
    reason: 'email_taken',
    details: [{ path: 'email', message: 'is already registered' }],
  });

/** The one answer to a wrong e-mail address or password, whichever it was. */
export const wrongCredentials = () => new DomainError('unauthorized', 'The e-mail address or password is wrong.');
