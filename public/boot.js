// Runs before the first paint (a blocking script in index.html's head, so keep it tiny).
// 1. Chooses which static frame index.html paints until the app's scripts have arrived:
//    someone signed out opening / or /login sees the sign-in card at once; everyone else
//    sees the loading frame.
// 2. Remembers what happened on the static card before the app took over (the field with
//    the focus; "Sign in", Enter in a field, "Show More") as data-boot-* attributes on
//    <html> that the app's form reads (src/modules/auth/client/static-card.ts).
// 3. Signed in, loads the script that asks for every file the page will need (see below).
// Not bundled: a classic script from public/, precached by the service worker.
(function () {
  var root = document.documentElement;
  var signedIn = false;
  try {
    signedIn = window.localStorage.getItem('loggedIn') === '1';
  } catch {
    signedIn = false;
  }
  var path = window.location.pathname;
  // Signed in: every file this page will need is asked for at once, while the frame paints
  // (the script the build names here; scripts/signed-in-preload.ts).
  var preload = document.querySelector('meta[name="stafflane-signed-in-preload"]');
  if (signedIn && preload) {
    var script = document.createElement('script');
    script.async = true;
    script.src = preload.getAttribute('content');
    document.head.appendChild(script);
  }
  if (!signedIn && (path === '/login' || path === '/')) {
    root.className += ' boot-login-page';
    // The static card already says "Login to your Account": so does the tab, from the start.
    document.title = 'Login | Stafflane';
  }

  function submit() {
    root.setAttribute('data-boot-submit', '1');
    var button = document.querySelector('.bl-submit');
    if (button) button.textContent = 'Signing in';
  }
  document.addEventListener('click', function (event) {
    var action = event.target && event.target.closest ? event.target.closest('[data-boot-action]') : null;
    if (!action) return;
    if (action.getAttribute('data-boot-action') === 'submit') submit();
    else root.setAttribute('data-boot-more', '1');
  });
  document.addEventListener('focusin', function (event) {
    var target = event.target;
    if (target && target.classList && target.classList.contains('bl-input')) root.setAttribute('data-boot-focus', target.id);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && event.target && event.target.classList && event.target.classList.contains('bl-input')) submit();
  });
})();
