/**
 * What scenarios and baselines build their requests from: the generated people, and (with a Hallway server
 * running) their bearer tokens, signed in once each through POST /api/login.
 */
export function createContext(manifest, hallwayUrl = null) {
  const byWorkspace = new Map();
  for (const person of manifest.sample) {
    if (!byWorkspace.has(person.workspace)) byWorkspace.set(person.workspace, []);
    byWorkspace.get(person.workspace).push(person);
  }
  // Round-robin over workspaces, so twenty people come from twenty workspaces when there are that many.
  const spread = [];
  const lists = [...byWorkspace.values()];
  for (let i = 0; spread.length < manifest.sample.length; i++) {
    for (const list of lists) if (list[i]) spread.push(list[i]);
  }
  const tokens = new Map();

  return {
    manifest,
    /** `n` generated people (fewer if the sample is smaller), the same ones on every call. */
    people(n, { workspace } = {}) {
      const pool = workspace ? (byWorkspace.get(workspace) ?? []) : spread;
      if (!pool.length) throw new Error(`No generated people${workspace ? ` in ${workspace}` : ''}`);
      return pool.slice(0, n);
    },
    async signIn(person) {
      if (!hallwayUrl) throw new Error('signIn needs the Hallway server: baselines cannot sign in');
      if (!tokens.has(person.id)) {
        const res = await fetch(`${hallwayUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: person.login, password: manifest.password }),
        });
        const body = await res.json();
        if (!res.ok || !body.token)
          throw new Error(`Sign-in of ${person.login} failed: ${res.status} ${JSON.stringify(body)}`);
        tokens.set(person.id, body.token);
      }
      return tokens.get(person.id);
    },
  };
}
