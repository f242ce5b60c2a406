// What the operator commands (`npm run backup`, `npm run restore`) share: their settings read
// once from the environment, progress on stderr, and how they end — exit 0, or one line
// `Stafflane <command>: …` with no secret of the configuration in it and exit 1.
import { AppError } from '../../shared/app-error';
import { ConfigError, loadConfig, type Config } from '../config';
import { packageVersion } from '../package-version';
import { describeStartupFailure, redactSecrets, secretsOf } from '../startup-error';

/** Progress lines go to stderr, so stdout holds only the command's summary. */
export const commandLog = {
  info: (line: string) => console.error(line),
  warn: (line: string) => console.error(`Warning: ${line}`),
};

/** One line: a refusal as it was said, anything else as start-up failures are, with no secret in it. */
function failureLine(error: unknown, config: Config | undefined): string {
  if (error instanceof ConfigError || error instanceof AppError || !config) return error instanceof Error ? error.message : String(error);
  return redactSecrets(describeStartupFailure(error, config).replace(/^Stafflane could not start: /, ''), secretsOf(config));
}

export function runOperatorCommand(name: string, main: (settings: () => Config) => Promise<void>): void {
  let config: Config | undefined;
  const settings = () => (config ??= loadConfig(process.env, packageVersion()));
  main(settings).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Stafflane ${name}: ${failureLine(error, config)}`);
      process.exit(1);
    },
  );
}
