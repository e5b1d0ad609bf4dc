/**
 * Works through a batch with `concurrency` sends in flight, and records their outcomes as they
 * come, in groups: while one group's transaction runs, the outcomes that arrive meanwhile gather
 * into the next (one transaction per group, not per send). `send` answers what to record, or
 * undefined for nothing. At the first failure no further send starts; what was sent is still
 * recorded, then the failure is thrown. Resolves to how many sends completed.
 *
 * Between a send and the commit of its group an outcome exists only in memory: a crash then
 * loses at most the sends in flight and the outcomes gathering or being recorded, all of them
 * within the batch (docs/contexts/chasing.md, "Scheduler robustness and throughput").
 */
export async function sendAndRecord<T, O>(
  items: readonly T[],
  concurrency: number,
  send: (item: T) => Promise<O | undefined>,
  record: (group: O[]) => Promise<void>,
): Promise<number> {
  const pending: O[] = [];
  let failure: { error: unknown } | undefined;
  let recording: Promise<void> | undefined;
  let next = 0;
  let sent = 0;

  const drain = async (): Promise<void> => {
    while (pending.length > 0) {
      const group = pending.splice(0);
      try {
        await record(group);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  // At most one group is being recorded at a time; `drain` never rejects.
  const flush = (): Promise<void> => (recording ??= drain().finally(() => (recording = undefined)));

  const lane = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const item = items[next++] as T;
      try {
        const outcome = await send(item);
        sent += 1;
        if (outcome !== undefined) {
          pending.push(outcome);
          void flush();
        }
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  // Outcomes that arrived while the last group was committing are recorded too.
  while (recording || pending.length > 0) await (recording ?? flush());
  if (failure) throw failure.error;
  return sent;
}
