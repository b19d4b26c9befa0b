import type { SpeechLike } from './audio-controller';

// The browser's speech synthesis behind the controller's small interface: the fallback when a
// story has no audio file (spec 2 §4; cloud text-to-speech is not used in the browser).

/** The device's speech synthesis, or null when the browser has none. */
export function browserSpeech(): SpeechLike | null {
  const synthesis = globalThis.speechSynthesis;
  const Utterance = globalThis.SpeechSynthesisUtterance;
  if (!synthesis || !Utterance) return null;
  return {
    speak(text, { lang, rate }, events) {
      synthesis.cancel();
      const utterance = new Utterance(text);
      utterance.lang = lang;
      utterance.rate = rate;
      const voice = synthesis.getVoices().find((candidate) => candidate.lang === lang);
      if (voice) utterance.voice = voice;
      utterance.onstart = () => events.onStart();
      utterance.onend = () => events.onEnd();
      utterance.onerror = (event) => events.onError(event.error);
      synthesis.speak(utterance);
    },
    pause: () => synthesis.pause(),
    resume: () => synthesis.resume(),
    cancel: () => synthesis.cancel(),
  };
}
