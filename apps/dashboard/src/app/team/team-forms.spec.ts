import { ApiFailure } from '../api/failures';
import { acceptProblems, invitationToken, inviteProblems, isEmailTaken } from './team-forms';

describe('the team’s forms', () => {
  it('invite: a name and a plausible address', () => {
    expect(inviteProblems({ email: 'petr@studio.example', name: 'Petr' })).toEqual({});
    expect(inviteProblems({ email: ' ', name: ' ' })).toEqual({ email: 'form.required', name: 'form.required' });
    expect(inviteProblems({ email: 'petr@studio', name: 'Petr' })).toEqual({ email: 'form.email_invalid' });
  });

  it('accept: a name and a password of at least 10 characters', () => {
    expect(acceptProblems({ name: 'Petr', password: '0123456789' })).toEqual({});
    expect(acceptProblems({ name: '', password: '' })).toEqual({ name: 'form.required', password: 'form.required' });
    expect(acceptProblems({ name: 'Petr', password: '012345678' })).toEqual({ password: 'form.password_short' });
  });

  it('reads the token from the link, none when missing or blank', () => {
    expect(invitationToken(new URLSearchParams('token=abc_DEF-1'))).toBe('abc_DEF-1');
    expect(invitationToken(new URLSearchParams('token=%20'))).toBeNull();
    expect(invitationToken(new URLSearchParams(''))).toBeNull();
  });

  it('tells an address that already has an account from other conflicts', () => {
    const envelope = { error: 'conflict' as const, message: 'taken', request_id: 'req_1' };
    expect(isEmailTaken(new ApiFailure(409, { ...envelope, reason: 'email_taken' }))).toBe(true);
    expect(isEmailTaken(new ApiFailure(409, envelope))).toBe(false);
    expect(isEmailTaken(new Error('x'))).toBe(false);
  });
});
