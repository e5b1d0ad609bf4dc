import { DomainError } from '@intake/errors';

export const folderNameTaken = () =>
  new DomainError('conflict', 'The account already has a folder of that name.', {
    reason: 'folder_exists',
    details: [{ path: 'name', message: 'is already used by another folder' }],
  });
