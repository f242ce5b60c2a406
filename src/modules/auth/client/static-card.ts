// index.html paints a static copy of the sign-in card before the app's scripts arrive (see
// login-copy.ts). Its inputs are real, and public/boot.js notes on <html> which field had
// the focus and a press of "Sign in" (or Enter) or "Show More". All of it carries over to
// the app's form instead of vanishing when the app takes over. It is read when the app's
// card replaces the static one (a layout effect), not when the app starts rendering: the
// first render is spread over several tasks, and the static card stays usable until then.

export type StaticCard = { email: HTMLInputElement | null; password: HTMLInputElement | null };

export type StaticCardInput = {
  email: string;
  password: string;
  focused: 'email' | 'password' | null;
  /** "Sign in" was pressed before the app arrived: the form submits as soon as it can. */
  submitted: boolean;
};

/** The static card's inputs, found while they are still in the page; they keep their values once removed. */
export function findStaticCard(): StaticCard {
  return {
    email: document.getElementById('boot-email') as HTMLInputElement | null,
    password: document.getElementById('boot-password') as HTMLInputElement | null,
  };
}

function takeAttribute(name: string): string | null {
  const root = document.documentElement;
  const value = root.getAttribute(name);
  root.removeAttribute(name);
  return value;
}

export function takeStaticCardInput(card: StaticCard): StaticCardInput {
  const focus = takeAttribute('data-boot-focus');
  return {
    email: card.email?.value ?? '',
    password: card.password?.value ?? '',
    focused: focus === 'boot-email' ? 'email' : focus === 'boot-password' ? 'password' : null,
    submitted: takeAttribute('data-boot-submit') !== null,
  };
}

/** "Show More" was pressed on the static card. */
export function takeStaticShowMore(): boolean {
  return takeAttribute('data-boot-more') !== null;
}
