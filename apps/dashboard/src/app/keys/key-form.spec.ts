import { ALL_SCOPES } from '../team/roles';
import { emptyKeyForm, impliedByAdmin, keyFormProblems, keyHint, scopesToSend, toggleScope } from './key-form';

const MEMBER = ['intakes:read', 'intakes:write'] as const;

describe('the new key form', () => {
  it('starts as a live key that reads intakes', () => {
    expect(emptyKeyForm()).toEqual({ name: '', mode: 'live', scopes: ['intakes:read'] });
  });

  it('ticks and unticks scopes, keeping the catalogue’s order and each once', () => {
    expect(toggleScope(['intakes:read'], 'secrets:read', true)).toEqual(['intakes:read', 'secrets:read']);
    expect(toggleScope(['secrets:read'], 'admin', true)).toEqual(['admin', 'secrets:read']);
    expect(toggleScope(['intakes:read'], 'intakes:read', true)).toEqual(['intakes:read']);
    expect(toggleScope(['intakes:read', 'intakes:write'], 'intakes:read', false)).toEqual(['intakes:write']);
  });

  it('shows the other scopes as included while admin is ticked', () => {
    expect(impliedByAdmin(['admin'], 'intakes:write')).toBe(true);
    expect(impliedByAdmin(['admin'], 'admin')).toBe(false);
    expect(impliedByAdmin(['intakes:read'], 'intakes:write')).toBe(false);
  });

  it('sends admin alone when ticked, and never a scope the user may not give', () => {
    expect(scopesToSend(['admin', 'intakes:read', 'secrets:read'], ALL_SCOPES)).toEqual(['admin']);
    expect(scopesToSend(['secrets:read', 'intakes:read'], ALL_SCOPES)).toEqual(['intakes:read', 'secrets:read']);
    expect(scopesToSend(['admin', 'intakes:write', 'secrets:read'], MEMBER)).toEqual(['intakes:write']);
  });

  it('asks for a name and at least one scope the user may give', () => {
    expect(keyFormProblems({ name: 'Zapier', mode: 'test', scopes: ['intakes:read'] }, ALL_SCOPES)).toEqual({});
    expect(keyFormProblems({ name: '  ', mode: 'live', scopes: [] }, ALL_SCOPES)).toEqual({
      name: 'form.required',
      scopes: 'keys.scopes_required',
    });
    expect(keyFormProblems({ name: 'x'.repeat(101), mode: 'live', scopes: ['admin'] }, MEMBER)).toEqual({
      name: 'keys.name_too_long',
      scopes: 'keys.scopes_required',
    });
    expect(keyFormProblems({ name: 'x'.repeat(100), mode: 'live', scopes: ['admin'] }, ALL_SCOPES)).toEqual({});
  });

  it('names a key by its prefix and last four characters', () => {
    expect(keyHint({ prefix: 'svc_live_', last4: 'x9Qa' })).toBe('svc_live_…x9Qa');
  });
});
