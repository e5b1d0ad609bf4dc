import { HOME, safeNext, signInPath } from './next';

describe('after signing in', () => {
  it('goes back to a page of the dashboard, never elsewhere', () => {
    expect(safeNext('/intakes/in_1?tab=items#x')).toBe('/intakes/in_1?tab=items#x');
    expect(safeNext('/accept-invitation?token=t')).toBe('/accept-invitation?token=t');
    for (const next of [null, undefined, '', 'intakes', '//evil.example/x', 'https://evil.example', '/\\evil.example'])
      expect(safeNext(next)).toBe(HOME);
  });

  it('is asked for by the sign-in address, with whether the session expired', () => {
    expect(signInPath('/intakes/in_1?x=1')).toBe('/sign-in?next=%2Fintakes%2Fin_1%3Fx%3D1');
    expect(signInPath('/intakes/in_1', true)).toBe('/sign-in?next=%2Fintakes%2Fin_1&expired=1');
    expect(signInPath(HOME)).toBe('/sign-in');
    expect(signInPath('/')).toBe('/sign-in');
  });
});
