// The night theme before the first paint (issue #30, src/lib/color-mode.ts has the rule; keep the keys in step):
// 'dark' stored, or 'auto' (nothing stored) while the night roster the app last saw on now has not ended.
(() => {
  try {
    const s = localStorage.getItem('lebuhraya.theme');
    const until = Number(localStorage.getItem('lebuhraya.theme.nightUntil'));
    const dark = s === 'dark' || (s !== 'light' && until > Date.now());
    const root = document.documentElement;
    root.classList.add(dark ? 'dark' : 'light');
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // no localStorage: light
  }
})();
