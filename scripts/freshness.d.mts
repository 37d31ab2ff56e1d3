/** Built entries (paths relative to the repo root) that must exist and be newer than the sources. */
export declare const builtEntries: string[];
/** Folders the build reads (relative to the repo root). */
export declare const sourceFolders: string[];
/** Single files the build reads (relative to the repo root). */
export declare const sourceFiles: string[];
/** Newest modification time (ms since the epoch) of the build's sources under `root`. */
export declare function newestSource(root: string): number;
/** True when a built entry under `root` is missing or not newer than every source. */
export declare function buildNeeded(root: string): boolean;
