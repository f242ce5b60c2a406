// The two-factor step: where the code was sent (masked), the code field and the
// time it stays valid, in mm:ss. At zero the form goes back to the start (login-flow.ts).
import { loginMessages } from '../auth.contract';
import { formatCountdown, useSecondsLeft } from './countdown';
import type { Challenge } from './login-flow';
import { LoginField } from './login-field';
import classes from './login-page.module.css';

type LoginCodeStepProps = {
  challenge: Challenge;
  code: string;
  error: string | undefined;
  onCodeChange: (code: string) => void;
  onExpired: () => void;
  onStartAgain: () => void;
};

export default function LoginCodeStep({ challenge, code, error, onCodeChange, onExpired, onStartAgain }: LoginCodeStepProps) {
  const secondsLeft = useSecondsLeft(challenge.deadline, onExpired);
  return (
    <>
      <p className={classes.note}>{loginMessages.codeSent(challenge.method, challenge.contact)}</p>
      <LoginField
        id="login-code"
        label="Code"
        name="two_factor_secret"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        // The only field left on screen: take the user straight to it.
        autoFocus
        value={code}
        onChange={(event) => onCodeChange(event.currentTarget.value)}
        error={error}
      />
      <p className={classes.note}>
        The code expires in{' '}
        <span role="timer" className={classes.countdown}>
          {formatCountdown(secondsLeft)}
        </span>
        .{' '}
        <button type="button" className={classes.textButton} onClick={onStartAgain}>
          Start again
        </button>
      </p>
    </>
  );
}
