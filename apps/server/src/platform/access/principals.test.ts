import { describe, expect, it } from 'vitest';
import type { Principal } from './guard.js';
import { PrincipalCache } from './principals.js';

const person = (id: string, tokenVersion = 0): Principal => ({
  user: {
    id,
    clientId: 'c1',
    login: id,
    roles: [],
    rights: {} as Principal['user']['rights'],
    firstName: 'A',
    lastName: 'B',
    lang: null,
    deletionMark: false,
    tokenVersion,
  },
  client: { id: 'c1', workspace: 'w', status: 'active', features: [] },
});

describe('principal cache', () => {
  it('serves nothing until it listens, and nothing again once listening is lost', () => {
    const cache = new PrincipalCache();
    cache.set('u1', 'c1', person('u1'), cache.epoch());
    expect(cache.get('u1', 'c1')).toBeUndefined();
    cache.up();
    cache.set('u1', 'c1', person('u1'), cache.epoch());
    expect(cache.get('u1', 'c1')).toEqual(person('u1'));
    cache.down();
    expect(cache.get('u1', 'c1')).toBeUndefined();
    cache.up();
    expect(cache.get('u1', 'c1')).toBeUndefined();
  });

  it('forgets a person on their change, everyone on any other, and keeps per workspace chosen', () => {
    const cache = new PrincipalCache();
    cache.up();
    for (const [id, client] of [
      ['u1', 'c1'],
      ['u1', null],
      ['u2', 'c1'],
    ] as const) {
      cache.set(id, client, person(id), cache.epoch());
    }
    cache.changed('u:u1');
    expect(cache.get('u1', 'c1')).toBeUndefined();
    expect(cache.get('u1', null)).toBeUndefined();
    expect(cache.get('u2', 'c1')).toBeDefined();
    cache.changed('*');
    expect(cache.get('u2', 'c1')).toBeUndefined();
  });

  it('does not keep a lookup that a change overtook, nor an entry older than a minute', () => {
    let now = 0;
    const cache = new PrincipalCache(() => now);
    cache.up();
    const before = cache.epoch();
    cache.changed('u:u9');
    cache.set('u1', 'c1', person('u1'), before);
    expect(cache.get('u1', 'c1')).toBeUndefined();

    cache.set('u1', 'c1', person('u1'), cache.epoch());
    now = 60_001;
    expect(cache.get('u1', 'c1')).toBeUndefined();
  });
});
