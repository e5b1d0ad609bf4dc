import { type Operation, type Restricted } from './access-matrix.document';
import { pathValues, type World } from './access-matrix.fixtures';
import { type Matrix } from './access-matrix.accounts';
import { type Answer, type Call, send } from './access-matrix.requests';

/** One property of access every operation it applies to must have: one test per operation. */
export interface Rule {
  title(access: Restricted): string;
  applies(operation: Operation, access: Restricted): boolean;
  check(matrix: Matrix, operation: Operation, access: Restricted): Promise<void>;
}

export const viaKey = (access: Restricted) => access.via !== 'session';
export const viaSession = (access: Restricted) => access.via !== 'key';
/** Test keys only (test clocks): a live key is refused with 404. */
export const testOnly = (access: Restricted) => access.mode === 'test';

export const sendAll = (m: Matrix, operation: Operation, calls: Call[]) =>
  Promise.all(calls.map((call) => send(m.api, m.document, operation, call)));

/** Every call (sent concurrently) answers `expected`: status and error, and the reason when given. */
export async function expectEach(m: Matrix, operation: Operation, calls: Call[], expected: Omit<Answer, 'who'>) {
  const answers = await sendAll(m, operation, calls);
  const seen = answers.map(({ who, status, error, reason }) =>
    expected.reason === undefined ? { who, status, error } : { who, status, error, reason },
  );
  expect(seen).toEqual(answers.map(({ who }) => ({ who, ...expected })));
}

/** Every path parameter from one world. */
export const inWorld = (operation: Operation, world: World) => pathValues(operation, () => world);
