// Reading a German word aloud with the browser's speech synthesis, where the story's audio
// cannot give it (the audio files have sentence timings, not word timings).

/** Whether this browser can read text aloud. */
export function speechAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** Reads a German word aloud with the browser's speech synthesis (a German voice if any). */
export function speakGerman(text: string): void {
  if (!speechAvailable()) return;
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'de-DE';
  utterance.rate = 0.9;
  const voice = synth
    .getVoices()
    .find((candidate) => candidate.lang.replace('_', '-').toLowerCase().startsWith('de'));
  if (voice) utterance.voice = voice;
  synth.speak(utterance);
}
