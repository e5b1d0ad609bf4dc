/** What the download use cases need of the configuration. */
export class DownloadSettings {
  constructor(
    /** DOWNLOAD_MAX_BYTES: the largest download, counted as the bytes of the uploads it holds. */
    readonly maxBytes: number,
  ) {}
}
