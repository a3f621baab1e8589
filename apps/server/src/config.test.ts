import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults: the embedded database in ./data, demo on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.demo).toBe(true);
    expect(config.defaultLang).toBe('en');
  });

  it('uses PostgreSQL with DATABASE_URL, without the demo unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/hallway' });
    expect(config.database).toMatchObject({ kind: 'pg', url: 'postgres://u@db:5432/hallway' });
    expect(config.demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/h', DEMO: '1' }).demo).toBe(true);
  });

  it('reads the database and request timeouts as milliseconds or with a unit', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/h',
      DATABASE_STATEMENT_TIMEOUT: '2m',
      DATABASE_LOCK_TIMEOUT: '1500ms',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: '0',
      DATABASE_CONNECT_TIMEOUT: '7s',
      REQUEST_TIMEOUT: '90000',
    });
    expect(config.database).toMatchObject({
      connectTimeoutMs: 7_000,
      timeouts: { statementMs: 120_000, lockMs: 1_500, idleInTransactionMs: 0 },
    });
    expect(config.requestTimeoutMs).toBe(90_000);
    expect(loadConfig({}).requestTimeoutMs).toBe(600_000);
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT: 'soon' })).toThrow(/DATABASE_LOCK_TIMEOUT/);
  });

  it('stops at start with a clear message for a bad value', () => {
    const bad = (env: Record<string, string>) => () => loadConfig(env);
    expect(bad({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(bad({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(bad({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(bad({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(bad({ DEFAULT_LANG: 'de' })).toThrow(/DEFAULT_LANG/);
    expect(bad({ S3_BUCKET: 'files' })).toThrow(/S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY go together/);
    expect(bad({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(bad({ DEMO: 'maybe' })).toThrow(/DEMO/);
  });
});

describe('sign-in settings', () => {
  it('trusts no proxy by default, a hop count or a list of proxies when told, never everyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
    const bad = (value: string) => () => loadConfig({ TRUST_PROXY: value });
    expect(bad('true')).toThrow(/TRUST_PROXY=true would trust any X-Forwarded-For/);
    expect(bad('10.0.0.0/33')).toThrow(/TRUST_PROXY: "10.0.0.0\/33"/);
    expect(bad('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });

  it('allows no internal host for outbound requests unless OUTBOUND_ALLOW_HOSTS names it, and checks its entries', () => {
    expect(loadConfig({}).outboundAllow).toEqual({ names: new Set(), ranges: [] });
    const allow = loadConfig({ OUTBOUND_ALLOW_HOSTS: 'hooks.corp.example, 10.20.0.0/16' }).outboundAllow;
    expect([...allow.names]).toEqual(['hooks.corp.example']);
    expect(allow.ranges.map(([ip, bits]) => `${ip}/${bits}`)).toEqual(['10.20.0.0/16']);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: '10.0.0.0/40' })).toThrow(/OUTBOUND_ALLOW_HOSTS: "10.0.0.0\/40"/);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'https://hooks.example' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });

  it('limits an address to ten times the per-account limit unless told, and checks DEMO_PASSWORD', () => {
    expect(loadConfig({}).addressRateLimit).toBe(100);
    expect(loadConfig({ LOGIN_RATE_LIMIT: '5' }).addressRateLimit).toBe(50);
    expect(loadConfig({ LOGIN_ADDRESS_RATE_LIMIT: '7' }).addressRateLimit).toBe(7);
    expect(loadConfig({ DEMO_PASSWORD: 'demo-pass' }).demoPassword).toBe('demo-pass');
    expect(() => loadConfig({ DEMO_PASSWORD: 'abc' })).toThrow(/DEMO_PASSWORD must be at least 6 characters/);
  });
});
