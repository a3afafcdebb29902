// `node --import ./trace-imports.mjs`: appends the URL or path of every module the process loads to $TRACE_IMPORTS_FILE,
// ES modules through a loader hook and CommonJS requires (a package loaded lazily with createRequire) through Module._load.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const file = process.env.TRACE_IMPORTS_FILE;

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    export async function load(url, context, next) {
      appendFileSync(${JSON.stringify(file)}, url + '\\n');
      return next(url, context);
    }`)}`,
);

const loadModule = Module._load;
Module._load = function (request, parent, isMain) {
  const loaded = loadModule.call(this, request, parent, isMain);
  if (!Module.isBuiltin(request)) appendFileSync(file, `${Module._resolveFilename(request, parent, isMain)}\n`);
  return loaded;
};
