/**
 * Short German lines of encouragement (A2–B1) for the home page; one is picked at random per
 * visit. German only: they are part of the reading practice, not of the interface.
 */
export const MOTIVATION_LINES: readonly string[] = [
  'Heute ist ein guter Tag für eine neue Geschichte.',
  'Lies jeden Tag ein bisschen – das macht den Unterschied.',
  'Fehler gehören zum Lernen dazu.',
  'Mit jedem Wort wird dein Deutsch stärker.',
  'Du musst nicht alles verstehen, um weiterzulesen.',
  'Auch kleine Schritte bringen dich ans Ziel.',
  'Lesen ist das beste Training für dein Deutsch.',
  'Neue Wörter warten schon auf dich.',
  'Schon zehn Minuten Lesen sind ein echter Gewinn.',
  'Bleib neugierig – jede Geschichte zeigt dir etwas Neues.',
  'Du verstehst heute mehr als gestern.',
  'Eine Geschichte am Tag, und du kommst weit.',
  'Alle guten Leser haben einmal klein angefangen.',
  'Deutsch lernen ist eine Reise, keine Prüfung.',
  'Lies laut mit – so lernt auch dein Ohr.',
  'Jedes neue Wort ist eine kleine Entdeckung.',
  'Geduld und Neugier sind deine besten Freunde.',
  'Was du heute liest, kannst du morgen sagen.',
  'Der, die oder das? Mit jeder Seite wird es leichter.',
  'Eine gute Geschichte macht das Lernen leicht.',
  'Du schaffst das – Satz für Satz.',
  'Wer viel liest, spricht bald sicherer.',
  'Mach ruhig eine Pause, aber gib nicht auf.',
  'Jede gelesene Seite zählt.',
  'Vertrau dir: Dein Deutsch wächst jeden Tag.',
  'Bücher öffnen Türen zu neuen Welten.',
  'Nimm dir Zeit – Verstehen braucht keine Eile.',
  'Wiederholen ist kein Rückschritt, sondern Fortschritt.',
];
