/** Certificates of completion (decision 094): the person's own PDF and the public check of a code. */
import fp from 'fastify-plugin';
import { createCertificates } from '../../certificates/service.js';

export interface CertificatesPluginOptions {
  siteUrl: string;
}

export const certificatesService = fp<CertificatesPluginOptions>(
  async (app, { siteUrl }) => {
    const { database, directory } = app;
    app.decorate('certificates', createCertificates({ db: database.db, directory, siteUrl }));
  },
  { name: 'certificates', dependencies: ['database', 'directory'] },
);
