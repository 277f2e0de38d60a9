export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
/** Writes the .br and .gz copies for every compressible file under `dir`; answers the files written. */
export declare function precompressDir(dir: string): Promise<string[]>;
