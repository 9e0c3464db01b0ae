// Applies the stored colour scheme before first paint, so dark mode does not flash. A file of
// its own rather than an inline script: the Content-Security-Policy allows scripts from this
// origin only (server/src/http/security-headers.ts).
try {
  var stored = localStorage.getItem('theme');
  var dark = stored === 'dark' || ((stored === 'system' || !stored) && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch (e) {}
