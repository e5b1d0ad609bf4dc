import { randomToken } from '@intake/ids';
import { useApi, type Owner } from './api-test-app';

const ROUNDS = 150;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * A wrong portal link says nothing by its answer or its time: an unknown, a draft's and a deleted
 * intake's link run the same one query (`slug = $1 AND status <> 'draft'`, no row) and give the
 * same 404 body. Measured in-process, interleaved, so machine load hits every kind alike.
 */
describe('portal slug misses take the same time (real Postgres)', () => {
  const api = useApi();
  let owner: Owner;
  const slugs: Record<'unknown' | 'draft' | 'deleted', string> = { unknown: '', draft: '', deleted: '' };

  const create = async (send: boolean) => {
    const created = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Site',
        client: { email: 'jan@client.example', name: 'Jan' },
        items: [{ key: 'about', type: 'text', label: 'About' }],
        send,
      },
    });
    expect(created.statusCode).toBe(201);
    return {
      id: created.json().intake_id as string,
      slug: (created.json().portal_url as string).split('/').pop() as string,
    };
  };

  beforeAll(async () => {
    owner = await api.owner();
    slugs.unknown = randomToken();
    slugs.draft = (await create(false)).slug;
    const deleted = await create(true);
    expect((await api.client.asKey(owner.key, { method: 'DELETE', url: `/v1/intakes/${deleted.id}` })).statusCode).toBe(
      204,
    );
    slugs.deleted = deleted.slug;
  });

  it('answers each miss with the same 404 in the same time (paired differences within 0.6 ms or 15%)', async () => {
    const kinds = Object.keys(slugs) as Array<keyof typeof slugs>;
    const times: Record<string, number[]> = { unknown: [], draft: [], deleted: [] };
    const bodies = new Set<string>();
    let address = 0;
    for (let round = 0; round < ROUNDS + 10; round += 1) {
      // Each round asks all three, in a rotating order, so neither load drift nor being first
      // in a round favours one kind; differences are taken within a round.
      for (let i = 0; i < kinds.length; i += 1) {
        const kind = kinds[(round + i) % kinds.length] as keyof typeof slugs;
        address += 1;
        const started = process.hrtime.bigint();
        const response = await api.client.request({
          method: 'GET',
          url: `/portal/v1/${slugs[kind]}`,
          // A client address of its own per request: this measures the lookup, not a throttle.
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        });
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        expect([kind, response.statusCode]).toEqual([kind, 404]);
        bodies.add(JSON.stringify({ ...response.json(), request_id: undefined }));
        if (round >= 10) times[kind]?.push(elapsed); // the first rounds warm the pool and the plan
      }
    }
    expect(bodies.size).toBe(1);
    const unknown = times['unknown'] as number[];
    const medians = Object.fromEntries(kinds.map((kind) => [kind, median(times[kind] as number[])]));
    // The median of the per-round difference from the unknown link, for the draft and the deleted one.
    const differences = Object.fromEntries(
      (['draft', 'deleted'] as const).map((kind) => [
        kind,
        median((times[kind] as number[]).map((t, round) => t - (unknown[round] as number))),
      ]),
    );
    // Printed for docs/security.md. One extra query on one kind of miss (about 0.7 ms on a quiet
    // machine) is over the bound; load slows every kind alike, hence the relative part.
    process.stdout.write(
      `portal miss medians (ms): ${JSON.stringify(medians)}, paired differences ${JSON.stringify(differences)}\n`,
    );
    const bound = Math.max(0.6, 0.15 * (medians['unknown'] as number));
    for (const [kind, difference] of Object.entries(differences)) {
      expect([kind, Math.abs(difference) < bound]).toEqual([kind, true]);
    }
  }, 120_000);
});
