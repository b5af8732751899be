/** Types of scripts/chromium.mjs (the browser tests, the release test and the bench import it). */
export const CHROMIUM: string;
export const ARGS_DO_CHROMIUM: string[];
