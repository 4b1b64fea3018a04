/* global document, localStorage, setTimeout */
// Before the page is first drawn: a classic script in the head, which the parser runs before it
// goes on. A page whose remembered language (prefs.js LANG_KEY, `dambord.lang`) is not the one
// the server wrote it in is hidden until words.js has written its words again in that language
// (words.js shows it then, or after three seconds should it never run), so that the server's
// words are not seen first.
try {
  const root = document.documentElement;
  const chosen = localStorage.getItem('dambord.lang');
  if (chosen && chosen !== root.lang) {
    root.style.visibility = 'hidden';
    setTimeout(() => (root.style.visibility = ''), 3000);
  }
} catch {
  // No storage (private browsing, storage off): the server's language, shown at once.
}
