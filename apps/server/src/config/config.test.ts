import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      webRoot: path.resolve(import.meta.dirname, '../../../web/build/client'),
      siteUrl: 'http://localhost:3000',
      https: false,
      logLevel: 'info',
      trustProxy: false,
      acceptDescriptors: 16,
      identityProvider: 'embedded',
      apiTokenTtlSeconds: 600,
      rateLimitApiPerMinute: 10_000,
      rateLimitIdpPerMinute: 300,
      rateLimitCertificatesPerMinute: 20,
      redisUrl: undefined,
      enrolmentChangesPerHour: 6,
      staffPeopleSearchesPerHour: 30,
      enrolmentRepairAfterSeconds: 60,
      classRemindersEverySeconds: 60,
      retentionMonthsAfterCourse: 24,
      adminEmails: [],
      idp: {
        issuer: 'http://localhost:3000/idp',
        clientId: 'centro-web',
        redirectUris: ['http://localhost:3000/'],
        postLogoutRedirectUris: ['http://localhost:3000/'],
        apiAudience: 'api://centro',
        apiScope: 'api://centro/access_as_user',
        signInAttempts: { perEmail: 10, perAddress: 50 },
        signUpsPerAddress: 20,
      },
      mail: expect.objectContaining({
        smtpUrl: undefined,
        emailVerification: 'off',
        dataDir: path.resolve('data'),
      }) as unknown,
      backup: {
        backupDir: undefined,
        keep: 7,
        time: { hour: 3, minute: 30 },
        timeZone: 'America/Sao_Paulo',
      },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/centro',
      WEB_ROOT: 'web',
      SITE_URL: 'https://centro.org.br/',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: 'true',
      ACCEPT_DESCRIPTORS: '1',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/centro',
      webRoot: path.resolve('web'),
      siteUrl: 'https://centro.org.br',
      https: true,
      logLevel: 'warn',
      trustProxy: true,
      acceptDescriptors: 1,
      identityProvider: 'embedded',
      apiTokenTtlSeconds: 600,
      rateLimitApiPerMinute: 10_000,
      rateLimitIdpPerMinute: 300,
      rateLimitCertificatesPerMinute: 20,
      redisUrl: undefined,
      enrolmentChangesPerHour: 6,
      staffPeopleSearchesPerHour: 30,
      enrolmentRepairAfterSeconds: 60,
      classRemindersEverySeconds: 60,
      retentionMonthsAfterCourse: 24,
      adminEmails: [],
      idp: {
        issuer: 'https://centro.org.br/idp',
        clientId: 'centro-web',
        redirectUris: ['https://centro.org.br/'],
        postLogoutRedirectUris: ['https://centro.org.br/'],
        apiAudience: 'api://centro',
        apiScope: 'api://centro/access_as_user',
        signInAttempts: { perEmail: 10, perAddress: 50 },
        signUpsPerAddress: 20,
      },
      mail: expect.objectContaining({ dataDir: '/var/lib/centro' }) as unknown,
      backup: expect.objectContaining({ backupDir: undefined }) as unknown,
    });
  });

  it('defaults SITE_URL to localhost on PORT, and treats blank values as unset', () => {
    expect(loadConfig({ PORT: '3999', HOST: ' ' }).siteUrl).toBe('http://localhost:3999');
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1', ['10.0.0.0/8', '::1']],
  ])('parses TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('names each invalid variable in English', () => {
    const found = problems({
      PORT: '70000',
      SITE_URL: 'centro.org.br/inicio',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'maybe',
      ACCEPT_DESCRIPTORS: '0',
    });
    expect(found).toEqual([
      'PORT must be an integer from 0 to 65535 (got "70000")',
      'SITE_URL must be an http(s) origin such as https://centro.org.br, without path, query or fragment (got "centro.org.br/inicio")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (got "maybe")',
      'ACCEPT_DESCRIPTORS must be a number of descriptors from 1 to 64 (got "0")',
    ]);
  });

  it('reads the rate limits, the Redis store, the enrolment repair age and the reminders period', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimitIdpPerMinute).toBe(300);
    expect(defaults.redisUrl).toBeUndefined();
    expect(defaults.classRemindersEverySeconds).toBe(60);
    const config = loadConfig({
      RATE_LIMIT_API_PER_MINUTE: '0',
      RATE_LIMIT_IDP_PER_MINUTE: '50',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ENROLMENT_REPAIR_AFTER_SECONDS: '120',
      CLASS_REMINDERS_EVERY_SECONDS: '2',
      RETENTION_MONTHS_AFTER_COURSE: '36',
    });
    expect(config.rateLimitApiPerMinute).toBe(0);
    expect(config.rateLimitIdpPerMinute).toBe(50);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.enrolmentRepairAfterSeconds).toBe(120);
    expect(config.classRemindersEverySeconds).toBe(2);
    expect(config.retentionMonthsAfterCourse).toBe(36);
    expect(
      problems({
        RATE_LIMIT_API_PER_MINUTE: 'lots',
        RATE_LIMIT_IDP_PER_MINUTE: '-1',
        REDIS_URL: 'http://127.0.0.1:6379',
        ENROLMENT_REPAIR_AFTER_SECONDS: '90000',
        CLASS_REMINDERS_EVERY_SECONDS: '0',
      }),
    ).toEqual([
      'RATE_LIMIT_API_PER_MINUTE must be the requests per minute allowed to one client address on /api (0 for no limit), a whole number from 0 to 1000000 (got "lots")',
      'RATE_LIMIT_IDP_PER_MINUTE must be the requests per minute allowed to one client address on /idp (0 for no limit), a whole number from 0 to 1000000 (got "-1")',
      'REDIS_URL must be a Redis URL (redis://host:6379 or rediss://...)',
      'ENROLMENT_REPAIR_AFTER_SECONDS must be the age in seconds after which an unfinished enrolment is settled with the directory, a whole number from 0 to 86400 (got "90000")',
      'CLASS_REMINDERS_EVERY_SECONDS must be how often in seconds the classes to remind are looked for, a whole number from 1 to 86400 (got "0")',
    ]);
  });

  it('puts every problem in the error message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Invalid configuration:\n  - PORT must be an integer from 0 to 65535 (got "abc")',
    );
  });

  it.each([
    'https://centro.org.br/site',
    'ftp://centro.org.br',
    'http://centro.org.br/?a=1',
    '10.0.0.0/33',
  ])('refuses SITE_URL or TRUST_PROXY value %s', (value) => {
    const key = value.includes('/33') ? 'TRUST_PROXY' : 'SITE_URL';
    expect(problems({ [key]: value })[0]).toMatch(new RegExp(`^${key} must be`));
  });
});
