import { ApiFailure, type ErrorEnvelope } from '../api/failures';
import { FOLDER_NAME_MAX, folderNameProblem, folderProblemKey } from './folders';

describe('folder names', () => {
  it('need 1 to 80 characters after trimming', () => {
    expect(folderNameProblem('   ')).toBe('form.required');
    expect(folderNameProblem(` ${'x'.repeat(FOLDER_NAME_MAX)} `)).toBeUndefined();
    expect(folderNameProblem('x'.repeat(FOLDER_NAME_MAX + 1))).toBe('folders.name_too_long');
    expect(folderNameProblem('Weddings 2027')).toBeUndefined();
  });

  it('explain a name already used, and any other refusal by its envelope', () => {
    const envelope = (error: ErrorEnvelope['error'], reason?: string): ErrorEnvelope => ({
      error,
      message: 'm',
      request_id: 'r',
      ...(reason ? { reason } : {}),
    });
    expect(folderProblemKey(new ApiFailure(409, envelope('conflict', 'folder_exists')))).toBe('folders.exists');
    expect(folderProblemKey(new ApiFailure(404, envelope('not_found')))).toBe('error.not_found');
  });
});
