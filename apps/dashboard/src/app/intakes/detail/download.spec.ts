import { expectedBytes, filenameOf, formatBytes, progressPercent, readAll } from './download';

describe('the ZIP download', () => {
  it('shows progress against Content-Length or the preflight’s estimate, never 100 % before the end', () => {
    expect(progressPercent({ received: 50, expected: 200 })).toBe(25);
    expect(progressPercent({ received: 300, expected: 200 })).toBe(99);
    expect(progressPercent({ received: 199, expected: 200 })).toBe(99);
    expect(progressPercent({ received: 10, expected: null })).toBeNull();
    expect(progressPercent({ received: 10, expected: 0 })).toBeNull();
    expect(progressPercent({ received: 10, expected: null }, true)).toBe(100);
    expect(expectedBytes('1234', 99)).toBe(1234);
    expect(expectedBytes(null, 99)).toBe(99);
    expect(expectedBytes('nonsense', null)).toBeNull();
  });

  it('formats sizes in the language’s way', () => {
    expect(formatBytes(980, 'en')).toBe('980 B');
    expect(formatBytes(1_234, 'en')).toBe('1.2 kB');
    expect(formatBytes(34_000_000, 'en')).toBe('34 MB');
    expect(formatBytes(1_500_000_000, 'cs')).toBe('1,5 GB');
  });

  it('reads the stream to its end, counting bytes', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x50, 0x4b]));
        controller.enqueue(new Uint8Array([3, 4, 5]));
        controller.close();
      },
    });
    const seen: number[] = [];
    const chunks = await readAll(stream, (received) => seen.push(received));
    expect(seen).toEqual([2, 5]);
    expect(chunks.map((chunk) => [...chunk])).toEqual([
      [0x50, 0x4b],
      [3, 4, 5],
    ]);
  });

  it('takes the file name from Content-Disposition', () => {
    expect(
      filenameOf(`attachment; filename="podklady-a.zip"; filename*=UTF-8''podklady-p%C5%99%C3%ADloha.zip`, 'x'),
    ).toBe('podklady-příloha.zip');
    expect(filenameOf('attachment; filename="podklady-a.zip"', 'x')).toBe('podklady-a.zip');
    expect(filenameOf('attachment; filename=plain.zip', 'x')).toBe('plain.zip');
    expect(filenameOf(null, 'fallback.zip')).toBe('fallback.zip');
    expect(filenameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.zip')).toBe('fallback.zip');
  });
});
