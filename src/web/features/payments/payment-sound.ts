// Short tones for live payment notices (800 Hz success, 400 Hz failure, 0.2 s, gain 0.1).
export const SUCCESS_TONE_HZ = 800;
export const FAILURE_TONE_HZ = 400;
const TONE_SECONDS = 0.2;
const TONE_GAIN = 0.1;

let audio: AudioContext | null = null;

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
}

/**
 * Browsers keep audio suspended until the page had a user gesture; switching sound on is one, so the
 * toggle calls this to unlock playback for later notices.
 */
export function unlockAudio(): void {
  const Ctor = audioContextClass();
  if (!Ctor) return;
  audio ??= new Ctor();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
}

function playTone(frequencyHz: number): void {
  unlockAudio();
  if (!audio) return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequencyHz;
  gain.gain.value = TONE_GAIN;
  oscillator.connect(gain);
  gain.connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + TONE_SECONDS);
}

const PLAYED_KEY = 'payment-sound-played';

/**
 * Every open tab receives the same live event; the first tab to claim it plays the tone, so a
 * customer with three tabs hears one tone, not a chord.
 */
export function playToneOnce(eventKey: string, frequencyHz: number): void {
  try {
    if (localStorage.getItem(PLAYED_KEY) === eventKey) return;
    localStorage.setItem(PLAYED_KEY, eventKey);
  } catch {
    // Storage blocked: play in this tab regardless.
  }
  playTone(frequencyHz);
}
