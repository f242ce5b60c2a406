// A field of the sign-in card: label, input and its error, in plain HTML with the card's
// own styles (login-page.module.css) — the same markup index.html paints before the app
// arrives, so the app takes the card over without anything on screen changing.
import { useState, type ComponentPropsWithRef } from 'react';
import classes from './login-page.module.css';

type LoginFieldProps = Omit<ComponentPropsWithRef<'input'>, 'className' | 'id'> & { id: string; label: string; error?: string | undefined };

export function LoginField({ id, label, error, type = 'text', ...input }: LoginFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const password = type === 'password';
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={classes.control}>
        <input
          {...input}
          id={id}
          type={password && revealed ? 'text' : type}
          className={classes.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-with-toggle={password || undefined}
        />
        {password && (
          <button
            type="button"
            className={classes.reveal}
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              {revealed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className={classes.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
