import { describe, expect, it } from 'vitest';
import { ConfigError, DISCORD_ORIGINS, loadConfig } from './config.js';

describe('SITE_URL and DISCORD_WEBHOOK_ORIGIN', () => {
  it('keeps the public address without a trailing slash, PUBLIC_URL as the fallback', () => {
    expect(loadConfig({ SITE_URL: 'https://stats.example.org/' }).siteUrl).toBe('https://stats.example.org');
    expect(loadConfig({ PUBLIC_URL: 'https://example.org/stats/' }).siteUrl).toBe('https://example.org/stats');
    expect(loadConfig({}).siteUrl).toBeUndefined();
    expect(() => loadConfig({ SITE_URL: 'stats.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_URL: 'ftp://stats.example.org' })).toThrow(ConfigError);
  });

  it("allows Discord's own hosts unless one origin is named", () => {
    expect(loadConfig({}).discordWebhookOrigins).toEqual(DISCORD_ORIGINS);
    expect(loadConfig({ DISCORD_WEBHOOK_ORIGIN: 'http://127.0.0.1:9000/anything' }).discordWebhookOrigins).toEqual([
      'http://127.0.0.1:9000',
    ]);
  });
});
