/**
 * The catalogue's lines about a class's people (catalogue.ts puts them in its order): moving a
 * participant to another class (decision 090) and the desk's people without an account (decision
 * 095).
 */
import { ErrorCode as C } from '@centro/contracts';
import { refusal } from './wording.js';

export const CLASS_PEOPLE_REFUSALS = {
  /** 'Mover para outra turma' into a class without a free place (decision 090). */
  moveTargetFull: refusal(
    [409],
    C.CourseFull,
    'A turma escolhida está lotada: não há vaga para mover esta pessoa. Ninguém foi movido.',
  ),
  /** 'Mover para outra turma' into a running or concluded class (decision 090). */
  moveTargetClosed: refusal(
    [409],
    C.Conflict,
    'Só é possível mover para uma turma aberta ou planejada deste curso.',
  ),
  /** 'Mover para outra turma' into the class the person is in. */
  moveSameClass: refusal([409], C.Conflict, 'Esta pessoa já está nesta turma.'),
  /** 'Inscrever no balcão' for an account the directory does not have (decision 095). */
  deskPersonNotFound: refusal(
    [404],
    C.UserNotFound,
    'Não encontramos esta pessoa. Busque de novo pelo e-mail ou celular.',
  ),
  /** A claim code no person enrolled at the desk holds, or holds no longer (decision 095). */
  claimCodeUnknown: refusal(
    [404],
    C.NotFound,
    'Código não encontrado ou já usado. Confira as letras e os números no papel da secretaria.',
  ),
  /** 'Gerar novo código' for someone not enrolled in this class at the desk (decision 095). */
  claimCodeNoDeskPerson: refusal(
    [404],
    C.NotFound,
    'Esta pessoa não foi inscrita no balcão nesta turma: não há código para gerar.',
  ),
  /** 'Gerar novo código' after the person claimed the enrolment with their account. */
  claimCodeClaimed: refusal(
    [409],
    C.Conflict,
    'Esta pessoa já assumiu a inscrição com a conta dela no site: não é preciso um novo código. Ela vê a inscrição em “Minhas inscrições”.',
  ),
} as const;
