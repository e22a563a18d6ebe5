import { ConfigError, parseConfig } from './app-config.js';

function problemsFor(env: Record<string, string>): readonly string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(parseConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      mongodbUri: 'mongodb://127.0.0.1:27017/paylock',
      corsOrigins: ['http://localhost:5173'],
      logLevel: 'info',
      trustProxy: false,
      dbServerSelectionTimeoutMs: 2000,
      rateLimits: { waitlistPerMinute: 10, authPerMinute: 30 },
    });
  });

  it('reads and converts every variable', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      MONGODB_URI: 'mongodb+srv://cluster0.example.net/paylock?retryWrites=true',
      CORS_ORIGINS: 'https://paylock.in, https://www.paylock.in',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'TRUE',
      DB_SERVER_SELECTION_TIMEOUT_MS: '1500',
      RATE_LIMIT_WAITLIST_PER_MINUTE: '5',
      RATE_LIMIT_AUTH_PER_MINUTE: '50',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 8080,
      mongodbUri: 'mongodb+srv://cluster0.example.net/paylock?retryWrites=true',
      corsOrigins: ['https://paylock.in', 'https://www.paylock.in'],
      logLevel: 'warn',
      trustProxy: true,
      dbServerSelectionTimeoutMs: 1500,
      rateLimits: { waitlistPerMinute: 5, authPerMinute: 50 },
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', TRUST_PROXY: ' ' })).toMatchObject({
      port: 3000,
      trustProxy: false,
    });
  });

  it.each([
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, test, production'],
    ['PORT', 'abc', 'PORT must be an integer between 1 and 65535'],
    ['PORT', '0', 'PORT must be an integer between 1 and 65535'],
    ['PORT', '65536', 'PORT must be an integer between 1 and 65535'],
    ['PORT', '80.5', 'PORT must be an integer between 1 and 65535'],
    ['MONGODB_URI', 'postgres://localhost/paylock', 'MONGODB_URI must be a mongodb:// or'],
    ['CORS_ORIGINS', 'https://paylock.in/', 'CORS_ORIGINS must be a comma-separated list'],
    ['CORS_ORIGINS', 'paylock.in', 'CORS_ORIGINS must be a comma-separated list'],
    ['CORS_ORIGINS', ' , ', 'CORS_ORIGINS must be a comma-separated list'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true or false'],
    ['DB_SERVER_SELECTION_TIMEOUT_MS', 'soon', 'DB_SERVER_SELECTION_TIMEOUT_MS must be an integer'],
  ])('rejects %s=%p with a message naming the variable', (name, value, message) => {
    const problems = problemsFor({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('names the invalid origin', () => {
    expect(problemsFor({ CORS_ORIGINS: 'https://ok.in,ftp://files.in' })[0]).toContain(
      '"ftp://files.in"',
    );
  });

  it('reports every problem at once, one per variable', () => {
    const problems = problemsFor({ PORT: 'x', LOG_LEVEL: 'loud', TRUST_PROXY: 'perhaps' });
    expect(problems).toHaveLength(3);
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
      'TRUST_PROXY',
    ]);
  });

  it('ignores variables it does not know', () => {
    expect(() => parseConfig({ PATH: '/usr/bin', HOME: '/root' })).not.toThrow();
  });
});
