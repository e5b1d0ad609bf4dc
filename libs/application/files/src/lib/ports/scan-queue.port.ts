/** Where scans of stored uploads are queued; the scheduler app scans them through the Antivirus port. */
export abstract class ScanQueue {
  abstract enqueue(fileId: string): Promise<void>;
}
