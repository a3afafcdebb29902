export const EXIT_OK = 0;
/** The gate failed, or `diff --fail-on-breaking` found a breaking change. */
export const EXIT_FAILED = 1;
/** Bad input or configuration. */
export const EXIT_INPUT = 2;
/** A bug in orderflow itself. */
export const EXIT_INTERNAL = 3;
