import { useApi } from './api-test-app';
import { type Matrix, setUpMatrix } from './access-matrix.accounts';
import { accessProblems, isRestricted, loadOpenApiDocument, operationsOf } from './access-matrix.document';
import { fixturesOf } from './access-matrix.fixtures';
import { RULES } from './access-matrix.rules';

/**
 * The access matrix (issue #11): for every operation of the OpenAPI document, one test per rule
 * its `x-access` implies (credentials, scope, role, session or key only, CSRF, other account,
 * other mode) and a positive control, with requests built from the document itself: path
 * parameters from fixtures (access-matrix.fixtures.ts), bodies sampled from the request schemas.
 * A new operation is covered as soon as it is in the document, or fails: no x-access, or a path
 * parameter without a fixture.
 */

// With the test clock on, so that every route that can exist is in the document.
const ENV = { TEST_CLOCK: 'enabled' };
const document = loadOpenApiDocument({
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://preview@127.0.0.1:1/preview',
  REDIS_URL: 'redis://127.0.0.1:1',
  ...ENV,
});
const operations = operationsOf(document);

describe('access matrix generated from the OpenAPI document’s x-access', () => {
  const api = useApi(ENV);
  let matrix: Matrix;

  beforeAll(async () => {
    matrix = await setUpMatrix(api, document, operations);
  }, 60_000);

  it('is generated from the document the api under test serves', async () => {
    const served = (await api.t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const summary = (d: typeof document) => operationsOf(d).map((op) => [op.name, op.access]);
    expect(summary(document)).toEqual(summary(served));
    expect(document.paths).toEqual(served.paths);
    expect(operations.filter((op) => isRestricted(op.access)).length).toBeGreaterThan(30);
  });

  describe.each(operations.map((op) => [op.name, op] as const))('%s', (_, operation) => {
    it('declares x-access, and a fixture for every path parameter', () => {
      expect(accessProblems(operation.access)).toEqual([]);
      // Throws "no fixture for path parameter X of METHOD PATH" for a parameter the fixtures do not know.
      if (isRestricted(operation.access)) fixturesOf(operation);
    });

    const access = operation.access;
    if (!isRestricted(access)) return;
    for (const rule of RULES.filter((r) => r.applies(operation, access))) {
      it(rule.title(access), () => rule.check(matrix, operation, access));
    }
  });
});
