// Types for the parts of lib.mjs that TypeScript code (the benches) imports.
export declare const ROOT: string;
export declare function serverNodeFlags(env?: Record<string, string | undefined>): string[];
