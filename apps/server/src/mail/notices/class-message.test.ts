/** The message to a class rendered: the staff's text as plain text in both parts, and why it came. */
import { centre } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { classMessage, paragraphsOf } from './class-message.js';

const base = {
  centre,
  to: 'ana@example.org',
  subject: 'Sala nova',
  className: 'Turma 2027/1',
  courseTitle: 'Passe',
  waiting: false,
};

describe('the message to a class', () => {
  it('keeps paragraphs and line breaks, whatever the line endings and blank lines', () => {
    expect(paragraphsOf('\r\n  \r\nOlá,\r\nturma!\r\n \t\r\n\r\nAté amanhã.  \n\n\n')).toEqual([
      ['Olá,', 'turma!'],
      ['Até amanhã.'],
    ]);
  });

  it('escapes markup in the HTML part and keeps it as written in the text part', () => {
    const m = classMessage({ ...base, text: 'Tragam <b>o livro</b>\n<script>x</script>' });
    expect(m.kind).toBe('class-message');
    expect(m.subject).toBe('Sala nova');
    expect(m.html).toContain('Tragam &lt;b&gt;o livro&lt;/b&gt;<br/>&lt;script&gt;');
    expect(m.html).not.toContain('<script>');
    expect(m.text).toMatch(/^Tragam <b>o livro<\/b>\n<script>x<\/script>\n\n--\n/);
    expect(m.attachments).toEqual([]);
  });

  it('says why the person receives it: their place, or their place in the line', () => {
    const enrolled = classMessage({ ...base, text: 'Oi' });
    const reason =
      'Você recebe esta mensagem por estar inscrito(a) na turma Turma 2027/1 de Passe.';
    expect(enrolled.text).toContain(reason);
    expect(enrolled.html).toContain(reason);
    expect(enrolled.text).toContain(centre.email);
    expect(classMessage({ ...base, text: 'Oi', waiting: true }).text).toContain(
      'por estar na lista de espera da turma Turma 2027/1 de Passe.',
    );
  });
});
