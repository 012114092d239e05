/** A file to upload (multipart operations such as coreConfig/set, licenses/set, certificate imports). */
export interface UploadFile {
  /** The file name the gateway sees, e.g. `backup.xzconfig`. */
  readonly name: string;
  readonly content: Uint8Array | Blob | string;
  /** Its media type (default application/octet-stream). */
  readonly type?: string;
}

/** A file an operation answered (Content-Disposition: attachment), e.g. a configuration backup. */
export interface DownloadedFile {
  /** The file name of Content-Disposition, when it gives one. */
  readonly filename: string | undefined;
  readonly contentType: string;
  readonly content: Uint8Array;
}

/** What every operation table entry holds (see src/generated). */
export interface OperationShape {
  readonly query: object;
  readonly body: object;
  readonly result: unknown;
}
