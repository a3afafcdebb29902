// `node --import ./trace-imports.mjs`: appends the URL of every module the process loads to $TRACE_IMPORTS_FILE.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    export async function load(url, context, next) {
      appendFileSync(${JSON.stringify(process.env.TRACE_IMPORTS_FILE)}, url + '\\n');
      return next(url, context);
    }`)}`,
);
