/** Types of chromium.mjs (Debian's Chromium: binary path and flags, shared by tests and benchmarks). */
export declare const chromiumPath: string;
export declare const chromiumArgs: string[];
