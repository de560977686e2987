/** The confirmation of a deleted account: what it says, and what it leaves out. */
import { centre } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { accountDeleted } from './account-deleted.js';

describe("the 'Sua conta foi excluída' message", () => {
  it('confirms the deletion in both parts, says whom to write to, and links nowhere', () => {
    const message = accountDeleted({ centre, to: 'bruno@example.org', accountDeleted: true });
    expect(message).toMatchObject({
      kind: 'account-deleted',
      to: 'bruno@example.org',
      subject: 'Sua conta foi excluída',
      attachments: [],
    });
    for (const part of [message.text, message.html]) {
      expect(part).toContain('Confirmamos a exclusão da sua conta e de todos os seus dados');
      expect(part).toContain(`Se não foi você, escreva para ${centre.email}.`);
    }
    expect(message.html).not.toMatch(/<a [^>]*href="https?:/);
  });

  it('with Microsoft Entra ID, says the sign-in account stays and whom to ask', () => {
    const message = accountDeleted({ centre, to: 'bruno@example.org', accountDeleted: false });
    expect(message.text).toContain('Confirmamos a exclusão dos seus dados');
    expect(message.text).toContain('continua no diretório do centro (Microsoft Entra ID)');
  });
});
