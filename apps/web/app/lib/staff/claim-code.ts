/**
 * The claim code as staff hand it over (decision 095): after 'Inscrever no balcão', a walk-in at
 * the door and 'Gerar novo código', the same words.
 */
import { showClaimCode } from '@centro/contracts/desk';

/** The claim code to give the person, with what it is for. */
export function claimCodeText(code: string): string {
  return `Entregue este código à pessoa, por escrito: ${showClaimCode(code)}. Ao criar a conta no site, ela o digita em “Minhas inscrições” para encontrar a inscrição.`;
}
