// The words of the sign-in page. index.html paints the same card and first paragraph before
// any script runs (so the page shows at once on a slow connection); login-copy.test.ts keeps
// the two in step.

export const loginCopy = {
  heading: 'Login to your Account',
  intro: 'Sign in with the e-mail address your employer registered for you.',
  forgotPassword: 'Forgotten your password?',
  about:
    'Stafflane brings HR and health and safety together for small and medium businesses in the UK. Employees, managers and owners each see what they need, on a phone or a computer, even with a poor signal.',
  more: [
    'For employees: request leave and report an absence in a few taps, check your rota and holiday balance, upload receipts for your expenses straight from your phone, and read and e-sign the documents your employer sends you.',
    'For managers: approve absence requests, expenses and overtime from one list, see who is in today, and let automatic task reminders chase the HR and health-and-safety jobs that fall due, so nothing slips.',
    'For owners: keep employee records, contracts and policies in one place, track health-and-safety incidents from the first report to the last follow-up, and send payroll data to whoever runs your payroll without typing it out again.',
    'Stafflane installs on the home screen of a phone and opens without a connection. Each person sees only what their role allows, and your data stays in your company account.',
  ],
  showMore: 'Show More',
  showLess: 'Show Less',
} as const;
