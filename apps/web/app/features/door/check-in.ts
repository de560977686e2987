/**
 * What a QR code read at the door means (decision 097), pure: the server's answer when it gave one,
 * else (no connection) the class's sheet on the device, which holds each person's token. The four
 * outcomes each have their colour, sound and words.
 */
import type { StaffCheckInResponse } from '@centro/contracts';
import { doorTexts, type DoorOutcome } from './door-search';

export interface CheckInPerson {
  personId: string;
  name: string;
  /** The stored mark, as the sheet was loaded. */
  present: boolean | null;
  checkInToken: string;
}

export type CheckInResult =
  | { outcome: 'presente' | 'já marcado'; personId: string; text: string }
  | { outcome: 'outra turma' | 'não encontrado'; text: string };

export const checkInTexts = {
  scan: 'Ler QR code',
  close: 'Fechar câmera',
  pointAt: 'Aponte a câmera para o QR code da inscrição.',
  noCamera:
    'Não foi possível abrir a câmera. Permita o uso da câmera no navegador ou use a busca pelo nome.',
  notOurs: 'Não encontrado: este QR code não é de uma inscrição do centro.',
  nobody: 'Não encontrado: nenhuma inscrição tem este QR code.',
  offlineNotHere:
    'Não encontrado nesta turma. Sem conexão, as outras turmas não puderam ser consultadas.',
  otherClass: (course: string, turma: string) =>
    `Outra turma: esta inscrição é de ${course}${turma ? `, ${turma}` : ''}.`,
};

/**
 * The outcome of a code: `token` null (not a check-in code), `answer` null (no connection).
 * `alreadyPresent` says whether the person counts as present on this device (its queue included).
 */
export function checkInResult(
  token: string | null,
  answer: StaffCheckInResponse | null,
  people: readonly CheckInPerson[],
  alreadyPresent: (personId: string, stored: boolean | null) => boolean,
): CheckInResult {
  if (token === null) return { outcome: 'não encontrado', text: checkInTexts.notOurs };
  const found = (personId: string, name: string, stored: boolean | null): CheckInResult => {
    const label = name || 'Participante sem nome';
    return alreadyPresent(personId, stored)
      ? { outcome: 'já marcado', personId, text: doorTexts.already(label) }
      : { outcome: 'presente', personId, text: doorTexts.present(label) };
  };
  if (answer === null) {
    const here = people.find((p) => p.checkInToken === token);
    return here
      ? found(here.personId, here.name, here.present)
      : { outcome: 'não encontrado', text: checkInTexts.offlineNotHere };
  }
  if (answer.result === 'thisClass') {
    const here = people.find((p) => p.personId === answer.personId);
    return found(answer.personId, here?.name || answer.name, answer.present);
  }
  if (answer.result === 'otherClass') {
    return { outcome: 'outra turma', text: checkInTexts.otherClass(answer.course, answer.turma) };
  }
  return { outcome: 'não encontrado', text: checkInTexts.nobody };
}

/** The modifier of the outcome's colour (staff.css). */
export const outcomeClass: Record<DoorOutcome, string> = {
  presente: 'present',
  'já marcado': 'already',
  'outra turma': 'other',
  'não encontrado': 'none',
};
