import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to port 3000 and the embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL|PORT[\s\S]*LOG_LEVEL[\s\S]*DATABASE_URL/,
    );
  });

  it('reads a relative data directory from where npm was invoked', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/bjk' }).dataDir).toBe('/srv/bjk/data');
  });

  it('gives links one site address without a trailing slash: PUBLIC_URL, else this machine on its port', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://bjk.example.org/' })).toMatchObject({ publicUrl: 'https://bjk.example.org', publicUrlIsDefault: false });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ publicUrl: 'http://localhost:8080', publicUrlIsDefault: true });
    expect(() => loadConfig({ PUBLIC_URL: 'bjk.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('configures sign-in through an identity provider only with both its issuer and client id', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(
      loadConfig({ OIDC_ISSUER: 'https://accounts.example.org/', OIDC_CLIENT_ID: 'bjk-web', OIDC_ALLOWED_DOMAINS: 'Club.be, schaak.example.org' }).oidc,
    ).toEqual({ issuer: 'https://accounts.example.org', clientId: 'bjk-web', allowedDomains: ['club.be', 'schaak.example.org'], name: 'accounts.example.org' });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.example.org' })).toThrow(/OIDC_CLIENT_ID: required when OIDC_ISSUER is set/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'bjk-web', PORT: 'x' })).toThrow(/PORT[\s\S]*OIDC_ISSUER: required/);
  });

  it('refuses an identity provider reached without TLS, except on this machine, and a malformed domain list', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'http://accounts.example.org', OIDC_CLIENT_ID: 'x' })).toThrow(/OIDC_ISSUER: must be https/);
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'x', OIDC_NAME: 'Test' }).oidc?.name).toBe('Test');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://a.example.org', OIDC_CLIENT_ID: 'x', OIDC_ALLOWED_DOMAINS: 'club.be,@nope' })).toThrow(
      /OIDC_ALLOWED_DOMAINS/,
    );
  });
});
