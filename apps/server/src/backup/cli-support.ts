/** What the backup command-line tools share: reading the settings, sizes for people, failing clearly. */
import { ConfigError, loadBackupSettings, type BackupSettings } from '../config/index.js';

/** Prints the message and exits 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The settings from the environment, or exits naming every wrong variable. */
export function settingsFromEnv(): BackupSettings {
  try {
    return loadBackupSettings(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** 1536 → "1.5 KB". */
export function humanSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Runs the tool's main; any error ends the process with its message (never a stack for people). */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) =>
    fail(`Error: ${error instanceof Error ? error.message : String(error)}`),
  );
}
