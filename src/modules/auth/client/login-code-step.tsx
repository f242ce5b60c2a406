// The two-factor step. A code sent by e-mail or text: where it went (masked), the code field
// and the time it stays valid, in mm:ss; at zero the form goes back to the start
// (login-flow.ts). An authenticator app: its code, no countdown (the app's code changes by
// itself), and "Use a recovery code" for a lost phone.
import { loginMessages } from '../auth.contract';
import { formatCountdown, useSecondsLeft } from './countdown';
import type { Challenge } from './login-flow';
import { LoginField } from './login-field';
import classes from './login-page.module.css';

type LoginCodeStepProps = {
  challenge: Challenge;
  code: string;
  error: string | undefined;
  recovery: boolean;
  onCodeChange: (code: string) => void;
  onExpired: () => void;
  onStartAgain: () => void;
  onRecovery: (on: boolean) => void;
};

export const RECOVERY_CODE_NOTE = 'Enter one of the recovery codes you saved when you set up your authenticator app.';

function Countdown({ deadline, onExpired }: { deadline: number; onExpired: () => void }) {
  const secondsLeft = useSecondsLeft(deadline, onExpired);
  return (
    <>
      The code expires in{' '}
      <span role="timer" className={classes.countdown}>
        {formatCountdown(secondsLeft)}
      </span>
      .{' '}
    </>
  );
}

export default function LoginCodeStep(props: LoginCodeStepProps) {
  const { challenge, code, error, recovery, onCodeChange, onExpired, onStartAgain, onRecovery } = props;
  const app = challenge.method === 'app';
  return (
    <>
      <p className={classes.note}>{recovery ? RECOVERY_CODE_NOTE : loginMessages.codeSent(challenge.method, challenge.contact)}</p>
      <LoginField
        // A new field when switching, so the browser's one-time-code filling stays with the app's code.
        key={recovery ? 'recovery' : 'code'}
        id="login-code"
        label={recovery ? 'Recovery code' : 'Code'}
        name="two_factor_secret"
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        required
        // The only field left on screen: take the user straight to it.
        autoFocus
        value={code}
        onChange={(event) => onCodeChange(event.currentTarget.value)}
        error={error}
      />
      <p className={classes.note}>
        {!app && <Countdown deadline={challenge.deadline} onExpired={onExpired} />}
        {app && (
          <>
            <button type="button" className={classes.textButton} onClick={() => onRecovery(!recovery)}>
              {recovery ? 'Use the code from my app' : 'Use a recovery code'}
            </button>{' '}
            ·{' '}
          </>
        )}
        <button type="button" className={classes.textButton} onClick={onStartAgain}>
          Start again
        </button>
      </p>
    </>
  );
}
