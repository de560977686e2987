/**
 * The desk's claims (decision 095): a person enrolled at the desk without an account finds the
 * enrolment theirs once signed in, by a proven e-mail or the code the desk gave them.
 */
import fp from 'fastify-plugin';
import { createDeskClaims } from '../../desk/claims.js';
import { createDeskStore } from '../../desk/desk-store.js';

export const deskService = fp(
  async (app) => {
    const { database, directory } = app;
    app.decorate(
      'deskClaims',
      createDeskClaims({
        db: database.db,
        desk: createDeskStore(database),
        directory,
        log: app.log,
      }),
    );
  },
  { name: 'desk', dependencies: ['database', 'directory'] },
);
