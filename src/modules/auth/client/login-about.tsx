// What Stafflane is for, below the sign-in card: one paragraph, and four more behind
// Show More / Show Less.
import { useLayoutEffect, useState } from 'react';
import { loginCopy } from './login-copy';
import { takeStaticShowMore } from './static-card';
import classes from './login-page.module.css';

export function LoginAbout() {
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    // Reads index.html's static card (outside React) once, as this section replaces it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeStaticShowMore()) setExpanded(true);
  }, []);
  return (
    <section className={classes.about} aria-label="About Stafflane">
      <p className={classes.aboutText}>{loginCopy.about}</p>
      <div id="login-more" hidden={!expanded}>
        {loginCopy.more.map((paragraph) => (
          <p key={paragraph} className={classes.aboutText}>
            {paragraph}
          </p>
        ))}
      </div>
      <button
        type="button"
        className={classes.toggle}
        aria-expanded={expanded}
        aria-controls="login-more"
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? loginCopy.showLess : loginCopy.showMore}
      </button>
    </section>
  );
}
