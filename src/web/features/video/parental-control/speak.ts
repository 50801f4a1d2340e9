/**
 * Says a short phrase in Russian where the browser can (speechSynthesis with a ru voice, or the default
 * voice told the language). Silent elsewhere; returns a cleanup that stops the speech.
 */
export function speakToChild(text: string): () => void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return () => undefined;
  const synth = window.speechSynthesis;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'ru-RU';
  utterance.rate = 0.9;
  const voice = synth.getVoices().find((v) => v.lang.toLowerCase().startsWith('ru'));
  if (voice) utterance.voice = voice;
  try {
    synth.speak(utterance);
  } catch {
    // Speech is a help, never a requirement.
  }
  return () => synth.cancel();
}
