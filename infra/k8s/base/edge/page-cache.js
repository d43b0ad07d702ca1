// The edge's page cache generation (njs, run by nginx in front of the shells: the loopback balancer
// npm start writes, and the edge Deployment). A kept page is stored and looked up under the current
// generation; a service or shell about to show new data (a price, a deploy, a rollback) holds the edge
// first, so that nothing is served from or kept in the cache while it swaps, and releases it after,
// which starts a new generation: every page kept before the change is never served again, and every
// page kept after it was rendered after the change (docs/adr/0021).
//
// Only a caller with the service key (EDGE_CONTROL_KEY in nginx's environment) holds or releases.
// The state is the names of the files in $edge_state_dir, read with one directory listing per request
// (every nginx worker sees the same, and a name appears or goes at once): `generation.<token>`, and
// `hold.<holder>.<expires-at-ms>` for each hold, never touched by another holder. A hold that outlives
// its expiry (its holder died before releasing) no longer stops the cache, but stays part of the
// generation until a release clears it: the pages kept before it are not served again either.
var fs = require('fs');

var HOLDER = /^\/edge\/(hold|release)\/([A-Za-z0-9_-]{1,80})$/;
var LONGEST_HOLD_MS = 60000;

function expiryOf(name) {
  return Number(name.slice(name.lastIndexOf('.') + 1));
}

/** The cache generation for this request, or '' while a hold is in force (the cache is passed by). */
function generation(r) {
  var names;
  try {
    names = fs.readdirSync(r.variables.edge_state_dir);
  } catch (e) {
    return '';
  }
  var now = Date.now();
  var current = [];
  for (var i = 0; i < names.length; i++) {
    var name = names[i];
    if (name.indexOf('hold.') === 0) {
      if (!(expiryOf(name) <= now)) return '';
      current.push(name);
    } else if (name.indexOf('generation.') === 0) {
      current.push(name);
    }
  }
  // No generation yet (a state folder not prepared): nothing is kept.
  return current.length ? current.sort().join('+') : '';
}

/** POST /edge/hold/<holder>?ms=N and POST /edge/release/<holder>, for the stack's own processes. */
function control(r) {
  var matched = HOLDER.exec(r.uri);
  if (r.method !== 'POST' || !matched) return r.return(404);
  var key = process.env.EDGE_CONTROL_KEY;
  if (!key || r.headersIn['X-Service-Key'] !== key) return r.return(403);
  var holder = matched[2];
  var dir = r.variables.edge_state_dir;
  if (matched[1] === 'hold') {
    var ms = Math.min(Math.max(Number(r.args.ms) || 10000, 1), LONGEST_HOLD_MS);
    fs.writeFileSync(dir + '/hold.' + holder + '.' + (Date.now() + ms), '');
    return r.return(204);
  }
  // The new generation is in place before anything goes: no request sees the old one uncovered.
  var next = 'generation.' + Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
  fs.writeFileSync(dir + '/' + next, '');
  var now = Date.now();
  var names = fs.readdirSync(dir);
  for (var i = 0; i < names.length; i++) {
    var name = names[i];
    var gone =
      name.indexOf('hold.' + holder + '.') === 0 ||
      (name.indexOf('hold.') === 0 && expiryOf(name) <= now) ||
      (name.indexOf('generation.') === 0 && name !== next);
    if (gone) {
      try {
        fs.unlinkSync(dir + '/' + name);
      } catch (e) {
        // Another release took it first.
      }
    }
  }
  r.return(204);
}

export default { generation: generation, control: control };
