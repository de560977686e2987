/**
 * The sound of an outcome at the door (decision 097), for a volunteer looking at the person rather
 * than the screen: one high beep 'presente', two middle ones 'já marcado', one long low tone for a
 * code of another class or of nobody; and a buzz where the phone vibrates. Web Audio, no file to
 * load; silent where the browser has none.
 */
import type { DoorOutcome } from './door-search';

/** [frequency in Hz, seconds] of each tone, played one after the other. */
const TONES: Record<DoorOutcome, readonly (readonly [number, number])[]> = {
  presente: [[1320, 0.15]],
  'já marcado': [
    [880, 0.1],
    [880, 0.1],
  ],
  'outra turma': [[220, 0.45]],
  'não encontrado': [[220, 0.45]],
};

const VIBRATION: Record<DoorOutcome, number[]> = {
  presente: [80],
  'já marcado': [60, 60, 60],
  'outra turma': [300],
  'não encontrado': [300],
};

let audio: AudioContext | null = null;

export function signal(outcome: DoorOutcome): void {
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const [frequency, seconds] of TONES[outcome]) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.2, at);
      volume.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + seconds);
      at += seconds + 0.06;
    }
  } catch {
    // No Web Audio: the colour and the words say it.
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION[outcome]);
}
