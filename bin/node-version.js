// The Node.js version check, kept apart so that bin/pkidocs.js can run it before
// it loads anything else. Plain old JavaScript on purpose (var, no arrow
// functions, no optional chaining): an old Node must be able to parse this file
// to print the requirement instead of a syntax error. REQUIRED mirrors
// package.json "engines" (a unit test checks that they agree).

export var REQUIRED = '20.19';

/** The message to print when `version` (e.g. "18.20.4") is older than REQUIRED, else ''. */
export function nodeVersionProblem(version) {
  var have = String(version).replace(/^v/, '').split('.');
  var want = REQUIRED.split('.');
  for (var i = 0; i < want.length; i++) {
    var h = parseInt(have[i] || '0', 10);
    var w = parseInt(want[i], 10);
    if (h > w) return '';
    if (h !== w) { // lower, or not a number
      return 'pkidocs needs Node.js ' + REQUIRED + ' or newer (package.json "engines": ">=' + REQUIRED + '"), but this is Node.js ' + version + '.\n' +
        '→ Install Node.js ' + REQUIRED + ' or a later release (e.g. `nvm install 22`) and run the command again.';
    }
  }
  return '';
}
