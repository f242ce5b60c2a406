// A refused sign-in, said on the card, with the way out when there is one.
import { Link } from '@tanstack/react-router';
import type { LoginProblem } from './login-failure';
import classes from './login-page.module.css';

export function LoginProblemAlert({ problem }: { problem: LoginProblem }) {
  return (
    <div role="alert" className={classes.problem}>
      <span>{problem.message}</span>
      {problem.resetLink && (
        <>
          {' '}
          <Link to="/reset-password" className={classes.problemLink}>
            Reset your password
          </Link>
        </>
      )}
    </div>
  );
}
