/**
 * The new-password field's hint: the rule the server applies (form-validation.ts),
 * stated before typing, and a note checked as the person types (its length, the part a browser can
 * judge; an easy guess is still refused by the server, with its reason). The note is a small inline
 * script, allowed by its hash (page-csp.ts); without JavaScript the hint alone says the rule.
 */
import type { ReactNode } from 'react';

export const PASSWORD_RULE =
  'Pelo menos 8 caracteres e difícil de adivinhar: evite sequências (como 12345678), datas, letras repetidas e o seu nome ou e-mail. Uma frase com algumas palavras é uma boa escolha.';

/** What the note under the password says for a length (in characters, as the server counts them). */
export function passwordLengthNote(length: number, min: number, max: number): string {
  if (length === 0) return '';
  if (length < min) {
    const left = min - length;
    return left === 1 ? 'Falta 1 caractere.' : `Faltam ${left} caracteres.`;
  }
  return length > max ? `Passou de ${max} caracteres.` : 'Tamanho suficiente.';
}

const NOTE_ID = 'senha-nota';

/** The hint's content: the rule, then the note (empty until the person types). */
export function passwordHint(): ReactNode {
  return (
    <>
      {PASSWORD_RULE} <span id={NOTE_ID} aria-live="polite"></span>
    </>
  );
}

/** The page's inline script: updates the note on each input of the field `senha`. */
export function passwordNoteScript(min: number, max: number): string {
  return `(function(){var note=${passwordLengthNote.toString()};var input=document.getElementById('senha'),out=document.getElementById('${NOTE_ID}');if(!input||!out)return;input.addEventListener('input',function(){out.textContent=note(Array.from(input.value.normalize('NFC')).length,${min},${max});});})();`;
}
