// Runs before the first paint (a blocking script in index.html's head, so keep it tiny).
// 1. Chooses which static frame index.html paints until the app's scripts have arrived:
//    someone signed out opening / or /login sees the sign-in card at once; everyone else
//    sees the loading frame.
// 2. Remembers what happened on the static card before the app took over (the field with
//    the focus; "Sign in", Enter in a field, "Show More") as data-boot-* attributes on
//    <html> that the app's form reads (src/modules/auth/client/static-card.ts).
// 3. Signed in, loads the script that asks for every file the page will need (see below), and
//    after the first paint loads the locale's date data the app's first render needs.
// 4. Signed in as a company's user opening / or a screen the build lists, paints the signed-in
//    frame and the page's heading (the dashboard's greeting) in place of the loading frame, as
//    the app then draws them (the page's largest paint, often).
// Not bundled: a classic script from public/, precached by the service worker.
(function () {
  var root = document.documentElement;
  var signedIn = readStored('loggedIn') === '1';
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
  // The first date a page formats loads the locale's data for the whole page (20-40 ms here, four
  // times that on a mid-range phone): done after the first paint, while the scripts download,
  // rather than inside the app's start (src/shared/dates.ts makes its formats as it loads).
  if (signedIn) {
    window.requestAnimationFrame(function () {
      window.setTimeout(function () {
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(0);
        } catch {
          // No Intl time zones: the app's own formats say so when they are made.
        }
      }, 0);
    });
  }
  var screen = signedIn ? screenFor(path) : null;
  if (screen) {
    root.className += ' boot-screen-page';
    if (readStored('menu-open') === '0') root.className += ' boot-menu-closed';
    // The heading and the line under it are filled as the parser adds them, before the first paint.
    new MutationObserver(function (records, observer) {
      var lede = document.getElementById('boot-lede');
      if (!lede) return;
      document.getElementById('boot-heading').textContent = screen.heading;
      lede.textContent = screen.lede || '';
      observer.disconnect();
    }).observe(root, { childList: true, subtree: true });
  }
  if (!signedIn && (path === '/login' || path === '/')) {
    root.className += ' boot-login-page';
    // The static card already says "Login to your Account": so does the tab, from the start.
    document.title = 'Login | Stafflane';
  }

  function readStored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  // What the screen at `path` shows first, or null when the app will draw something else there:
  // the dashboard's greeting (src/client/shell/greeting.ts) for the token's first name at /, a
  // listed screen's heading (the build's `boot-screens`, src/client/shell/static-screen.ts)
  // elsewhere. Null for no readable token, an administrator (/admin), someone still onboarding
  // (/welcome), a docs-only session (its documents), a role that grants nothing, or a screen
  // whose guard the stored permissions do not pass.
  function screenFor(path) {
    try {
      if (readStored('docs-only') === '1' || readStored('loginRoleDowngrade') === '1') return null;
      var payload = (readStored('auth-token') || '').split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      var bytes = Uint8Array.from(window.atob(payload), function (char) {
        return char.charCodeAt(0);
      });
      var claims = JSON.parse(new TextDecoder().decode(bytes));
      if (!claims.company_id || claims.status === 'pending' || claims.status === 'invited') return null;
      if (path === '/') {
        var hour = new Date().getHours();
        var part = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
        return { heading: claims.first_name ? part + ', ' + claims.first_name : part };
      }
      var screens = JSON.parse(document.getElementById('boot-screens').textContent);
      var key = path.replace(/\/+$/, '');
      var screen = Object.prototype.hasOwnProperty.call(screens, key) ? screens[key] : null;
      if (!screen || (screen.needs && !holds(screen.needs))) return null;
      return screen;
    } catch {
      return null;
    }
  }

  // Whether the stored permissions hold the endpoint and method at any scope (src/client/ui/permission-guard.tsx's can()).
  function holds(needs) {
    return JSON.parse(readStored('permissions') || '[]').some(function (entry) {
      return entry.endpoint === needs.endpoint && entry.method === needs.method;
    });
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
