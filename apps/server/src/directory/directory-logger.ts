/**
 * The little the directory adapters need from a logger (pino's and Fastify's loggers fit). Callers
 * pass structured fields and a fixed message; fields never hold tokens, secrets or personal data
 * (no names, e-mails, phones, birth dates, and no user ids).
 */
export interface DirectoryLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

const ignore = (): void => undefined;

export const silentLogger: DirectoryLogger = {
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
};
