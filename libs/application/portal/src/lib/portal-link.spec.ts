import { DomainError } from '@intake/errors';
import { randomToken } from '@intake/ids';
import { itemNotFound } from '@intake/domain-intake';
import { asPortalError, assertPortalSlug, noSuchPortal } from './portal-link';

describe('portal links', () => {
  it('has one answer to every miss: 404 not_found without a reason', () => {
    expect(noSuchPortal()).toMatchObject({ code: 'not_found', reason: undefined, message: 'No such portal link.' });
  });

  it('takes a slug of 22 URL-safe characters, as intakes are given', () => {
    expect(() => assertPortalSlug(randomToken(16))).not.toThrow();
    expect(() => assertPortalSlug('Ab0_-'.repeat(4) + 'zz')).not.toThrow();
  });

  it.each([
    '',
    'A'.repeat(21),
    'A'.repeat(23),
    `${'A'.repeat(21)}+`,
    `${'A'.repeat(21)}/`,
    `${'A'.repeat(21)}=`,
    `${'A'.repeat(21)} `,
    `../${'A'.repeat(19)}`,
  ])('refuses the malformed slug %j as the same 404', (slug) => {
    expect(() => assertPortalSlug(slug)).toThrow(expect.objectContaining({ code: 'not_found', reason: undefined }));
  });

  describe('asPortalError', () => {
    it("turns the intake lookup's plain not found into the portal's 404", () => {
      const error = asPortalError(new DomainError('not_found', 'Intake was not found.'));
      expect(error).toMatchObject({ code: 'not_found', message: 'No such portal link.' });
    });

    it('passes a not found with a reason (an item, a file) and every other error', () => {
      const item = itemNotFound('logo');
      expect(asPortalError(item)).toBe(item);
      const conflict = new DomainError('conflict', 'archived', { reason: 'intake_archived' });
      expect(asPortalError(conflict)).toBe(conflict);
      const plain = new Error('database down');
      expect(asPortalError(plain)).toBe(plain);
    });
  });
});
