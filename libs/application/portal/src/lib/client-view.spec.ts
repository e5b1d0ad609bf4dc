import { type IntakeFile } from '@intake/application-intakes';
import { type GivenPortal, givenPortal, InMemoryContext } from '@intake/testing';
import { clientItem, clientView } from './client-view';

describe('client view', () => {
  let portal: GivenPortal;
  const file = (id: string, kind: IntakeFile['kind'], item_key: string | null) =>
    ({ id, kind, item_key }) as IntakeFile;

  beforeEach(async () => {
    portal = await givenPortal(new InMemoryContext());
  });

  it("shows the client their items only, never the owner's", () => {
    const view = clientView({ intake: portal.intake, items: portal.items, files: [] });
    expect(view.intake).toBe(portal.intake);
    expect(view.items.map((i) => i.key)).toEqual(['logo', 'documents', 'contract', 'tagline', 'budget']);
  });

  it('shows uploads to their items and the brief files, and no other file', () => {
    const files = [
      file('fil_logo', 'upload', 'logo'),
      file('bff_brief', 'brief', null),
      file('fil_owner', 'upload', 'kickoff'),
      file('fil_gone', 'upload', 'removed-item'),
    ];
    expect(clientView({ intake: portal.intake, items: portal.items, files }).files.map((f) => f.id)).toEqual([
      'fil_logo',
      'bff_brief',
    ]);
  });

  it('finds a client item by key', () => {
    expect(clientItem(portal.items, 'tagline').key).toBe('tagline');
  });

  it.each(['kickoff', 'nope'])('knows no client item %s: 404 item_not_found', (key) => {
    expect(() => clientItem(portal.items, key)).toThrow(
      expect.objectContaining({ code: 'not_found', reason: 'item_not_found' }),
    );
  });
});
