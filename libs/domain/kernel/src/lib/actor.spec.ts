import { CLIENT_ACTOR, MODES, SYSTEM_ACTOR } from './actor';

describe('actors and modes', () => {
  it('has the two modes of the spec', () => {
    expect(MODES).toEqual(['live', 'test']);
  });

  it('records the client and the service itself without an id or a mode', () => {
    expect(CLIENT_ACTOR).toEqual({ type: 'client', id: null, mode: null });
    expect(SYSTEM_ACTOR).toEqual({ type: 'system', id: null, mode: null });
  });
});
