/** Types of scripts/precompress.mjs (see its documentation). */
export declare const TEXT_EXTENSIONS: ReadonlySet<string>;
export declare function brotli(data: Uint8Array): Buffer;
export declare function gzip(data: Uint8Array): Buffer;
export declare function precompress(directory: string): {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
};
