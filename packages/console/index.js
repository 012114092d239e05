'use strict';
const path = require('node:path');

/** The package folder of an installed dependency: the nearest folder above its entry point whose package.json names it. */
function packageDir(name) {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      if (require(path.join(dir, 'package.json')).name === name) return dir;
    } catch {
      /* no package.json here */
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`the package folder of ${name} is not found`);
    dir = parent;
  }
}

/**
 * Every file the console's page loads, by the name it is served under (below /_sim/console/): the compiled
 * modules of this package, its style sheet, and the browser builds of Preact, htm and uPlot from node_modules.
 * Nothing else is served, and nothing is fetched from another host.
 */
function consoleFiles() {
  const dist = path.join(__dirname, 'dist');
  const preact = packageDir('preact');
  const files = {
    'console.css': { file: path.join(__dirname, 'static', 'console.css'), type: 'text/css; charset=utf-8' },
    'vendor/preact.mjs': { file: path.join(preact, 'dist', 'preact.mjs'), type: 'text/javascript; charset=utf-8' },
    'vendor/hooks.mjs': {
      file: path.join(preact, 'hooks', 'dist', 'hooks.mjs'),
      type: 'text/javascript; charset=utf-8',
    },
    'vendor/htm.mjs': { file: path.join(packageDir('htm'), 'dist', 'htm.mjs'), type: 'text/javascript; charset=utf-8' },
    'vendor/uPlot.esm.js': {
      file: path.join(packageDir('uplot'), 'dist', 'uPlot.esm.js'),
      type: 'text/javascript; charset=utf-8',
    },
    'vendor/uPlot.min.css': {
      file: path.join(packageDir('uplot'), 'dist', 'uPlot.min.css'),
      type: 'text/css; charset=utf-8',
    },
  };
  for (const module of [
    'main',
    'app',
    'api',
    'hooks',
    'panels',
    'control',
    'charts',
    'format',
    'sipPanel',
    'hepForm',
    'trunks',
    'dashboardPanel',
    'loaded',
    'forms',
    'configApi',
    'configDiff',
    'configureView',
    'configPanel',
    'objectView',
    'configForms',
    'routingForms',
    'rewritingForm',
    'pendingChanges',
    'trafficPanel',
    'login',
    'labSession',
    'ladder',
    'ladderLanes',
    'scenarioApi',
    'scenarioPanel',
  ]) {
    files[`app/${module}.js`] = { file: path.join(dist, `${module}.js`), type: 'text/javascript; charset=utf-8' };
  }
  return files;
}

/** The import map of the page: the bare names the modules import, to the served vendor files. */
function importMap(base) {
  return {
    imports: {
      preact: `${base}/vendor/preact.mjs`,
      'preact/hooks': `${base}/vendor/hooks.mjs`,
      htm: `${base}/vendor/htm.mjs`,
      uplot: `${base}/vendor/uPlot.esm.js`,
    },
  };
}

module.exports = { consoleFiles, importMap };
